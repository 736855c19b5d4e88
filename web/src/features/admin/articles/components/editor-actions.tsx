import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, CalendarClockRegular, SaveRegular, SendRegular } from '@fluentui/react-icons';
import { AdminUiMessages as T, SubscriberMessages } from '@folio/shared';
import type { ArticleStatus } from '@folio/shared';
import { ScheduleDialog } from './schedule-dialog';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // A phone: one row of equal buttons across the width, words only.
  compact: { display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', gap: tokens.spacingHorizontalS },
  compactButton: { minWidth: 0, paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
  compactColumn: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export interface EditorActionsProps {
  /** null for an article not saved yet. */
  status: ArticleStatus | null;
  publishAt: string | null;
  disabled: boolean;
  /** Narrow screens: equal buttons across the width, without icons. */
  compact?: boolean;
  onSaveDraft: () => Promise<boolean>;
  onPublish: () => Promise<boolean>;
  onSchedule: (publishAt: string) => Promise<boolean>;
  onUnpublish: () => Promise<boolean>;
  /**
   * 通知订阅者 beside 发布 (server/API.md §E23.11), for an article whose subscribers were not mailed
   * yet; unticked is 不通知订阅者. Absent: no checkbox.
   */
  notifySubscribers?: { checked: boolean; onChange: (checked: boolean) => void };
}

/**
 * The editor's status actions (server/API.md §E8). A draft: 保存草稿, 定时发布, 发布. A scheduled
 * article: 撤回为草稿, 定时发布 (another time), 发布 (now). A published one: 撤回为草稿 and 发布
 * (the edits go public). Each saves the editor's fields with that status.
 */
export function EditorActions({
  status,
  publishAt,
  disabled,
  compact = false,
  onSaveDraft,
  onPublish,
  onSchedule,
  onUnpublish,
  notifySubscribers,
}: EditorActionsProps) {
  const styles = useStyles();
  const buttonClass = compact ? styles.compactButton : undefined;
  const icon = (element: ReactElement) => (compact ? undefined : element);
  const [scheduling, setScheduling] = useState(false);
  const [busy, setBusy] = useState(false);
  const live = status === 'published' || status === 'scheduled';

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  };

  const notifyBox = notifySubscribers && (
    <Checkbox
      label={SubscriberMessages.notifySubscribers}
      title={SubscriberMessages.notifyHint}
      checked={notifySubscribers.checked}
      disabled={disabled || busy}
      onChange={(_, data) => notifySubscribers.onChange(data.checked === true)}
      data-testid="notify-subscribers"
    />
  );
  const buttons = (
    <div className={compact ? styles.compact : styles.actions}>
      {!compact && notifyBox}
      {/* Both keep the fields as a draft; on a live article that takes it back from readers. */}
      <Button
        className={buttonClass}
        icon={icon(live ? <ArrowUndoRegular /> : <SaveRegular />)}
        disabled={disabled || busy}
        onClick={() => void run(live ? onUnpublish : onSaveDraft)}
      >
        {live ? T.unpublish : T.saveDraft}
      </Button>
      {status !== 'published' && (
        <Button
          className={buttonClass}
          icon={icon(<CalendarClockRegular />)}
          disabled={disabled || busy}
          onClick={() => setScheduling(true)}
        >
          {T.schedulePublish}
        </Button>
      )}
      <Button
        className={buttonClass}
        appearance="primary"
        icon={icon(<SendRegular />)}
        disabled={disabled || busy}
        onClick={() => void run(onPublish)}
      >
        {T.publish}
      </Button>
      <ScheduleDialog
        open={scheduling}
        scheduledAt={status === 'scheduled' ? publishAt : null}
        busy={busy}
        onCancel={() => setScheduling(false)}
        onConfirm={(time) => {
          void run(() => onSchedule(time)).then((saved) => saved && setScheduling(false));
        }}
      />
    </div>
  );
  // On a phone the buttons fill a row of their own, the checkbox above them.
  return compact && notifyBox ? (
    <div className={styles.compactColumn}>
      {notifyBox}
      {buttons}
    </div>
  ) : (
    buttons
  );
}
