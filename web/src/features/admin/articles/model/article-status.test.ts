import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatFullScheduleTime,
  formatSaveTime,
  formatScheduleTime,
  proposedScheduleTime,
  readScheduleInput,
  statusLabel,
  toDateTimeInputValue,
} from './article-status';

// The owner's zone is the browser's; Node reads TZ on every date operation.
const originalZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Asia/Shanghai';
});
afterEach(() => {
  process.env.TZ = originalZone;
});

/** 2026-03-01 10:00 in Shanghai. */
const now = new Date('2026-03-01T02:00:00.000Z');

describe('statusLabel', () => {
  it('names drafts and published articles, and a schedule by its local time', () => {
    expect(statusLabel('draft', null, now)).toBe('草稿');
    expect(statusLabel('published', '2026-02-01T00:00:00.000Z', now)).toBe('已发布');
    expect(statusLabel('scheduled', '2026-03-01T12:30:00.000Z', now)).toBe('定时 20:30');
  });

  it('adds the date when the schedule is not today, and the year when not this year', () => {
    // 16:30 UTC on 1 March is already 2 March in Shanghai.
    expect(statusLabel('scheduled', '2026-03-01T16:30:00.000Z', now)).toBe('定时 3月2日 00:30');
    expect(statusLabel('scheduled', '2027-01-05T01:05:00.000Z', now)).toBe('定时 2027年1月5日 09:05');
  });
});

describe('times', () => {
  it('formats a save as HH:mm:ss and a schedule in local time', () => {
    expect(formatSaveTime('2026-03-01T02:03:04.000Z')).toBe('10:03:04');
    expect(formatScheduleTime('2026-03-01T02:03:04.000Z', now)).toBe('10:03');
    expect(formatSaveTime('not a time')).toBe('');
    expect(formatFullScheduleTime('2026-03-01T16:30:00.000Z')).toBe('2026年3月2日 00:30');
  });

  it('proposes the first whole hour at least half an hour away', () => {
    expect(toDateTimeInputValue(proposedScheduleTime(now))).toBe('2026-03-01T11:00');
    expect(toDateTimeInputValue(proposedScheduleTime(new Date('2026-03-01T02:45:00.000Z')))).toBe('2026-03-01T12:00');
  });
});

describe('readScheduleInput', () => {
  it('reads the picker in local time and answers the UTC publish_at', () => {
    expect(readScheduleInput('2026-03-01T10:01', now)).toEqual({ publishAt: '2026-03-01T02:01:00.000Z' });
    expect(readScheduleInput(toDateTimeInputValue(new Date('2026-05-05T05:05:00.000Z')), now)).toEqual({
      publishAt: '2026-05-05T05:05:00.000Z',
    });
  });

  it('refuses a time that is not in the future, before anything is sent', () => {
    expect(readScheduleInput('2026-03-01T10:00', now)).toEqual({ error: '定时发布时间必须晚于当前时间' });
    expect(readScheduleInput('2025-12-31T23:59', now)).toEqual({ error: '定时发布时间必须晚于当前时间' });
  });

  it('refuses an empty value and a day that does not exist', () => {
    expect(readScheduleInput('', now)).toEqual({ error: '请选择发布时间' });
    expect(readScheduleInput('2026-04-31T10:00', now)).toEqual({ error: '请选择发布时间' });
    expect(readScheduleInput('tomorrow', now)).toEqual({ error: '请选择发布时间' });
  });
});
