import { Cron } from 'croner';
import type { BackupSchedule } from '@folio/shared';

/** The server's time zone (IANA name), in which the schedule's `HH:MM` is read (server/API.md §E22). */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The cron pattern of a schedule (`mm HH * * *`, or one weekday), or `null` when off. */
export function cronPattern(schedule: BackupSchedule): string | null {
  if (schedule.frequency === 'off') return null;
  const [hours = '0', minutes = '0'] = schedule.time.split(':');
  const weekday = schedule.frequency === 'weekly' ? String(schedule.weekday ?? 0) : '*';
  return `${Number(minutes)} ${Number(hours)} * * ${weekday}`;
}

function pausedJob(schedule: BackupSchedule, timeZone: string): Cron | null {
  const pattern = cronPattern(schedule);
  return pattern ? new Cron(pattern, { timezone: timeZone, paused: true }) : null;
}

/** When the schedule next falls due after `now`, or `null` when it is off. */
export function nextDue(schedule: BackupSchedule, timeZone: string, now: Date): Date | null {
  const job = pausedJob(schedule, timeZone);
  const next = job?.nextRun(now) ?? null;
  job?.stop();
  return next;
}

/** When the schedule last fell due at or before `now`, or `null` when it is off. */
export function lastDue(schedule: BackupSchedule, timeZone: string, now: Date): Date | null {
  const job = pausedJob(schedule, timeZone);
  const [previous] = job?.previousRuns(1, now) ?? [];
  job?.stop();
  return previous ?? null;
}

/**
 * A schedule was missed (the server was down at its time) when it last fell due after both the
 * last scheduled run that succeeded and the moment the schedule was set: that run is owed now.
 */
export function wasMissed(
  schedule: BackupSchedule,
  timeZone: string,
  now: Date,
  lastScheduledSuccessAt: string | null,
  scheduleSetAt: string | null,
): boolean {
  const due = lastDue(schedule, timeZone, now);
  if (!due) return false;
  const since = [lastScheduledSuccessAt, scheduleSetAt].filter((at): at is string => at !== null).map(Date.parse);
  return since.every((at) => due.getTime() > at);
}

/** Calls `run` each time the schedule falls due, until the returned stop is called. */
export function armSchedule(schedule: BackupSchedule, timeZone: string, run: () => void): () => void {
  const pattern = cronPattern(schedule);
  if (!pattern) return () => {};
  const job = new Cron(pattern, { timezone: timeZone, protect: true }, run);
  return () => job.stop();
}
