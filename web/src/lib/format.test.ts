import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes the date as Intl.DateTimeFormat does for zh-CN, in UTC', () => {
    const intl = new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const samples = ['2026-01-05T00:00:00.000Z', '2026-11-26T23:59:59.999Z', '1999-12-31T12:00:00Z', '2024-02-29T08:30:00+08:00'];
    // Every day of a leap year too, so no month or day is spelled differently.
    for (let day = 0; day < 366; day += 1) samples.push(new Date(Date.UTC(2028, 0, 1 + day)).toISOString());
    for (const iso of samples) expect(formatDate(iso), iso).toBe(intl.format(new Date(iso)));
    expect(formatDate('2024-02-29T08:30:00+08:00')).toBe('2024年2月29日');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
