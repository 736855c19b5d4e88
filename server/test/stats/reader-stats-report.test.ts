import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsReport } from '@folio/shared';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { READER_USER_AGENT } from '../support/page-view-hit.js';

/** The owner's report (server/API.md §E23.3) and whose address a hit is (§E23.1). */

const SLOW = 60_000;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  // TRUST_PROXY off: a forwarded address is whatever the client wrote, so it is not the reader's.
  ({ server, api, token } = await startSignedIn());
}, SLOW);
afterAll(() => server?.close());

const stats = (query: string) => api<EnvelopeBody>('GET', `/api/admin/stats${query}`, { token });

describe('the statistics report', () => {
  it('covers the last 30 days by default, every day listed', async () => {
    const answer = await stats('');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const report = answer.body.data as StatsReport;
    expect(report.days).toHaveLength(30);
    expect(report.to).toBe(new Date().toISOString().slice(0, 10));
    expect(report.days.at(0)?.date).toBe(report.from);
    expect(report).toMatchObject({ countries: [], subscribers: 0, totals: { views: 0, visitors: 0 } });
  });

  it('refuses bad dates and ranges with a 400 in Chinese', async () => {
    const refusals: Array<[string, RegExp]> = [
      ['?from=2026-02-30&to=2026-03-01', /from 日期无效/],
      ['?from=yesterday', /from 日期无效/],
      ['?from=2026-01-01&to=2026-1-2', /to 日期无效/],
      ['?from=2026-03-02&to=2026-03-01', /起始日期不能晚于结束日期/],
      ['?from=2024-01-01&to=2025-01-01', /统计范围最多 366 天/],
    ];
    for (const [query, message] of refusals) {
      const answer = await stats(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.msg, query).toMatch(message);
    }
    // A leap year, both ends included, is the longest range.
    const leapYear = await stats('?from=2024-01-01&to=2024-12-31');
    expect(leapYear.status).toBe(200);
    expect((leapYear.body.data as StatsReport).days).toHaveLength(366);
  });

  it('needs the owner', async () => {
    expect((await api('GET', '/api/admin/stats')).status).toBe(401);
    expect((await api('GET', '/api/admin/stats/live')).status).toBe(401);
  });

  it('takes the connection address, not a forwarded one, when no proxy is trusted', { timeout: SLOW }, async () => {
    for (const forwarded of ['198.51.100.91', '198.51.100.92', '198.51.100.93']) {
      const answer = await fetch(`${server.url}/api/stats/hit`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'User-Agent': READER_USER_AGENT, 'X-Forwarded-For': forwarded },
        body: JSON.stringify({ path: '/' }),
      });
      expect(answer.status).toBe(204);
    }
    expect(((await stats('')).body.data as StatsReport).totals).toEqual({ views: 3, visitors: 1 });
  });
});
