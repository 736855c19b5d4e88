import { AdminUiMessages as T } from '@folio/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';

export interface ArticleConflictDialogProps {
  open: boolean;
  /** Replace the editor's text with the server's current copy (discarding the local edits). */
  onReload: () => void;
  /** Close the question and keep the local text; the next save is refused again until reloaded. */
  onKeepEditing: () => void;
}

/**
 * Shown when a save is refused with 412 because the article changed in another tab or device
 * since it was opened: the owner decides, nothing is overwritten on either side.
 */
export function ArticleConflictDialog({ open, onReload, onKeepEditing }: ArticleConflictDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={T.articleConflictTitle}
      confirmLabel={T.articleConflictReload}
      cancelLabel={T.articleConflictKeepEditing}
      onConfirm={onReload}
      onCancel={onKeepEditing}
    >
      {T.articleConflictText}
    </ConfirmDialog>
  );
}
