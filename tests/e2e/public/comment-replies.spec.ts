import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { COMMENTS_PAGE_SIZE } from '@folio/shared';
import { expect, test } from '../fixtures.js';
import type { TestServer } from '../../support/test-server.js';
import {
  adminCall,
  articleIdByTitle,
  openPage,
  renderedMarkup,
  routeExternal,
  toast,
  waitForRealtime,
  WELCOME_TITLE,
} from './helpers.js';

// Enough posts from one address for a second page of threads.
test.use({ serverOptions: { seed: true, config: { commentRateLimits: { perMinute: 100, perHour: 100 } } } });

/** Posts a visitor's comment (a reply when `parentId` is given) and returns its id. */
async function visitorComment(server: TestServer, articleId: number, author: string, content: string, parentId?: number) {
  const response = await fetch(`${server.url}/api/articles/${articleId}/comments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ author, email: '', content, parent_id: parentId }),
  });
  const body = (await response.json()) as { data: { id: number; status: string } };
  expect(response.status).toBe(201);
  return body.data;
}

/** Sums the page's layout shifts from its first paint on (CLS as Chromium counts it). */
async function recordLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const record = window as unknown as { __cls: number };
    record.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) record.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

const setModeration = (server: TestServer, moderation: 'none' | 'all') =>
  adminCall(server, 'PUT', '/api/admin/settings/comments', { moderation, blocked_words: [], blocked_addresses: [] });

test.describe('replies under article comments', () => {
  test('a mail link shows its reply nested and highlighted in the server-rendered threads, and nothing shifts', async ({
    page,
    request,
    server,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    const first = await visitorComment(server, id, '读者甲', '第一条评论');
    const answer = await visitorComment(server, id, '读者乙', '回答甲', first.id);
    const deeper = await visitorComment(server, id, 'דוד', 'שלום לכולם', answer.id);
    await adminCall(server, 'POST', `/api/admin/comments/${first.id}/replies`, { content: '谢谢阅读' });
    await visitorComment(server, id, '读者丙', '另一条');

    const html = renderedMarkup(await (await request.get(`/articles/${id}`)).text());
    expect(html.includes(`id="comment-${deeper.id}"`), 'the deeper reply is in the server-rendered threads').toBe(true);

    await routeExternal(page);
    const cls = await recordLayoutShift(page);
    await openPage(page, `/articles/${id}#comment-${deeper.id}`);
    await expect(page.getByRole('heading', { name: '评论 (5)' })).toBeVisible();
    // Newest thread first; the replies under the first comment, oldest first, the deeper one flat with 回复 @.
    const threads = page.getByTestId('comment-thread');
    await expect(threads).toHaveCount(2);
    await expect(threads.nth(0).getByTestId('comment')).toHaveText([/读者丙.*另一条/]);
    const firstThread = threads.nth(1);
    await expect(firstThread.getByTestId('comment')).toHaveText([
      /读者甲.*第一条评论/,
      /读者乙.*回答甲/,
      /דוד.*回复 @读者乙 שלום לכולם/,
      /作者.*谢谢阅读/,
    ]);
    await expect(firstThread.locator('ol [data-testid="comment"]')).toHaveCount(3);
    // The 作者 mark is the owner's alone; the body of the RTL reply still decides its paragraph's direction.
    await expect(page.getByTestId('comment').filter({ hasText: '作者' })).toHaveCount(1);
    const deeperEntry = page.locator(`#comment-${deeper.id}`);
    expect(await deeperEntry.locator('p').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await expect(deeperEntry).toHaveClass(/highlighted/);
    await expect(deeperEntry).toBeInViewport();

    await page.evaluate(() => document.fonts.ready);
    expect(await cls()).toBeLessThan(0.005);

    // The threads, the marks and an open reply form read well in both schemes.
    await page.getByRole('button', { name: '回复 读者乙' }).click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page })
        .include('section[aria-labelledby="comments-title"]')
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      expect(results.violations.map((violation) => `${colorScheme} ${violation.id}`)).toEqual([]);
    }
  });

  test('a reply shows under its comment at once; a held one shows nothing and says so until the owner approves it', async ({
    page,
    server,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    const first = await visitorComment(server, id, '读者甲', '第一条评论');
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);
    await waitForRealtime(page);

    // The e-mail is checked as the server checks it.
    const mainForm = page.getByRole('form', { name: '发表评论' });
    await mainForm.getByLabel('昵称').fill('读者乙');
    await mainForm.getByLabel('邮箱（选填，仅用于接收回复通知，不会公开）').fill('不是邮箱');
    await mainForm.getByLabel('评论内容').fill('正文');
    await mainForm.getByLabel('评论内容').focus();
    await expect(mainForm.getByText('邮箱格式不正确')).toBeVisible();
    await expect(mainForm.getByRole('button', { name: '发表评论' })).toBeDisabled();
    await mainForm.getByLabel('邮箱（选填，仅用于接收回复通知，不会公开）').fill('yi@example.com');
    await mainForm.getByLabel('评论内容').fill('');

    await page.getByRole('button', { name: '回复 读者甲' }).click();
    const replyForm = page.getByRole('form', { name: '回复 读者甲' });
    // The nickname typed once is the reply's too, so the text is where typing goes.
    await expect(replyForm.getByLabel('昵称')).toHaveValue('读者乙');
    await expect(replyForm.getByLabel('回复内容')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(replyForm).toHaveCount(0);
    await expect(page.getByRole('button', { name: '回复 读者甲' })).toBeFocused();

    await page.getByRole('button', { name: '回复 读者甲' }).click();
    await replyForm.getByLabel('回复内容').fill('我来回答');
    await replyForm.getByRole('button', { name: '发表回复' }).click();
    await expect(toast(page, '评论发布成功！')).toBeVisible();
    await expect(replyForm).toHaveCount(0);
    await expect(page.locator('ol ol [data-testid="comment"]')).toHaveText([/读者乙.*我来回答/]);
    await expect(page.getByRole('heading', { name: '评论 (2)' })).toBeVisible();

    await setModeration(server, 'all');
    await page.getByRole('button', { name: '回复 读者甲' }).click();
    await replyForm.getByLabel('回复内容').fill('等待审核的回复');
    await replyForm.getByRole('button', { name: '发表回复' }).click();
    await expect(replyForm.getByRole('status')).toHaveText('评论已提交，待审核');
    await expect(replyForm.getByLabel('回复内容')).toHaveValue('');
    await expect(page.getByTestId('comment')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: '评论 (2)' })).toBeVisible();

    // Approved elsewhere, it shows without a reload; so does another visitor's reply.
    const held = await adminCall<{ comments: { id: number; content: string }[] }>(
      server,
      'GET',
      '/api/admin/comments?status=pending',
    );
    const pending = held.comments.find((comment) => comment.content === '等待审核的回复');
    expect(pending).toBeDefined();
    await adminCall(server, 'POST', `/api/admin/comments/${pending?.id ?? 0}/approve`);
    await expect(page.locator('ol ol [data-testid="comment"]')).toHaveText([/我来回答/, /等待审核的回复/]);
    await setModeration(server, 'none');
    await visitorComment(server, id, '读者丁', '别处的回复', first.id);
    await expect(page.locator('ol ol [data-testid="comment"]')).toHaveText([/我来回答/, /等待审核的回复/, /读者丁.*别处的回复/]);
    await expect(page.getByRole('heading', { name: '评论 (4)' })).toBeVisible();
  });

  test('threads beyond the first page come with 更多评论, and a link to a reply in one of them loads it', async ({
    page,
    server,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    const oldest = await visitorComment(server, id, '最早的读者', '最早的评论');
    const reply = await visitorComment(server, id, '回复者', '旧帖的回复', oldest.id);
    for (let index = 1; index <= COMMENTS_PAGE_SIZE; index += 1) await visitorComment(server, id, `读者${index}`, `评论${index}`);
    await routeExternal(page);

    await openPage(page, `/articles/${id}`);
    await expect(page.getByRole('heading', { name: '评论 (22)' })).toBeVisible();
    await expect(page.getByTestId('comment')).toHaveCount(COMMENTS_PAGE_SIZE);
    await page.getByRole('button', { name: '更多评论' }).click();
    await expect(page.getByTestId('comment')).toHaveCount(COMMENTS_PAGE_SIZE + 2);
    await expect(page.getByRole('button', { name: '更多评论' })).toHaveCount(0);

    await page.goto('about:blank');
    await openPage(page, `/articles/${id}#comment-${reply.id}`);
    const linked = page.locator(`#comment-${reply.id}`);
    await expect(linked).toHaveClass(/highlighted/);
    await expect(linked).toBeInViewport();
  });
});
