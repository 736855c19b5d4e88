import { useState } from 'react';
import { Button, Field, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { AdminCommentMessages as M, ownerReplySchema, UiMessages } from '@folio/shared';
import { firstIssueMessage } from '../../../../lib/first-issue';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

export interface ReplyBoxProps {
  /** The nickname answered, for the box's label. */
  author: string;
  /** Resolves once the reply is stored; rejects with the message to show. */
  onSend: (content: string) => Promise<void>;
  onCancel: () => void;
}

/** The owner's inline answer under a comment: Ctrl+Enter (⌘+Enter) sends, as 发送 does. */
export function ReplyBox({ author, onSend, onCancel }: ReplyBoxProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (busy) return;
    const invalid = firstIssueMessage(ownerReplySchema.safeParse({ content: text }));
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSend(text.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UiMessages.networkError);
      setBusy(false);
    }
  };

  return (
    <div className={styles.root}>
      <Field label={M.replyLabel(author)} validationMessage={error ?? undefined}>
        <Textarea
          value={text}
          autoFocus
          resize="vertical"
          rows={3}
          placeholder={M.replyPlaceholder}
          disabled={busy}
          onChange={(_, data) => setText(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void send();
            } else if (event.key === 'Escape' && !busy) {
              onCancel();
            }
          }}
        />
      </Field>
      <div className={styles.actions}>
        <Button onClick={onCancel} disabled={busy}>
          {UiMessages.cancel}
        </Button>
        <Button appearance="primary" onClick={() => void send()} disabled={busy}>
          {busy ? M.sending : M.sendReply}
        </Button>
      </div>
    </div>
  );
}
