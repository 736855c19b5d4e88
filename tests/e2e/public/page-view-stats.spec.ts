import type { Page, Request } from '@playwright/test';
import type { StatsReport } from '@folio/shared';
import { expect, test } from '../fixtures.js';
import type { TestServer } from '../../support/test-server.js';
import { TOKEN_KEY } from '../admin/admin-helpers.js';
import { adminCall, articlePathByTitle, BROWSER_USER_AGENT, openPage, routeExternal, WELCOME_TITLE } from './helpers.js';

/**
 * Page-view statistics in Chromium (server/API.md §E23.1): one beacon per view with scripts on,
 * the no-script pixel with them off, never both, and nothing from the admin. Headless Chromium
 * names itself HeadlessChrome, which the server rightly takes for a bot: these pages present a
 * desktop Chrome's User-Agent.
 */

test.use({ userAgent: BROWSER_USER_AGENT });

const report = (server: TestServer) => adminCall<StatsReport>(server, 'GET', '/api/admin/stats');

/** Every hit the page sends, beacon or pixel, by kind. */
function watchHits(page: Page): { beacons: Request[]; pixels: Request[] } {
  const hits = { beacons: [] as Request[], pixels: [] as Request[] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/stats/hit') hits.beacons.push(request);
    if (pathname === '/api/stats/hit.gif') hits.pixels.push(request);
  });
  return hits;
}

test('with scripts on, each view sends one beacon and counts once, a navigation inside the site too', async ({
  page,
  server,
}) => {
  await routeExternal(page);
  const hits = watchHits(page);
  await openPage(page, '/');
  await expect.poll(async () => (await report(server)).totals.views).toBe(1);
  const articlePath = await articlePathByTitle(server, WELCOME_TITLE);
  await page.locator(`a[href="${articlePath}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1, name: WELCOME_TITLE })).toBeVisible();
  await expect.poll(async () => (await report(server)).totals.views).toBe(2);
  await page.waitForLoadState('networkidle');

  const figures = await report(server);
  expect(figures.totals).toEqual({ views: 2, visitors: 1 });
  expect(figures.paths.map(({ key, views }) => [key, views]).sort()).toEqual([
    ['/', 1],
    [articlePath, 1],
  ]);
  expect(hits.beacons.map((request) => JSON.parse(request.postData() ?? '{}') as { path: string })).toEqual([
    expect.objectContaining({ path: '/' }),
    expect.objectContaining({ path: articlePath }),
  ]);
  expect(hits.pixels).toEqual([]);
  // The article's own counter moved with the same view, and the page's detail read counted none.
  const rows = await adminCall<Array<{ title: string; views: number }>>(server, 'GET', '/api/admin/articles?per_page=100');
  const welcome = rows.find((row) => row.title === WELCOME_TITLE);
  expect(welcome?.views).toBe(1);
  expect(await page.evaluate(() => document.cookie)).toBe('');
});

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test('a server-rendered page counts once through its pixel', async ({ page, server }) => {
    await routeExternal(page);
    const hits = watchHits(page);
    await page.goto('/');
    await expect.poll(async () => (await report(server)).totals.views).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(hits.pixels).toHaveLength(1);
    expect(hits.beacons).toEqual([]);
    expect((await report(server)).paths).toEqual([{ key: '/', views: 1, visitors: 1 }]);
  });
});

test('the admin sends nothing, and the signed-in owner reading the site is not counted', async ({ page, server }) => {
  await routeExternal(page);
  const hits = watchHits(page);
  const token = await server.login();
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '管理后台', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...hits.beacons, ...hits.pixels]).toEqual([]);

  await openPage(page, '/');
  await expect.poll(() => hits.beacons.length).toBe(1);
  expect(JSON.parse(hits.beacons[0]?.postData() ?? '{}')).toMatchObject({ path: '/', token });
  await page.waitForLoadState('networkidle');
  expect((await report(server)).totals).toEqual({ views: 0, visitors: 0 });
});
