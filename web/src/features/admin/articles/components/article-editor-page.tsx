import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, SaveRegular } from '@fluentui/react-icons';
import { AdminUiMessages, emptyArticleFields, pickArticleFields, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useAdminServices } from '../../hooks/admin-services';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { useConfirmLeave, useUnsavedChanges } from '../../hooks/use-unsaved-changes';
import { getArticle } from '../api/articles.api';
import { drawMissingDiagrams } from '../model/draw-diagrams';
import { useArticleSave } from '../hooks/use-article-save';
import { ArticleConflictDialog } from './article-conflict-dialog';
import { ArticleForm } from './article-form';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flex: 1, margin: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  body: { maxWidth: '1280px', margin: '0 auto', padding: tokens.spacingHorizontalL, boxSizing: 'border-box' },
});

/** /admin/articles/new and /admin/articles/{id}/edit: the article form on a page of its own. */
export default function ArticleEditorPage() {
  const styles = useStyles();
  const { api, notify, basePath } = useAdminServices();
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const params = useParams();
  const narrow = useMediaQuery('(max-width: 599px)');
  const id = params.id ? Number(params.id) : null;
  const [saved, setSaved] = useState<ArticleFields>(emptyArticleFields);
  const [fields, setFields] = useState<ArticleFields>(emptyArticleFields);
  /** The revision `saved` is at, sent back as If-Match. */
  const [revision, setRevision] = useState<number | undefined>(undefined);
  const [loading, setLoading] = useState(id !== null);
  const { save, saving, attempted, conflict, clearConflict } = useArticleSave();
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(fields), [saved, fields]);
  useUnsavedChanges('article-editor', dirty);

  useEffect(() => {
    if (id === null) return undefined;
    if (!Number.isInteger(id) || id <= 0) {
      navigate(`${basePath}/articles`, { replace: true });
      return undefined;
    }
    let cancelled = false;
    getArticle(api, id)
      .then((response) => {
        if (cancelled) return;
        setSaved(pickArticleFields(response.data));
        setFields(pickArticleFields(response.data));
        setRevision(response.data.revision);
        void drawMissingDiagrams(api, response.data);
      })
      .catch((error: unknown) => {
        notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles);
        if (!cancelled) navigate(`${basePath}/articles`, { replace: true });
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, notify, navigate, basePath, id]);

  const submit = async () => {
    const article = await save(id, fields, revision);
    if (article === null) return;
    setSaved(fields);
    setRevision(article.revision);
    if (id === null) navigate(`${basePath}/articles/${article.id}/edit`, { replace: true });
  };

  const reloadServerCopy = () => {
    if (conflict) {
      setSaved(pickArticleFields(conflict));
      setFields(pickArticleFields(conflict));
      setRevision(conflict.revision);
    }
    clearConflict();
  };

  return (
    <div className={styles.root}>
      <header className={styles.bar}>
        <Button
          appearance="subtle"
          icon={<ArrowLeftRegular />}
          aria-label={AdminUiMessages.backToList}
          onClick={() => confirmLeave() && navigate(`${basePath}/articles`)}
        >
          {narrow ? null : AdminUiMessages.backToList}
        </Button>
        <Text as="h1" size={500} weight="semibold" className={styles.title}>
          {id === null ? AdminUiMessages.newArticle : AdminUiMessages.editArticle}
        </Text>
        <Button appearance="primary" icon={<SaveRegular />} onClick={() => void submit()} disabled={saving || loading}>
          {saving ? AdminUiMessages.saving : AdminUiMessages.save}
        </Button>
      </header>
      <main className={styles.body}>
        {!loading && (
          <ArticleForm
            value={fields}
            onChange={(patch) => setFields((current) => ({ ...current, ...patch }))}
            showRequired={attempted}
            editorHeight="60vh"
          />
        )}
      </main>
      <LoadingOverlay visible={loading} />
      <ArticleConflictDialog open={conflict !== null} onReload={reloadServerCopy} onKeepEditing={clearConflict} />
    </div>
  );
}
