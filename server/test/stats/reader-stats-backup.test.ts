import { afterEach, describe, expect, it } from 'vitest';
import type { StatsReport } from '@folio/shared';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { READER_USER_AGENT } from '../support/page-view-hit.js';

/** Backups carry readers' daily aggregates (server/API.md §E23.5, §14, §15). */

const SLOW = 60_000;
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function signedIn() {
  const started = await startSignedIn({ config: { trustProxy: true } });
  servers.push(started.server);
  return started;
}

const hit = (url: string, address: string, pagePath: string) =>
  fetch(`${url}/api/stats/hit`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', 'User-Agent': READER_USER_AGENT, 'X-Forwarded-For': address },
    body: JSON.stringify({ path: pagePath, referrer: 'https://news.ycombinator.com/' }),
  });

describe('reader statistics in backups', () => {
  it(
    'exports the days and restores them on another site; a backup without them leaves the stored days',
    { timeout: SLOW },
    async () => {
      const source = await signedIn();
      await hit(source.server.url, '198.51.100.61', '/');
      await hit(source.server.url, '198.51.100.62', '/articles');
      const exported = await source.api<{ data: Record<string, unknown> }>('GET', '/api/admin/export', { token: source.token });
      expect(exported.status).toBe(200);
      const backup = exported.body.data;
      const today = new Date().toISOString().slice(0, 10);
      expect(backup.reader_stats).toMatchObject({ days: { [today]: { views: 2, visitors: 2 } } });
      expect(JSON.stringify(backup.reader_stats)).not.toMatch(/198\.51\.100/);

      const target = await signedIn();
      const imported = await target.api<EnvelopeBody>('POST', '/api/admin/import', { token: target.token, json: backup });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const report = await target.api<EnvelopeBody>('GET', '/api/admin/stats', { token: target.token });
      const figures = report.body.data as StatsReport;
      expect(figures.totals).toEqual({ views: 2, visitors: 2 });
      expect(figures.referrers).toEqual([{ key: 'news.ycombinator.com', views: 2, visitors: 2 }]);

      // An older backup, without the section, imports and leaves the figures alone.
      const { reader_stats: _dropped, ...older } = backup;
      expect((await target.api('POST', '/api/admin/import', { token: target.token, json: older })).status).toBe(200);
      const again = await target.api<EnvelopeBody>('GET', '/api/admin/stats', { token: target.token });
      expect((again.body.data as StatsReport).totals).toEqual({ views: 2, visitors: 2 });
    },
  );

  it('refuses a malformed section with a 400, changing nothing', { timeout: SLOW }, async () => {
    const { server, api, token } = await signedIn();
    const exported = await api<{ data: Record<string, unknown> }>('GET', '/api/admin/export', { token });
    const broken = { ...exported.body.data, reader_stats: { days: { '2026-01-01': { views: -1, visitors: 0 } } } };
    const answer = await api<EnvelopeBody>('POST', '/api/admin/import', { token, json: broken });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const report = await api<EnvelopeBody>('GET', '/api/admin/stats?from=2026-01-01&to=2026-01-01', { token });
    expect((report.body.data as StatsReport).totals).toEqual({ views: 0, visitors: 0 });
    expect(server.url).toBeTruthy();
  });
});
