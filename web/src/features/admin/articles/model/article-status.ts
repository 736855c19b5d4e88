import { AdminUiMessages as T } from '@folio/shared';
import type { ArticleStatus } from '@folio/shared';

/**
 * How the admin names an article's status and schedule (server/API.md §E8), in the owner's
 * local time zone: the browser's, which is where the owner sits.
 */

/** The article table's status filter: every article, or one status (`?status=`). */
export type StatusFilter = 'all' | ArticleStatus;

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: T.statusAll },
  { value: 'draft', label: T.statusDraft },
  { value: 'scheduled', label: T.statusScheduled },
  { value: 'published', label: T.statusPublished },
];

const pad = (value: number) => String(value).padStart(2, '0');

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** 'HH:mm' today, 'M月D日 HH:mm' this year, else 'YYYY年M月D日 HH:mm': as short as is unambiguous. */
export function formatScheduleTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (sameLocalDay(date, now)) return clock;
  const day = `${date.getMonth() + 1}月${date.getDate()}日`;
  return date.getFullYear() === now.getFullYear() ? `${day} ${clock}` : `${date.getFullYear()}年${day} ${clock}`;
}

/** 'YYYY年M月D日 HH:mm' in local time: a schedule or publication spelled out in full. */
export function formatFullScheduleTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日 ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'HH:mm:ss' of a save, in local time. */
export function formatSaveTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The table's and the editor's word for a status: 草稿, 定时 HH:mm (with the date when not today), 已发布. */
export function statusLabel(status: ArticleStatus, publishAt: string | null, now: Date = new Date()): string {
  if (status === 'draft') return T.statusDraft;
  if (status === 'published') return T.statusPublished;
  return publishAt ? T.statusScheduledAt(formatScheduleTime(publishAt, now)) : T.statusScheduled;
}

/** An `<input type="datetime-local">` value ('YYYY-MM-DDTHH:mm') for a time, in local time. */
export function toDateTimeInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The first whole hour at least 30 minutes away: what the picker proposes for a new schedule. */
export function proposedScheduleTime(now: Date): Date {
  const proposal = new Date(now.getTime() + 30 * 60_000);
  proposal.setMinutes(0, 0, 0);
  proposal.setHours(proposal.getHours() + 1);
  return proposal;
}

/**
 * Reads the picker's local 'YYYY-MM-DDTHH:mm' as the UTC `publish_at` the server takes, refusing
 * an empty value and a time not after `now` before anything is sent.
 */
export function readScheduleInput(value: string, now: Date): { publishAt: string } | { error: string } {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return { error: T.scheduleTimeRequired };
  // A date-time without an offset is local time (ECMAScript's Date Time String Format).
  const date = new Date(value);
  // A day that does not exist (31 April) or a clock time skipped by a summer-time change.
  if (Number.isNaN(date.getTime()) || toDateTimeInputValue(date) !== value.slice(0, 16)) {
    return { error: T.scheduleTimeRequired };
  }
  if (date.getTime() <= now.getTime()) return { error: T.scheduleTimeNotFuture };
  return { publishAt: date.toISOString() };
}

/** The owner's time zone as the browser names it ('Asia/Shanghai'), for the picker's hint. */
export function localTimeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
