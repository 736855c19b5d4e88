import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
} from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { AdminUiMessages, emptyArticleFields, pickArticleFields, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useAdminServices } from '../../hooks/admin-services';
import { getArticle } from '../api/articles.api';
import { drawMissingDiagrams } from '../model/draw-diagrams';
import { useArticleSave } from '../hooks/use-article-save';
import { ArticleConflictDialog } from './article-conflict-dialog';
import { ArticleForm } from './article-form';

const useStyles = makeStyles({
  surface: { width: 'min(1100px, 96vw)', maxWidth: 'min(1100px, 96vw)' },
  content: { overflowY: 'auto' },
  notice: { marginBottom: '12px' },
});

export interface ArticleEditorDialogProps {
  /** null: closed; 'new': create mode; a number: edit that article. */
  target: number | 'new' | null;
  onClose: (saved: boolean) => void;
}

/** The create/edit dialog of the articles screen (docs/spec.md §2.5): 取消 and 保存. */
export function ArticleEditorDialog({ target, onClose }: ArticleEditorDialogProps) {
  const styles = useStyles();
  const { api, notify, basePath } = useAdminServices();
  const navigate = useNavigate();
  /** The article has unsaved work from the full-page editor, which a save here would replace. */
  const [hasAutosave, setHasAutosave] = useState(false);
  const [fields, setFields] = useState<ArticleFields>(emptyArticleFields);
  /** The revision the form was loaded at, sent back as If-Match. */
  const [revision, setRevision] = useState<number | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const { save, saving, attempted, reset, conflict, clearConflict } = useArticleSave();
  const id = typeof target === 'number' ? target : null;

  useEffect(() => {
    reset();
    clearConflict();
    setFields(emptyArticleFields());
    setRevision(undefined);
    setHasAutosave(false);
    if (id === null) return;
    let cancelled = false;
    setLoading(true);
    getArticle(api, id)
      .then((response) => {
        if (cancelled) return;
        setFields(pickArticleFields(response.data));
        setRevision(response.data.revision);
        setHasAutosave(Boolean(response.data.autosave));
        void drawMissingDiagrams(api, response.data);
      })
      .catch((error: unknown) => {
        notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles);
        if (!cancelled) onClose(false);
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
    // Loads once per opened article; the other values are stable services.
  }, [id, target]);

  const submit = async () => {
    if ((await save(id, fields, revision)) !== null) onClose(true);
  };

  const reloadServerCopy = () => {
    if (conflict) {
      setFields(pickArticleFields(conflict));
      setRevision(conflict.revision);
    }
    clearConflict();
  };

  return (
    <>
      <LoadingOverlay visible={loading} />
      <Dialog open={target !== null && !loading} onOpenChange={(_, data) => !data.open && onClose(false)}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>{id === null ? AdminUiMessages.newArticle : AdminUiMessages.editArticle}</DialogTitle>
            <DialogContent className={styles.content}>
              {hasAutosave && id !== null && (
                <MessageBar intent="warning" className={styles.notice}>
                  <MessageBarBody>{AdminUiMessages.dialogHasAutosave}</MessageBarBody>
                  <MessageBarActions>
                    <Link onClick={() => navigate(`${basePath}/articles/${id}/edit`)}>{AdminUiMessages.openInEditor}</Link>
                  </MessageBarActions>
                </MessageBar>
              )}
              <ArticleForm
                value={fields}
                onChange={(patch) => setFields((current) => ({ ...current, ...patch }))}
                showRequired={attempted}
                editorHeight="360px"
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => onClose(false)} disabled={saving}>
                {UiMessages.cancel}
              </Button>
              <Button appearance="primary" onClick={() => void submit()} disabled={saving}>
                {saving ? AdminUiMessages.saving : AdminUiMessages.save}
              </Button>
            </DialogActions>
          </DialogBody>
          {/* Nested inside the surface: Fluent would take a click on a sibling dialog as a click outside and close this one. */}
          <ArticleConflictDialog open={conflict !== null} onReload={reloadServerCopy} onKeepEditing={clearConflict} />
        </DialogSurface>
      </Dialog>
    </>
  );
}
