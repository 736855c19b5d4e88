import { describe, expect, it } from 'vitest';
import { backupName, isFolioBackupName, newestFirst, siteSlug } from '@folio/shared';
import { cronPattern, lastDue, nextDue, wasMissed } from '../../src/services/backups/backup-schedule.js';

describe('schedule times', () => {
  it('read HH:MM in the given time zone, daily or on one weekday', () => {
    expect(cronPattern({ frequency: 'off', time: '03:30' })).toBeNull();
    expect(cronPattern({ frequency: 'daily', time: '03:05' })).toBe('5 3 * * *');
    expect(cronPattern({ frequency: 'weekly', time: '23:59', weekday: 0 })).toBe('59 23 * * 0');
    const now = new Date('2026-11-29T09:00:00Z');
    expect(nextDue({ frequency: 'daily', time: '03:30' }, 'Asia/Shanghai', now)?.toISOString()).toBe('2026-11-29T19:30:00.000Z');
    // 2026-11-29 is a Sunday: the next Monday.
    expect(nextDue({ frequency: 'weekly', time: '03:30', weekday: 1 }, 'UTC', now)?.toISOString()).toBe(
      '2026-11-30T03:30:00.000Z',
    );
    expect(lastDue({ frequency: 'daily', time: '03:30' }, 'UTC', now)?.toISOString()).toBe('2026-11-29T03:30:00.000Z');
    expect(nextDue({ frequency: 'off', time: '03:30' }, 'UTC', now)).toBeNull();
  });

  it('owe a run only for a due time after the last scheduled success and the schedule change', () => {
    const daily = { frequency: 'daily' as const, time: '03:30' };
    const now = new Date('2026-11-29T09:00:00Z');
    expect(wasMissed(daily, 'UTC', now, '2026-11-28T03:30:02Z', null)).toBe(true);
    expect(wasMissed(daily, 'UTC', now, '2026-11-29T03:30:01Z', null)).toBe(false);
    expect(wasMissed(daily, 'UTC', now, null, '2026-11-29T05:00:00Z')).toBe(false);
    expect(wasMissed(daily, 'UTC', now, null, '2026-11-20T05:00:00Z')).toBe(true);
  });
});

describe('backup names', () => {
  it('are Folio’s own only in their exact form', () => {
    const at = new Date('2026-11-29T03:30:00.123Z');
    const plain = backupName(siteSlug('https://Blog.Example.com/'), at, false);
    expect(plain).toBe('folio-blog-example-com-20261129T033000.123Z.json.gz');
    expect(backupName(siteSlug(undefined), at, true)).toBe('folio-site-20261129T033000.123Z.json.gz.age');
    expect(isFolioBackupName(plain)).toBe(true);
    for (const other of [
      'notes.txt',
      'folio-old-export.json',
      `.${plain}.partial`,
      `../${plain}`,
      `${plain}.bak`,
      'folio--20261129T033000.123Z.json.gz',
    ])
      expect(isFolioBackupName(other), other).toBe(false);
    const older = backupName('site', new Date('2026-11-28T03:30:00Z'), true);
    expect([older, plain].sort(newestFirst)).toEqual([plain, older]);
  });
});
