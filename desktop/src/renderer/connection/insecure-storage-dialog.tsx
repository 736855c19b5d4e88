import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { DesktopUiMessages as M } from '@folio/shared';

/** Asked once when the OS has no real keychain: storing the token there is the owner's call. */
export function InsecureStorageDialog({
  open,
  busy,
  onAnswer,
}: {
  open: boolean;
  busy: boolean;
  onAnswer: (allow: boolean) => void;
}) {
  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{M.insecureStorageTitle}</DialogTitle>
          <DialogContent>{M.insecureStorageBody}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={() => onAnswer(false)}>
              {M.insecureStorageDecline}
            </Button>
            <Button appearance="primary" disabled={busy} onClick={() => onAnswer(true)}>
              {M.insecureStorageConfirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
