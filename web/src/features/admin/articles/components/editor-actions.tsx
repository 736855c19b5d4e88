import { useState } from 'react';
import type { ReactElement } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, CalendarClockRegular, SaveRegular, SendRegular } from '@fluentui/react-icons';
import { AdminUiMessages as T } from '@folio/shared';
import type { ArticleStatus } from '@folio/shared';
import { ScheduleDialog } from './schedule-dialog';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  // A phone: one row of equal buttons across the width, words only.
  compact: { display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', gap: tokens.spacingHorizontalS },
  compactButton: { minWidth: 0, paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
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

  return (
    <div className={compact ? styles.compact : styles.actions}>
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
}
