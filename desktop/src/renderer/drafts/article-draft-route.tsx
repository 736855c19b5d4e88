import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M, UiMessages } from '@folio/shared';
import { usePageStyles } from '../web-admin';
import { draftForArticle } from './open-article-draft';

/**
 * /admin/articles/:articleId/edit in the desktop: the admin's article editor is the desktop's
 * draft editor, on the local-first draft of that article, so every keystroke is on the machine
 * within a second, online or offline, like any other draft.
 */
export default function ArticleDraftRoute() {
  const { articleId = '' } = useParams();
  const navigate = useNavigate();
  const page = usePageStyles();
  const [problem, setProblem] = useState('');
  const id = Number(articleId);
  const valid = Number.isSafeInteger(id) && id > 0;

  useEffect(() => {
    if (!valid) return undefined;
    let left = false;
    draftForArticle(id).then(
      (draftId) => !left && navigate(`/drafts/${draftId}`, { replace: true }),
      (failure: unknown) => !left && setProblem(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      left = true;
    };
  }, [id, valid, navigate]);

  if (!valid) return <Navigate to="/admin/articles" replace />;
  if (!problem) return <Spinner label={UiMessages.loading} style={{ marginTop: '20vh' }} />;
  return (
    <div className={`${page.card} ${page.stack}`}>
      <MessageBar intent="error">
        <MessageBarBody>{problem}</MessageBarBody>
      </MessageBar>
      <div>
        <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/drafts')}>
          {M.backToDrafts}
        </Button>
      </div>
    </div>
  );
}
