import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Text, tokens } from '@fluentui/react-components';
import { AdminCommentMessages as M } from '@folio/shared';
import type { AdminMailStatus } from '@folio/shared';
import { formatDateTime } from '../../../../lib/format';
import { mailNote } from '../model/mail-note';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
  reason: { display: 'block', color: tokens.colorNeutralForeground3, wordBreak: 'break-word' },
});

/**
 * What became of comment mail (server/API.md §E13), where the owner would expect it: a quiet note
 * when mail is not set up (and which settings turn it on), and each mail given up with its reason.
 */
export function MailStatusBar({ status }: { status: AdminMailStatus | null }) {
  const styles = useStyles();
  if (!status) return null;
  const note = mailNote(status);
  if (!note && status.failed.length === 0) return null;
  return (
    <div className={styles.stack} data-testid="mail-status">
      {note && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{note.title}</MessageBarTitle>
            {note.body}
          </MessageBarBody>
        </MessageBar>
      )}
      {status.failed.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{M.mailFailedTitle(status.failed.length)}</MessageBarTitle>
            <ul className={styles.list}>
              {status.failed.map((mail) => (
                <li key={mail.id}>
                  <Text>
                    <bdi>{M.mailFailedItem(mail.to, mail.subject)}</bdi>（{formatDateTime(mail.gave_up_at)}）
                  </Text>
                  <Text size={200} className={styles.reason}>
                    {M.mailFailedReason(mail.reason, mail.attempts)}
                  </Text>
                </li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
