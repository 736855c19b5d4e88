import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { DesktopUiMessages as M } from '@folio/shared';
import type { MirrorStatus } from '../../channels';

const useStyles = makeStyles({
  line: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `HH:mm` for a time today (the question is "how fresh"), with the date in front otherwise. */
export function formatSyncTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return date.toDateString() === now.toDateString() ? time : `${date.getMonth() + 1}月${date.getDate()}日 ${time}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2).replace(/\.?0+$/, '')} GB`;
}

/** 同步于 HH:mm，N 篇文章 (and how many open offline), and whether the background fill runs now. */
export function MirrorFreshness({ status }: { status: MirrorStatus }) {
  const styles = useStyles();
  const bodies = status.bodyCount === status.articleCount ? M.mirrorAllBodiesStored : M.mirrorBodiesStored(status.bodyCount);
  const synced = status.syncedAt
    ? `${M.mirrorSyncedAt(formatSyncTime(status.syncedAt), status.articleCount)}，${bodies}`
    : M.mirrorNeverSynced;
  return (
    <span className={styles.line} data-testid="mirror-freshness">
      <Text size={200}>{synced}</Text>
      {status.filling && <Spinner size="extra-tiny" label={M.mirrorFilling} labelPosition="after" />}
    </span>
  );
}
