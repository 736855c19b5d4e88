import { describe, expect, it } from 'vitest';
import { StatsUiMessages as M } from '@folio/shared';
import { checkCustomRange, presetRange, rangeLength, STATS_MAX_RANGE_DAYS, utcToday } from './stats-range';

describe('stats ranges', () => {
  it('names today by the UTC day, as the server counts', () => {
    expect(utcToday(new Date('2026-11-29T23:30:00-08:00'))).toBe('2026-11-30');
  });

  it('covers the last N days with today included', () => {
    expect(presetRange(7, '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange(365, '2026-03-01')).toEqual({ from: '2025-03-02', to: '2026-03-01' });
    expect(rangeLength(presetRange(365, '2026-03-01'))).toBe(365);
    expect(rangeLength(presetRange(30, '2024-03-10'))).toBe(30);
  });

  it('accepts a custom range up to the longest the server reports', () => {
    expect(checkCustomRange('2026-11-01', '2026-11-01', '2026-11-29')).toEqual({
      range: { from: '2026-11-01', to: '2026-11-01' },
    });
    expect(checkCustomRange('2024-01-01', '2024-12-31', '2026-11-29')).toEqual({
      range: { from: '2024-01-01', to: '2024-12-31' },
    });
    expect(rangeLength({ from: '2024-01-01', to: '2024-12-31' })).toBe(STATS_MAX_RANGE_DAYS);
  });

  it('refuses a custom range in the owner’s words: missing, reversed, in the future, too long', () => {
    expect(checkCustomRange('', '2026-11-01', '2026-11-29')).toEqual({ error: M.customMissing });
    expect(checkCustomRange('2026-02-30', '2026-03-01', '2026-11-29')).toEqual({ error: M.customMissing });
    expect(checkCustomRange('2026-11-10', '2026-11-01', '2026-11-29')).toEqual({ error: M.customReversed });
    expect(checkCustomRange('2026-11-01', '2026-11-30', '2026-11-29')).toEqual({ error: M.customFuture });
    expect(checkCustomRange('2025-01-01', '2026-01-02', '2026-11-29')).toEqual({ error: '统计范围最多 366 天' });
  });
});
