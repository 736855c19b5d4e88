import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import { UiMessages } from '@folio/shared';
import { useNotifyMessage } from '../app/desktop-notify';
import { draftForArticle } from './open-article-draft';

/**
 * /admin/articles/:articleId/edit in the desktop: the admin's article editor is the desktop's
 * draft editor, on the local-first draft of that article, so every keystroke is on the machine
 * within a second, online or offline, like any other draft. An article that cannot be opened
 * (offline and not in the mirror) says why and leaves for 草稿箱.
 */
export default function ArticleDraftRoute() {
  const { articleId = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotifyMessage();
  const id = Number(articleId);
  const valid = Number.isSafeInteger(id) && id > 0;

  useEffect(() => {
    if (!valid) return undefined;
    let left = false;
    draftForArticle(id).then(
      (draftId) => !left && navigate(`/drafts/${draftId}`, { replace: true }),
      (failure: unknown) => {
        if (left) return;
        notify(failure instanceof Error ? failure.message : String(failure), 'error');
        navigate('/drafts', { replace: true });
      },
    );
    return () => {
      left = true;
    };
  }, [id, valid, navigate, notify]);

  if (!valid) return <Navigate to="/admin/articles" replace />;
  return <Spinner label={UiMessages.loading} style={{ marginTop: '20vh' }} />;
}
