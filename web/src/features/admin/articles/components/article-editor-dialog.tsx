import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { AdminUiMessages as T, SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useAdminServices } from '../../hooks/admin-services';
import { deleteArticle } from '../api/articles.api';
import type { CarriedEditorState } from '../hooks/use-article-editor';
import { useArticleEditor } from '../hooks/use-article-editor';
import { useSaveKey } from '../hooks/use-save-key';
import { ArticleConflictDialog } from './article-conflict-dialog';
import { ArticleForm } from './article-form';
import { AdminSlugField } from './slug-field';
import { RecoverDialog } from './recover-dialog';
import { AdminPreviewLinksButton } from './preview-links-panel';
import { SaveStateText } from './save-state-text';

const useStyles = makeStyles({
  surface: { width: 'min(1100px, 96vw)', maxWidth: 'min(1100px, 96vw)' },
  content: { overflowY: 'auto' },
  // The save state sits in the title row, on one line of fixed height: nothing below moves.
  title: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  saveState: { fontWeight: tokens.fontWeightRegular },
  actions: { flexWrap: 'wrap' },
  grow: { marginRight: 'auto' },
});

export interface ArticleEditorDialogProps {
  /** null: closed; 'new': create mode; a number: edit that article. */
  target: number | 'new' | null;
  onClose: (saved: boolean) => void;
}

/**
 * The quick create/edit dialog of the articles screen (docs/spec.md §2.5): the spec's fields, 取消
 * and 保存, with the full-page editor's guarantees, through the same editor state: what is typed
 * autosaves as a server draft (or, for a published article, as its autosave), 取消 with unsaved
 * text asks first, and 在完整编辑器中打开 carries every character to the full page.
 */
export function ArticleEditorDialog({ target, onClose }: ArticleEditorDialogProps) {
  // Mounted only while open, so a closed dialog holds no editor (and offers no recovery).
  return target === null ? null : <QuickArticleDialog key={String(target)} target={target} onClose={onClose} />;
}

function QuickArticleDialog({ target, onClose }: { target: number | 'new'; onClose: (saved: boolean) => void }) {
  const styles = useStyles();
  const { api, notify, basePath } = useAdminServices();
  const navigate = useNavigate();
  const editor = useArticleEditor(target === 'new' ? null : target, { stayOnRoute: true });
  const { article } = editor;
  const [asking, setAsking] = useState(false);
  const [closing, setClosing] = useState(false);
  useSaveKey(() => void editor.saveNow(), !asking);

  const submit = async () => {
    if (await editor.actions.saveAsDialogDoes()) onClose(true);
  };

  const cancel = () => {
    // A draft this dialog created is asked about even when all of it is saved: 取消 may mean 'not this'.
    if (editor.dirty || editor.createdHere) setAsking(true);
    else onClose(article !== null);
  };

  const keep = async () => {
    setClosing(true);
    await editor.saveNow();
    onClose(true);
  };

  const discard = async () => {
    setClosing(true);
    await editor.dropUnsaved();
    if (editor.createdHere && article) {
      // Nothing of it existed before this dialog: the draft its autosave made goes to the bin.
      await deleteArticle(api, article.id).catch((error: unknown) =>
        notify(`${UiMessages.deleteFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', SNACKBAR_MS.articles),
      );
    }
    onClose(true);
  };

  const openFullEditor = async () => {
    setClosing(true);
    await editor.saveNow();
    const state: CarriedEditorState = { carryUnsaved: true };
    navigate(article ? `${basePath}/articles/${article.id}/edit` : `${basePath}/articles/new`, { state });
  };

  const askText =
    editor.createdHere || article === null ? T.closeAskNewDraft : article.status === 'draft' ? T.closeAskDraft : T.closeAskLive;
  const busy = editor.saving || closing;

  return (
    <>
      <LoadingOverlay visible={editor.loading} />
      <Dialog open={!editor.loading} onOpenChange={(_, data) => !data.open && cancel()}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>
              <span className={styles.title}>
                {target === 'new' ? T.quickNewArticleTitle : T.editArticle}
                <SaveStateText state={editor.saveState} className={styles.saveState} />
                <AdminPreviewLinksButton articleId={article?.id ?? null} status={article?.status} />
              </span>
            </DialogTitle>
            <DialogContent className={styles.content}>
              <ArticleForm value={editor.fields} onChange={editor.edit} showRequired={editor.attempted} editorHeight="360px" />
              <AdminSlugField articleId={article?.id ?? null} />
            </DialogContent>
            <DialogActions fluid className={styles.actions}>
              <Button className={styles.grow} icon={<OpenRegular />} onClick={() => void openFullEditor()} disabled={busy}>
                {T.openInFullEditor}
              </Button>
              <Button onClick={cancel} disabled={busy}>
                {UiMessages.cancel}
              </Button>
              <Button appearance="primary" onClick={() => void submit()} disabled={busy}>
                {editor.saving ? T.saving : T.save}
              </Button>
            </DialogActions>
          </DialogBody>
          {/* Nested inside the surface: Fluent would take a click on a sibling dialog as a click outside and close this one. */}
          <ArticleConflictDialog
            open={editor.conflict !== null}
            onReload={editor.reloadConflict}
            onKeepEditing={editor.keepEditingAfterConflict}
          />
          <RecoverDialog offer={editor.offer} onRecover={editor.recover} onDiscard={editor.discardUnsaved} />
          <Dialog open={asking} modalType="alert">
            <DialogSurface>
              <DialogBody>
                <DialogTitle>{T.closeAskTitle}</DialogTitle>
                <DialogContent>{askText}</DialogContent>
                <DialogActions>
                  <Button onClick={() => setAsking(false)} disabled={closing}>
                    {T.keepEditing}
                  </Button>
                  <Button onClick={() => void discard()} disabled={closing}>
                    {T.discard}
                  </Button>
                  <Button appearance="primary" onClick={() => void keep()} disabled={closing}>
                    {T.keepAsDraft}
                  </Button>
                </DialogActions>
              </DialogBody>
            </DialogSurface>
          </Dialog>
        </DialogSurface>
      </Dialog>
    </>
  );
}
