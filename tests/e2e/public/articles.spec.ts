import { expect, test } from '../fixtures.js';
import { adminCall, createArticle, openPage, routeExternal, toast, waitForRealtime } from './helpers.js';

test.describe('article list', () => {
  test('category, tag and search filters; the active tag clears itself; clear resets', async ({ page }) => {
    await routeExternal(page);
    await openPage(page, '/');
    const cards = page.getByTestId('article-card');
    await expect(cards).toHaveCount(3);

    await page.getByRole('combobox', { name: '分类' }).selectOption('前端开发');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('用 React Hooks 管理复杂表单状态');
    await page.getByRole('button', { name: '清除筛选' }).click();
    await expect(cards).toHaveCount(3);

    const koa = page.getByTestId('tag-filter').filter({ hasText: 'Koa' });
    await expect(koa).toContainText('(1)');
    await koa.click();
    await expect(cards).toHaveCount(1);
    await expect(koa).toHaveAttribute('aria-pressed', 'true');
    await koa.click();
    await expect(cards).toHaveCount(3);

    await page.getByRole('searchbox', { name: /搜索文章/ }).fill('优雅停机');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Koa 中间件与优雅停机');
    await page.getByRole('button', { name: '清除筛选' }).click();
    await expect(page.getByRole('searchbox', { name: /搜索文章/ })).toHaveValue('');
    await expect(cards).toHaveCount(3);
  });

  test('cards show at most three tags plus +N, counters and the date', async ({ page, server }) => {
    await createArticle(server, {
      title: '五个标签的文章',
      content: '正文',
      category: '工具使用',
      tags: 'A1,B2,C3,D4,E5',
      summary: '摘要',
    });
    await routeExternal(page);
    await openPage(page, '/');
    const card = page.getByTestId('article-card').filter({ hasText: '五个标签的文章' });
    await expect(card.getByTestId('card-tag')).toHaveText(['A1', 'B2', 'C3', '+2']);
    await expect(card).toContainText('0 次阅读');
    await expect(card).toContainText('0 条评论');
    await expect(card.locator('img')).toHaveAttribute('src', '/default-cover.svg');
  });

  test('a broken cover falls back to the default cover', async ({ page, server }) => {
    await createArticle(server, { title: '坏封面', content: '正文', cover: '/uploads/missing.png' });
    await routeExternal(page);
    await openPage(page, '/');
    const cover = page.getByTestId('article-card').filter({ hasText: '坏封面' }).locator('img');
    await cover.scrollIntoViewIfNeeded();
    await expect(cover).toHaveAttribute('src', /\/default-cover\.svg$/);
  });

  test('pagination: 9 a page, scrolls to the list, and a filter change returns to page 1', async ({ page, server }) => {
    for (let index = 1; index <= 10; index += 1) {
      await createArticle(server, { title: `分页文章 ${index}`, content: '正文', category: '分页' });
    }
    await routeExternal(page);
    await openPage(page, '/');
    const cards = page.getByTestId('article-card');
    await expect(cards).toHaveCount(9);
    const pager = page.getByRole('navigation', { name: '文章分页' });
    await pager.getByRole('button', { name: '第 2 页' }).click();
    await expect(cards).toHaveCount(4);
    await expect(pager.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
    // The list's top comes to rest under the 70 px bar, unless a short last page leaves the
    // document too short to scroll that far: then the page rests at its very bottom with the list in view.
    await expect
      .poll(async () => {
        const top = (await page.locator('#articles').boundingBox())?.y ?? Number.NaN;
        const atBottom = await page.evaluate(
          () => window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
        );
        return Math.abs(top - 70) < 8 || (atBottom && top >= 0 && top < (page.viewportSize()?.height ?? 0) / 2);
      })
      .toBe(true);

    await page.getByRole('combobox', { name: '分类' }).selectOption('分页');
    await expect(cards).toHaveCount(9);
    await expect(pager.getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
  });

  test('loading shows six skeleton cards, also while the live connection checks the list; no match shows 暂无文章', async ({
    page,
  }) => {
    await routeExternal(page);
    // The realtime connection is let through only once the search is loading: its check of the
    // list on connecting must not replace the skeleton with the list from before the search.
    let connect: () => void = () => undefined;
    const connecting = new Promise<void>((resolve) => (connect = resolve));
    await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
      await connecting;
      socket.connectToServer();
    });
    await openPage(page, '/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let listReads = 0;
    await page.route('**/api/articles?*', async (route) => {
      listReads += 1;
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('searchbox', { name: /搜索文章/ }).fill('没有这样的文章');
    await expect(page.getByTestId('article-skeleton')).toHaveCount(6);
    const readsBefore = listReads;
    connect();
    await waitForRealtime(page);
    // The connection's check of the list went out (held like the search).
    await expect.poll(() => listReads).toBeGreaterThan(readsBefore);
    await expect(page.getByTestId('article-skeleton')).toHaveCount(6);
    await expect(page.getByTestId('article-card')).toHaveCount(0);
    release();
    await expect(page.getByTestId('articles-empty')).toHaveText('暂无文章');
    await expect(page.getByTestId('article-skeleton')).toHaveCount(0);
  });

  test.describe('an empty site', () => {
    test.use({ serverOptions: { seed: false } });
    test('shows 暂无文章 straight from the server', async ({ page }) => {
      await routeExternal(page);
      await openPage(page, '/');
      await expect(page.getByTestId('articles-empty')).toHaveText('暂无文章');
    });
  });

  test('demo mode when the API fails: sample articles filtered locally, demo categories and the banner', async ({ page }) => {
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('article-card')).toHaveCount(3);
    await page.route(/\/api\/(articles|categories|tags)(\?|$)/, (route) =>
      route.fulfill({ status: 500, json: { code: 1, msg: '服务器内部错误' } }),
    );
    await page.getByRole('searchbox', { name: /搜索文章/ }).fill('Redis');
    await expect(page.getByTestId('demo-banner')).toContainText('演示模式');
    await expect(page.getByTestId('article-card')).toHaveCount(1);
    await expect(page.getByTestId('article-card')).toContainText('Redis 缓存策略');
    await page.getByRole('button', { name: '清除筛选' }).click();
    await expect(page.getByTestId('article-card')).toHaveCount(9);
    await page.getByRole('combobox', { name: '分类' }).selectOption('数据库');
    await expect(page.getByTestId('article-card')).toHaveCount(2);
  });

  test('share without a native share sheet copies the link', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await routeExternal(page);
    await openPage(page, '/');
    const card = page.getByTestId('article-card').filter({ hasText: 'Koa 中间件与优雅停机' });
    await card.getByRole('button', { name: /分享文章/ }).click();
    const copied = toast(page, '链接已复制到剪贴板');
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/articles/koa-zhong-jian-jian-yu-you-ya-ting-ji`,
    );
    // The toast brings its own theme (the page's stylesheet declares only the variables its rules
    // read; none reads the success colour) and the page's font, in the light and the dark scheme.
    const successIcon = copied.locator('.fui-ToastTitle__media');
    await expect(copied).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(copied).toHaveCSS('font-family', /Segoe UI/);
    await expect(successIcon).toHaveCSS('color', 'rgb(14, 112, 14)'); // webLightTheme's #0e700e
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(copied).toHaveCSS('background-color', 'rgb(41, 41, 41)');
    await expect(successIcon).toHaveCSS('color', 'rgb(84, 176, 84)'); // webDarkTheme's #54b054
  });

  test('the native share sheet is used when there is one', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as { __shares?: unknown[] }).__shares = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
        configurable: true,
      });
    });
    await routeExternal(page);
    await openPage(page, '/');
    await page
      .getByTestId('article-card')
      .first()
      .getByRole('button', { name: /分享文章/ })
      .click();
    await expect.poll(() => page.evaluate(() => (window as { __shares?: { url: string }[] }).__shares?.length)).toBe(1);
    await expect(toast(page, '链接已复制到剪贴板')).toHaveCount(0);
  });

  test('a card opens its article', async ({ page }) => {
    await routeExternal(page);
    await openPage(page, '/');
    await page.getByRole('link', { name: 'Koa 中间件与优雅停机' }).click();
    await expect(page).toHaveURL(/\/articles\/koa-zhong-jian-jian-yu-you-ya-ting-ji$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Koa 中间件与优雅停机' })).toBeVisible();
  });

  test('live: a new article and a changed skill appear without a reload', async ({ page, server }) => {
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('article-card')).toHaveCount(3);
    await page.evaluate(() => ((window as { __marker?: number }).__marker = 1));
    await waitForRealtime(page);
    await createArticle(server, { title: '实时出现的文章', content: '正文' });
    await expect(page.getByTestId('article-card').first()).toContainText('实时出现的文章');
    await adminCall(server, 'POST', '/api/admin/skills', { name: 'Rust', description: '实时技能', level: 40 });
    await expect(page.getByTestId('skill-card').filter({ hasText: 'Rust' })).toBeVisible();
    await adminCall(server, 'PUT', '/api/admin/site-blocks', { blocks: [{ name: 'home', content: { title: '新的标题' } }] });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新的标题');
    expect(await page.evaluate(() => (window as { __marker?: number }).__marker)).toBe(1);
  });
});
