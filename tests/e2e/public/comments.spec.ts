import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { articleIdByTitle, openPage, renderedMarkup, routeExternal, toast, waitForRealtime, WELCOME_TITLE } from './helpers.js';

/** The GETs of the article's comment list the page makes from now on. */
function countListReads(page: Page, articleId: number): { count: number } {
  const reads = { count: 0 };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === `/api/articles/${articleId}/comments`) reads.count += 1;
  });
  return reads;
}

/** Holds the page's comment POSTs until the returned function is called. */
async function holdCommentPosts(page: Page, articleId: number): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/articles/${articleId}/comments`, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  return release;
}

/** Fills the comment form and sends it. */
async function postFromForm(page: Page, author: string, content: string): Promise<void> {
  await page.getByLabel('昵称').fill(author);
  await page.getByLabel('评论内容').fill(content);
  await page.getByRole('button', { name: '发表评论' }).click();
}

test.describe('article comments', () => {
  test("a posted comment shows from the POST's answer, and the list is fetched once, with others' comments", async ({
    page,
    server,
    api,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await waitForRealtime(page);
    const reads = countListReads(page, id);
    const release = await holdCommentPosts(page, id);

    await postFromForm(page, '读者甲', '我的评论');
    // Another visitor comments while this post is on its way: the page fetches the list for that.
    const elsewhere = await api('POST', `/api/articles/${id}/comments`, {
      json: { author: '别处的读者', email: '', content: '别人的评论' },
    });
    expect(elsewhere.status).toBe(201);
    await expect(page.getByTestId('comment')).toHaveText([/别人的评论/]);
    await expect.poll(() => reads.count).toBe(1);

    release();
    await expect(toast(page, '评论发布成功！')).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveText([/读者甲.*我的评论/, /别处的读者.*别人的评论/]);
    await expect(page.getByRole('heading', { name: '评论 (2)' })).toBeVisible();
    // The post's own comments_updated refetches once; the post itself fetches nothing.
    await expect.poll(() => reads.count).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(reads.count).toBe(2);
    await expect(page.getByTestId('comment')).toHaveCount(2);
  });

  test('the posted comment shows at once even while the list is slow to answer', async ({ page, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await page.route(`**/api/articles/${id}/comments?*`, () => undefined);
    await postFromForm(page, '读者乙', '第一条');
    await expect(page.getByTestId('comment')).toHaveText([/读者乙.*第一条/]);
    await expect(page.getByText('加载评论中...')).toHaveCount(0);
  });

  test('a post the server fails says so and adds nothing', async ({ page, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await page.route(`**/api/articles/${id}/comments`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { code: 1, msg: '服务器内部错误' } })
        : route.continue(),
    );
    await postFromForm(page, '读者乙', '第二条');
    await expect(toast(page, '评论发布失败，请稍后重试')).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveCount(0);
    await expect(page.getByLabel('评论内容')).toHaveValue('第二条');
  });

  test('a reserved nickname is refused with the reason, and nothing is posted', async ({ page, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await postFromForm(page, 'Folio 站长', '我是站长');
    await expect(toast(page, '昵称“Folio 站长”为博主保留，请换一个')).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveCount(0);
    await expect(page.getByLabel('评论内容')).toHaveValue('我是站长');
  });

  test("visitors' nicknames and bodies are isolated, in the server's HTML and in the browser", async ({
    page,
    request,
    server,
    api,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    const posted = await api('POST', `/api/articles/${id}/comments`, {
      json: { author: 'דוד 123', email: '', content: 'שלום! 456' },
    });
    expect(posted.status).toBe(201);

    const html = renderedMarkup(await (await request.get(`/articles/${id}`)).text());
    expect(html).toMatch(/<bdi[^>]*>דוד 123<\/bdi>/);
    expect(html).toMatch(/<p [^>]*dir="auto"[^>]*>שלום! 456<\/p>/);

    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    const comment = page.getByTestId('comment');
    const isolation = (text: string) =>
      comment.getByText(text, { exact: true }).evaluate((element) => ({
        unicodeBidi: getComputedStyle(element).unicodeBidi,
        direction: getComputedStyle(element).direction,
      }));
    expect(await isolation('דוד 123')).toEqual({ unicodeBidi: 'isolate', direction: 'rtl' });
    expect(await isolation('שלום! 456')).toEqual({ unicodeBidi: 'isolate', direction: 'rtl' });
  });
});
