import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { StatsCount, StatsDay, StatsReport } from '@folio/shared';
import { expect, test } from '../fixtures.js';
import { openSignedIn } from './admin-helpers.js';
import { blockAdminSocket, fakeAdminSocket } from './blog-import-helpers.js';

/** Where the 数据统计 screenshots go (FOLIO_SCREENS_DIR to put them elsewhere). */
const SCREENS_DIR = process.env.FOLIO_SCREENS_DIR ?? '/tmp/shots-stats';

/** The browser's clock in the faked tests: today is this UTC day. */
const NOW = new Date('2026-11-29T10:00:00Z');
const TODAY = '2026-11-29';

const DAY_MS = 86_400_000;
const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

function buildDays(from: string, to: string, figures: (index: number) => { views: number; visitors: number }): StatsDay[] {
  const days: StatsDay[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), index = 0; at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS, index += 1) {
    days.push({ date: new Date(at).toISOString().slice(0, 10), ...figures(index) });
  }
  return days;
}

const count = (key: string, views: number, visitors: number, title?: string): StatsCount => ({
  key,
  views,
  visitors,
  ...(title && { title }),
});

/** A report with something in every chart, over `from`…`to`. */
function buildReport(from: string, to: string): StatsReport {
  const days = buildDays(from, to, (index) => ({ views: 10 + ((index * 7) % 23), visitors: 4 + ((index * 5) % 11) }));
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const visitors = days.reduce((sum, day) => sum + day.visitors, 0);
  return {
    from,
    to,
    days,
    paths: [
      count('/articles/rust-async', 120, 80, '深入理解 Rust 异步运行时：从 Future 到 Waker 的完整旅程'),
      count('/', 64, 40),
      count('/articles/fluent-ui', 33, 21, 'Fluent UI 主题实践'),
      count('/articles', 12, 9),
    ],
    referrers: [count('news.ycombinator.com', 48, 40), count('google.com', 30, 25), count('v2ex.com', 7, 6)],
    devices: [count('desktop', 150, 100), count('mobile', 70, 45), count('tablet', 9, 5)],
    browsers: [count('Chrome', 120, 80), count('Safari', 60, 40), count('Firefox', 40, 25), count('Other', 9, 5)],
    countries: [],
    totals: { views, visitors },
    subscribers: 12,
  };
}

function emptyReport(from: string, to: string): StatsReport {
  return {
    from,
    to,
    days: buildDays(from, to, () => ({ views: 0, visitors: 0 })),
    paths: [],
    referrers: [],
    devices: [],
    browsers: [],
    countries: [],
    totals: { views: 0, visitors: 0 },
    subscribers: 0,
  };
}

interface FakeStats {
  requests: URL[];
  live: number;
  liveRequests: number;
  answer: (from: string, to: string) => StatsReport;
}

/** The statistics routes of server/API.md §E23 answered by the test: each range gets its own report. */
async function fakeStatsRoutes(page: Page, answer = buildReport): Promise<FakeStats> {
  const fake: FakeStats = { requests: [], live: 3, liveRequests: 0, answer };
  await page.route('**/api/admin/stats?*', async (route) => {
    const url = new URL(route.request().url());
    fake.requests.push(url);
    const report = fake.answer(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '');
    await route.fulfill({ json: { code: 0, msg: 'success', data: report } });
  });
  await page.route('**/api/admin/stats/live', async (route) => {
    fake.liveRequests += 1;
    await route.fulfill({ json: { code: 0, msg: 'success', data: { visitors_now: fake.live } } });
  });
  return fake;
}

const rangeOf = (url: URL | undefined) => url && `${url.searchParams.get('from')}…${url.searchParams.get('to')}`;

/** The rows of a chart's data table, each as its cells' text. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => (cell.textContent ?? '').trim())));
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

async function openStats(page: Page, server: Parameters<typeof openSignedIn>[1]) {
  await page.clock.setFixedTime(NOW);
  await openSignedIn(page, server, '/admin/content');
  await page.getByRole('tab', { name: '数据统计' }).click();
  await expect(page).toHaveURL(/\/admin\/stats$/);
  await expect(page.getByRole('heading', { name: '数据统计', level: 2 })).toBeVisible();
}

test.describe('数据统计 with the statistics answered by the test', () => {
  test.use({ serverOptions: { seed: false } });

  test('the charts draw the report and their tables hold the same numbers', async ({ page, server }) => {
    await fakeAdminSocket(page);
    const fake = await fakeStatsRoutes(page);
    await openStats(page, server);
    // 数据统计 sits near the top of the menu, right under 内容管理.
    const tabs = page.getByRole('navigation', { name: '管理菜单' }).getByRole('tab');
    await expect(tabs.nth(0)).toHaveAccessibleName('内容管理');
    await expect(tabs.nth(1)).toHaveAccessibleName('数据统计');

    expect(rangeOf(fake.requests[0])).toBe(`${dayBefore(TODAY, 29)}…${TODAY}`);
    const report = buildReport(dayBefore(TODAY, 29), TODAY);
    await expect(page.getByTestId('stats-total-views')).toHaveText(String(report.totals.views));
    await expect(page.getByTestId('stats-total-visitors')).toHaveText(String(report.totals.visitors));
    await expect(page.getByTestId('stats-total-subscribers')).toHaveText('12');
    await expect(page.getByTestId('stats-visitors-now')).toHaveText('3');

    // Drawn: two areas over the days, bars in every ranking.
    const daily = page.getByTestId('stats-daily-chart');
    await expect(daily.locator('.recharts-area-area')).toHaveCount(2);
    await expect(daily.locator('.recharts-area-curve').first()).toHaveAttribute('d', /^M[\d.]+,[\d.]+C/);
    for (const [ranking, rows] of [
      ['paths', 4],
      ['referrers', 3],
      ['devices', 3],
      ['browsers', 4],
    ] as const) {
      // Two bars per row (views, visitors).
      await expect(page.getByTestId(`stats-${ranking}-chart`).locator('.recharts-bar-rectangle path')).toHaveCount(rows * 2);
    }

    // The tables, found by their captions, as a screen reader finds them though they are out of sight.
    const dailyTable = page.getByRole('table', { name: '每日浏览量与访客' });
    expect(await tableRows(dailyTable)).toEqual(report.days.map((day) => [day.date, String(day.views), String(day.visitors)]));
    expect(await tableRows(page.getByRole('table', { name: '热门页面' }))).toEqual([
      ['深入理解 Rust 异步运行时：从 Future 到 Waker 的完整旅程 (/articles/rust-async)', '120', '80'],
      ['首页 (/)', '64', '40'],
      ['Fluent UI 主题实践 (/articles/fluent-ui)', '33', '21'],
      ['/articles', '12', '9'],
    ]);
    expect(await tableRows(page.getByRole('table', { name: '来源网站' }))).toEqual([
      ['news.ycombinator.com', '48', '40'],
      ['google.com', '30', '25'],
      ['v2ex.com', '7', '6'],
    ]);
    expect(await tableRows(page.getByRole('table', { name: '设备' }))).toEqual([
      ['桌面', '150', '100'],
      ['手机', '70', '45'],
      ['平板', '9', '5'],
    ]);
    expect(await tableRows(page.getByRole('table', { name: '浏览器' }))).toEqual([
      ['Chrome', '120', '80'],
      ['Safari', '60', '40'],
      ['Firefox', '40', '25'],
      ['其他', '9', '5'],
    ]);
    // Out of sight until asked for, then shown.
    await expect(dailyTable).not.toBeInViewport();
    const toggle = page.getByTestId('stats-referrers').getByRole('button', { name: '显示数据表' });
    await toggle.click();
    await expect(page.getByTestId('stats-referrers').getByRole('button', { name: '隐藏数据表' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const referrersBox = await page.getByRole('table', { name: '来源网站' }).boundingBox();
    expect(referrersBox?.width ?? 0).toBeGreaterThan(100);

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the range buttons and a custom range ask for the right days; a wrong custom range is explained', async ({
    page,
    server,
  }) => {
    await fakeAdminSocket(page);
    const fake = await fakeStatsRoutes(page);
    await openStats(page, server);
    await expect.poll(() => rangeOf(fake.requests.at(-1))).toBe(`2026-10-31…${TODAY}`);

    for (const [label, from] of [
      ['7 天', '2026-11-23'],
      ['90 天', '2026-09-01'],
      ['365 天', '2025-11-30'],
      ['30 天', '2026-10-31'],
    ] as const) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => rangeOf(fake.requests.at(-1))).toBe(`${from}…${TODAY}`);
      await expect(page.getByTestId('stats-range-shown')).toHaveText(`${from} 至 ${TODAY}（UTC）`);
      await expect(page.getByRole('table', { name: '每日浏览量与访客' }).locator('tbody tr').first()).toContainText(from);
    }

    await page.getByRole('button', { name: '自定义' }).click();
    const from = page.getByLabel('开始日期');
    const to = page.getByLabel('结束日期');
    await expect(from).toHaveValue('2026-10-31');
    const asked = fake.requests.length;
    const tryRange = async (start: string, end: string) => {
      await from.fill(start);
      await to.fill(end);
      await page.getByRole('button', { name: '查看' }).click();
    };
    await tryRange('2026-11-20', '2026-11-10');
    await expect(page.getByText('开始日期不能晚于结束日期')).toBeVisible();
    await tryRange('2025-01-01', '2026-01-02');
    await expect(page.getByText('统计范围最多 366 天')).toBeVisible();
    await tryRange('2026-11-01', '2026-12-01');
    await expect(page.getByText('结束日期不能晚于今天')).toBeVisible();
    expect(fake.requests).toHaveLength(asked);

    await tryRange('2026-11-01', '2026-11-10');
    await expect.poll(() => rangeOf(fake.requests.at(-1))).toBe('2026-11-01…2026-11-10');
    await expect(page.getByText('结束日期不能晚于今天')).toHaveCount(0);
    await expect(page.getByRole('table', { name: '每日浏览量与访客' }).locator('tbody tr')).toHaveCount(10);
  });

  test('正在浏览 follows the admin socket’s admin:stats-live', async ({ page, server }) => {
    const socket = await fakeAdminSocket(page);
    const fake = await fakeStatsRoutes(page);
    await openStats(page, server);
    await expect(page.getByTestId('stats-visitors-now')).toHaveText('3');
    await expect(page.locator('html')).toHaveAttribute('data-stats-realtime', 'connected');
    socket.emit('admin:stats-live', { visitors_now: 7 });
    await expect(page.getByTestId('stats-visitors-now')).toHaveText('7');
    socket.emit('admin:stats-live', { visitors_now: 0 });
    await expect(page.getByTestId('stats-visitors-now')).toHaveText('0');
    // Read over the socket, not polled.
    expect(fake.liveRequests).toBeLessThanOrEqual(2);
  });

  test('without the admin socket 正在浏览 is asked for every 30 seconds', async ({ page, server }) => {
    await blockAdminSocket(page);
    const fake = await fakeStatsRoutes(page);
    await page.clock.install({ time: NOW });
    await openSignedIn(page, server, '/admin/stats');
    await expect(page.getByTestId('stats-visitors-now')).toHaveText('3');
    const asked = fake.liveRequests;
    fake.live = 5;
    await page.clock.runFor(29_000);
    await expect(page.getByTestId('stats-visitors-now')).toHaveText('3');
    await page.clock.runFor(1_000);
    await expect(page.getByTestId('stats-visitors-now')).toHaveText('5');
    expect(fake.liveRequests).toBe(asked + 1);
  });

  test('with no views yet the screen says how counting works', async ({ page, server }) => {
    await fakeAdminSocket(page);
    await fakeStatsRoutes(page, emptyReport);
    await openStats(page, server);
    const empty = page.getByTestId('stats-empty');
    await expect(empty).toContainText('这段时间还没有访问数据');
    await expect(empty).toContainText('无 Cookie、不记录 IP');
    await expect(page.getByTestId('stats-total-views')).toHaveText('0');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a report the server refuses shows its reason, and 重试 asks again', async ({ page, server }) => {
    await fakeAdminSocket(page);
    let refuse = true;
    await page.route('**/api/admin/stats?*', async (route) => {
      if (refuse) {
        await route.fulfill({ status: 400, json: { code: 400, msg: '统计范围最多 366 天', data: null } });
        return;
      }
      const url = new URL(route.request().url());
      await route.fulfill({
        json: {
          code: 0,
          msg: 'success',
          data: buildReport(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''),
        },
      });
    });
    await page.clock.setFixedTime(NOW);
    await openSignedIn(page, server, '/admin/stats');
    await expect(page.getByText('统计数据加载失败：统计范围最多 366 天')).toBeVisible();
    refuse = false;
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByText('统计数据加载失败')).toHaveCount(0);
    await expect(page.getByTestId('stats-total-subscribers')).toHaveText('12');
  });

  test('loading reserves the charts’ room: nothing moves when the report arrives', async ({ page, server }) => {
    await fakeAdminSocket(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/stats?*', async (route) => {
      await held;
      const url = new URL(route.request().url());
      await route.fulfill({
        json: {
          code: 0,
          msg: 'success',
          data: buildReport(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''),
        },
      });
    });
    await page.clock.setFixedTime(NOW);
    await openSignedIn(page, server, '/admin/stats');
    await expect(page.getByTestId('stats-total-views')).toHaveText('—');
    const before = await Promise.all(
      ['stats-daily', 'stats-paths', 'stats-browsers'].map((id) => page.getByTestId(id).boundingBox()),
    );
    release();
    await expect(page.getByTestId('stats-daily-chart').locator('.recharts-area-area')).toHaveCount(2);
    await expect(page.getByTestId('stats-browsers-chart').locator('.recharts-bar-rectangle path')).toHaveCount(8);
    const after = await Promise.all(
      ['stats-daily', 'stats-paths', 'stats-browsers'].map((id) => page.getByTestId(id).boundingBox()),
    );
    expect(after).toEqual(before);
  });

  test('screenshots at 1280 and 375 px, light and dark', async ({ page, server }) => {
    test.setTimeout(120_000);
    await mkdir(SCREENS_DIR, { recursive: true });
    await fakeAdminSocket(page);
    const fake = await fakeStatsRoutes(page);
    await openStats(page, server);
    await expect(page.getByTestId('stats-browsers-chart').locator('.recharts-bar-rectangle path')).toHaveCount(8);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(size);
        await settled(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `数据统计 at ${size.width} px ${scheme} is wider than the window`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SCREENS_DIR, `admin-stats-${size.width}-${scheme}.png`), fullPage: true });
      }
    }
    // Each chart of the phone layout on its own, readable at full size.
    for (const id of ['stats-daily', 'stats-paths', 'stats-referrers']) {
      await page.getByTestId(id).screenshot({ path: path.join(SCREENS_DIR, `admin-stats-375-dark-${id}.png`) });
    }
    await page.getByTestId('stats-paths').getByRole('button', { name: '显示数据表' }).click();
    await page.getByTestId('stats-paths').screenshot({ path: path.join(SCREENS_DIR, 'admin-stats-375-dark-paths-table.png') });
    fake.answer = emptyReport;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: '7 天', exact: true }).click();
    await expect(page.getByTestId('stats-empty')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: path.join(SCREENS_DIR, 'admin-stats-1280-light-empty.png'), fullPage: true });
  });
});

/** Browsers as the statistics see them: Playwright's own headless User-Agent counts as a bot. */
const FIREFOX_DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

test.describe('数据统计 through the real server', () => {
  test.use({ serverOptions: { seed: true }, userAgent: CHROME_DESKTOP });

  test('readers’ hits show in the charts; a public page opened elsewhere moves 正在浏览, the owner’s own view does not', async ({
    page,
    server,
    api,
    browser,
  }) => {
    test.setTimeout(90_000);
    const [article] = (await api('GET', '/api/articles')).body.data as { id: number; slug: string; title: string }[];
    if (!article) throw new Error('the seeded server has no public article');
    const articlePath = `/articles/${article.slug}`;
    // What public pages' beacons send (server/API.md §E23), from two readers on this machine.
    const hit = async (userAgent: string, hitPath: string, referrer: string) => {
      const response = await fetch(`${server.url}/api/stats/hit`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': userAgent },
        body: JSON.stringify({ path: hitPath, referrer }),
      });
      expect(response.status).toBe(204);
    };
    await hit(FIREFOX_DESKTOP, '/', 'https://news.ycombinator.com/item?id=1');
    await hit(FIREFOX_DESKTOP, articlePath, `${server.url}/`);
    await hit(FIREFOX_DESKTOP, articlePath, '');
    await hit(SAFARI_IPHONE, articlePath, 'https://news.ycombinator.com/');
    await hit(SAFARI_IPHONE, articlePath, '');

    await openSignedIn(page, server, '/admin/stats');
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.getByTestId('stats-total-views')).toHaveText('5');
    await expect(page.getByTestId('stats-total-visitors')).toHaveText('2');
    await expect(page.getByTestId('stats-visitors-now')).toHaveText('2');
    await expect(page.getByTestId('stats-daily-chart').locator('.recharts-area-area')).toHaveCount(2);
    await expect(page.getByTestId('stats-paths-chart').locator('.recharts-bar-rectangle path')).toHaveCount(4);
    const dailyRows = await tableRows(page.getByRole('table', { name: '每日浏览量与访客' }));
    expect(dailyRows).toHaveLength(30);
    expect(dailyRows.at(-1)).toEqual([today, '5', '2']);
    expect(await tableRows(page.getByRole('table', { name: '热门页面' }))).toEqual([
      [`${article.title} (${articlePath})`, '4', '2'],
      ['首页 (/)', '1', '1'],
    ]);
    expect(await tableRows(page.getByRole('table', { name: '来源网站' }))).toEqual([['news.ycombinator.com', '2', '2']]);
    expect(await tableRows(page.getByRole('table', { name: '设备' }))).toEqual([
      ['桌面', '3', '1'],
      ['手机', '2', '1'],
    ]);
    await expect(page.locator('html')).toHaveAttribute('data-stats-realtime', 'connected');

    // The owner opens a public page in the signed-in browser: the beacon carries the admin token,
    // and the view is not counted.
    const ownView = await page.context().newPage();
    const ownHit = ownView.waitForRequest((request) => request.url().endsWith('/api/stats/hit'));
    await ownView.goto('/');
    await ownHit;
    await ownView.close();

    // A reader, in a browser that is not signed in, opens an article: the count moves at once.
    const reader = await browser.newContext({ baseURL: server.url, userAgent: EDGE_DESKTOP });
    try {
      const readerPage = await reader.newPage();
      await readerPage.goto(articlePath);
      await expect(page.getByTestId('stats-visitors-now')).toHaveText('3');
    } finally {
      await reader.close();
    }
    await page.getByRole('button', { name: '7 天', exact: true }).click();
    await expect(page.getByTestId('stats-range-shown')).toContainText(`至 ${today}`);
    await expect(page.getByTestId('stats-total-views')).toHaveText('6');
    await expect(page.getByTestId('stats-total-visitors')).toHaveText('3');
    await expect(page.getByRole('table', { name: '每日浏览量与访客' }).locator('tbody tr').last()).toHaveText(`${today}63`);
  });
});
