import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components';
import { AdminUiMessages as T } from '@folio/shared';
import { formatDateTime } from '../../../../lib/format';
import type { RecoveryDecision } from '../model/unsaved-work';

export interface RecoverDialogProps {
  offer: RecoveryDecision['offer'];
  onRecover: () => void;
  onDiscard: () => void;
}

/**
 * Reopening an article with work that was never saved as the article (in this browser, or in
 * the server's autosave) asks what to do with it. Escape and a click outside do nothing: only
 * an explicit 丢弃 throws work away.
 */
export function RecoverDialog({ offer, onRecover, onDiscard }: RecoverDialogProps) {
  const time = offer ? formatDateTime(offer.savedAt) : '';
  return (
    <Dialog open={offer !== null} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{T.recoverTitle}</DialogTitle>
          <DialogContent>
            <Text as="p" block>
              {offer?.source === 'server' ? T.recoverFromServer(time) : T.recoverFromBrowser(time)}
            </Text>
            {offer?.fields.title ? (
              <Text as="p" block weight="semibold">
                {offer.fields.title}
              </Text>
            ) : null}
            <Text as="p" block>
              {offer?.source === 'server' ? T.recoverHintServer : T.recoverHintBrowser}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button onClick={onDiscard}>{T.discard}</Button>
            <Button appearance="primary" onClick={onRecover}>
              {T.recover}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
