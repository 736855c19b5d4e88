import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  MessageBar,
  MessageBarBody,
  mergeClasses,
  OverlayDrawer,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { ArrowLeftRegular, DismissRegular } from '@fluentui/react-icons';
import { AdminUiMessages as M, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminArticleDetail, ArticleStatus } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useNotify } from '../../hooks/admin-services';
import { useArticleHistory } from '../hooks/use-article-history';
import { useHistoryStyles } from './article-history.styles';
import { RevisionComparison } from './revision-comparison';
import { RevisionList } from './revision-list';

export interface ArticleHistoryDrawerProps {
  open: boolean;
  onClose: () => void;
  articleId: number;
  /** The revision the editor shows; when it moves on (a save), the list is fetched again. */
  revision: number | undefined;
  onRestored: (article: AdminArticleDetail) => void;
  /** The article's status: a published or scheduled one is offered the editor before going live. */
  status?: ArticleStatus;
  /** A version was put in the editor's autosave: the editor shows it as unsaved work. */
  onRestoredIntoEditor?: (article: AdminArticleDetail) => void;
}

/**
 * 历史版本: the article's kept versions beside the comparison of the chosen one with the current
 * article, and 恢复此版本. On a narrow screen the list and the comparison take turns.
 */
export function ArticleHistoryDrawer({
  open,
  onClose,
  articleId,
  revision,
  onRestored,
  status,
  onRestoredIntoEditor,
}: ArticleHistoryDrawerProps) {
  const styles = useHistoryStyles();
  const notify = useNotify();
  const fullWidth = useMediaQuery('(max-width: 959px)');
  const oneAtATime = useMediaQuery('(max-width: 719px)');
  const history = useArticleHistory(articleId, revision, open);
  const [selected, setSelected] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const entry = history.entries?.find((candidate) => candidate.revision === selected);

  const select = (chosen: number) => {
    setSelected(chosen);
    history.loadVersion(chosen).catch((error: unknown) => {
      notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles);
      setSelected(null);
    });
  };

  const live = (status === 'published' || status === 'scheduled') && onRestoredIntoEditor !== undefined;

  const restore = async (into: 'article' | 'editor' = 'article') => {
    if (entry === undefined) return;
    setRestoring(true);
    try {
      if (into === 'editor' && onRestoredIntoEditor) {
        const article = await history.restoreIntoEditor(entry.revision);
        notify(M.restoredIntoEditorToast(entry.revision), 'success', SNACKBAR_MS.articles);
        setSelected(null);
        onRestoredIntoEditor(article);
        onClose();
        return;
      }
      const article = await history.restore(entry.revision);
      notify(M.restoredToast(entry.revision), 'success', SNACKBAR_MS.articles);
      setSelected(null);
      onRestored(article);
    } catch (error) {
      notify(M.restoreFailed(errorMessage(error, UiMessages.networkError)), 'error', SNACKBAR_MS.articles);
    } finally {
      setRestoring(false);
      setConfirming(false);
    }
  };

  const list = history.current && history.entries && (
    <RevisionList
      current={history.current}
      entries={history.entries}
      versions={history.versions}
      selected={selected}
      onSelect={select}
    />
  );
  const comparison =
    history.current && entry ? (
      <RevisionComparison
        entry={entry}
        fields={history.versions.get(entry.revision)}
        current={history.current}
        restoring={restoring}
        onRestore={() => setConfirming(true)}
      />
    ) : null;

  return (
    <OverlayDrawer
      open={open}
      position="end"
      size={fullWidth ? 'full' : 'large'}
      className={mergeClasses(styles.drawer, fullWidth && styles.drawerFull)}
      onOpenChange={(_, data) => !data.open && onClose()}
      aria-label={M.history}
      data-testid="article-history"
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label={M.close} icon={<DismissRegular />} onClick={onClose} />}
        >
          {M.history}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {history.loadError ? (
          <MessageBar intent="error">
            <MessageBarBody>{M.historyLoadFailed(history.loadError)}</MessageBarBody>
          </MessageBar>
        ) : list === null ? (
          <Spinner label={UiMessages.loading} />
        ) : oneAtATime ? (
          <div className={styles.single}>
            {comparison ? (
              <>
                <Button appearance="subtle" className={styles.back} icon={<ArrowLeftRegular />} onClick={() => setSelected(null)}>
                  {M.historyBack}
                </Button>
                {comparison}
              </>
            ) : (
              list
            )}
          </div>
        ) : (
          <div className={styles.panes}>
            {list}
            {comparison ?? (history.entries?.length ? <Text className={styles.muted}>{M.historyChoose}</Text> : null)}
          </div>
        )}
      </DrawerBody>
      <ConfirmDialog
        open={confirming && !live}
        title={entry ? M.restoreRevisionTitle(entry.revision) : M.restoreRevision}
        confirmLabel={M.restoreRevision}
        busy={restoring}
        onConfirm={() => void restore()}
        onCancel={() => setConfirming(false)}
      >
        {M.restoreRevisionBody}
      </ConfirmDialog>
      {/* Readers would see the version at once: the owner is told, and offered to check it first. */}
      <Dialog open={confirming && live} modalType="alert" onOpenChange={(_, data) => !data.open && setConfirming(false)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{entry ? M.restoreRevisionTitle(entry.revision) : M.restoreRevision}</DialogTitle>
            <DialogContent>{M.restoreLiveBody(status === 'scheduled')}</DialogContent>
            <DialogActions fluid className={styles.restoreActions}>
              <Button onClick={() => setConfirming(false)} disabled={restoring}>
                {UiMessages.cancel}
              </Button>
              <Button onClick={() => void restore('article')} disabled={restoring}>
                {M.restoreLiveNow}
              </Button>
              <Button appearance="primary" onClick={() => void restore('editor')} disabled={restoring}>
                {M.restoreIntoEditor}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </OverlayDrawer>
  );
}
