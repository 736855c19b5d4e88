import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { createArticle, openPage, routeExternal, waitForRealtime } from './helpers.js';

/** Sums every layout shift the page reports from its first paint (CLS as Chromium counts it). */
async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __shifts: string[] };
    record.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((source) =>
          source.node instanceof Element
            ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
            : String(source.node?.nodeName),
        );
        record.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Each layout shift so far, with the elements that moved (none is the goal). */
const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

/** Lets every image in the window load and two frames pass, so a late shift would have been reported. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .map((image) => image.decode().catch(() => undefined)),
    ),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const TAG = '性能优化';

test.describe('article list pages (server/API.md §E16)', () => {
  test('the archive: 20 a page newest first, pages as links, no layout shift, and a new article shows live', async ({
    page,
    server,
  }) => {
    // The seeded site has 3 articles; 20 more make two pages.
    for (let n = 1; n <= 20; n += 1) await createArticle(server, { title: `归档文章 ${n}`, content: '正文', tags: 'Archive' });
    await routeExternal(page);
    await recordLayoutShift(page);
    await openPage(page, '/articles');

    const cards = page.getByTestId('article-card');
    await expect(page.getByRole('heading', { level: 1, name: '全部文章' })).toBeVisible();
    await expect(page.getByTestId('article-list-total')).toHaveText('共 23 篇');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText('归档文章 20');
    await settle(page);
    expect(await layoutShifts(page)).toEqual([]);

    await waitForRealtime(page);
    await createArticle(server, { title: '刚刚发布的文章', content: '正文' });
    await expect(page.getByTestId('article-list-total')).toHaveText('共 24 篇');
    await expect(cards.first()).toContainText('刚刚发布的文章');
    await expect(cards).toHaveCount(20);

    await page.getByRole('navigation', { name: '文章分页' }).getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/\/articles\/page\/2$/);
    await expect(cards).toHaveCount(4);
    await expect(page.getByRole('link', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: '上一页' })).toHaveAttribute('href', '/articles');
  });

  test('a Chinese tag page: reached from a card chip, with its count, feed link, no layout shift, and live', async ({
    page,
    server,
  }) => {
    await createArticle(server, { title: '渲染性能', content: '正文', tags: `${TAG},React`, category: '前端开发' });
    await createArticle(server, { title: '查询性能', content: '正文', tags: TAG });
    await routeExternal(page);
    await recordLayoutShift(page);
    await openPage(page, '/');
    const chip = page.getByTestId('article-card').filter({ hasText: '查询性能' }).getByRole('link', { name: TAG });
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`/tags/${encodeURIComponent(TAG)}$`));
    await expect(page.getByRole('heading', { level: 1, name: `标签：${TAG}` })).toBeVisible();
    await expect(page.getByTestId('article-list-total')).toHaveText('共 2 篇');

    // Opened directly, as a search engine or a shared link would.
    await openPage(page, `/tags/${encodeURIComponent(TAG)}`);
    const cards = page.getByTestId('article-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('article-list-page').getByRole('link', { name: 'RSS' })).toHaveAttribute(
      'href',
      `/tags/${encodeURIComponent(TAG)}/rss.xml`,
    );
    await settle(page);
    expect(await layoutShifts(page)).toEqual([]);

    await waitForRealtime(page);
    await createArticle(server, { title: '别的标签', content: '正文', tags: 'Other' });
    await createArticle(server, { title: '缓存性能', content: '正文', tags: TAG });
    await expect(page.getByTestId('article-list-total')).toHaveText('共 3 篇');
    await expect(cards.first()).toContainText('缓存性能');
    await expect(cards.filter({ hasText: '别的标签' })).toHaveCount(0);

    // The category chip of a card leads to its category page.
    await cards.filter({ hasText: '渲染性能' }).getByRole('link', { name: '前端开发' }).click();
    await expect(page).toHaveURL(new RegExp(`/categories/${encodeURIComponent('前端开发')}$`));
    await expect(page.getByRole('heading', { level: 1, name: '分类：前端开发' })).toBeVisible();
    await expect(cards.filter({ hasText: '渲染性能' })).toHaveCount(1);
  });

  test('an unknown tag is the 404 page, in the browser too', async ({ page }) => {
    await routeExternal(page);
    const response = await page.goto('/tags/%E6%B2%A1%E6%9C%89');
    expect(response?.status()).toBe(404);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});
