import { expect, test } from '../fixtures.js';
import { openSignedIn } from '../admin/admin-helpers.js';
import { createArticle, openPage, routeExternal } from './helpers.js';

const SHOTS_DIR = process.env.FOLIO_EXCERPT_SHOTS_DIR;

/** 1,000 Chinese characters and two words: 字数 1,002, 阅读时长 2.5 + 0.01 minutes, rounded to 3. */
const BODY = `${'读'.repeat(500)}\n\n![图片](/uploads/0123456789abcdef0123456789abcdef.png)\n\nhello world\n\n${'书'.repeat(500)}`;

test.describe('字数 and 阅读时长', () => {
  test('the article page shows them, server-rendered and after hydration, beside the date', async ({ page, server, request }) => {
    const id = await createArticle(server, { title: '阅读时长测试', content: BODY, summary: '' });
    const html = await (await request.get(`/articles/${id}`)).text();
    expect(html).toContain('字数 1,002');
    expect(html).toContain('阅读时长 3 分钟');

    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await expect(page.getByTestId('article-word-count')).toHaveText('字数 1,002');
    await expect(page.getByTestId('article-reading-time')).toHaveText('阅读时长 3 分钟');
  });

  test('the admin editor counts them as the owner types', async ({ page, server }) => {
    await openSignedIn(page, server, '/admin/articles');
    await page.getByRole('button', { name: '快速新增' }).click();
    const dialog = page.getByRole('dialog', { name: '快速新增文章' });
    const counter = dialog.getByTestId('editor-reading-length');
    await expect(counter).toHaveText('字数 0 · 阅读时长约 1 分钟');
    await dialog.locator('.cm-content').fill('你好世界 hello');
    await expect(counter).toHaveText('字数 5 · 阅读时长约 1 分钟');
    await dialog.locator('.cm-content').fill('字'.repeat(1200));
    await expect(counter).toHaveText('字数 1,200 · 阅读时长约 3 分钟');
  });

  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`the article header at ${width} px, ${scheme}: nothing moves once painted`, async ({ page, server }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await routeExternal(page);
        const id = await createArticle(server, {
          title: '一篇用来看页头的文章',
          content: BODY,
          summary: '',
          category: '随笔',
          tags: '阅读,排版',
        });
        await page.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { __shifts: number[] }).__shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) shifts.push(entry.value);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await openPage(page, `/articles/${id}`);
        await expect(page.getByTestId('article-reading-time')).toBeVisible();
        const header = page.getByTestId('article-page');
        const cls = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));
        expect(cls).toBeLessThan(0.005);
        if (SHOTS_DIR) {
          await page.screenshot({
            path: `${SHOTS_DIR}/article-header-${width}-${scheme}.png`,
            clip: { x: 0, y: 0, width, height: Math.min(900, ((await header.boundingBox())?.y ?? 0) + 420) },
          });
        }
      });
    }
  }
});
