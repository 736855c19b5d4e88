import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { adminCall, articleIdByTitle, openPage, routeExternal, WELCOME_TITLE } from './helpers.js';

async function setModeration(server: Parameters<typeof adminCall>[0], moderation: 'none' | 'all'): Promise<void> {
  await adminCall(server, 'PUT', '/api/admin/settings/comments', { moderation, blocked_words: [], blocked_addresses: [] });
}

async function postFromForm(page: Page, author: string, content: string): Promise<void> {
  await page.getByLabel('昵称').fill(author);
  await page.getByLabel('评论内容').fill(content);
  await page.getByRole('button', { name: '发表评论' }).click();
  await expect(page.getByRole('status').filter({ hasText: '评论已提交，待审核' })).toBeVisible();
}

const heldIds = async (server: Parameters<typeof adminCall>[0]) =>
  (await adminCall<{ comments: { id: number; content: string }[] }>(server, 'GET', '/api/admin/comments?status=pending'))
    .comments;

test.describe('a held comment, seen by the visitor who wrote it', () => {
  test('shows marked 待审核 on that browser only, across reloads, until approved (then shown to all) or deleted', async ({
    page,
    browser,
    server,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await setModeration(server, 'all');
    await routeExternal(page);
    await openPage(page, `/articles/${id}`);

    await postFromForm(page, '耐心的读者', '这条要等博主审核');
    const held = page.getByTestId('held-comment');
    await expect(held).toHaveCount(1);
    await expect(held).toContainText('待审核');
    await expect(held).toContainText('耐心的读者');
    await expect(held).toContainText('这条要等博主审核');

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(held).toContainText('这条要等博主审核');
    await expect(page.getByTestId('comment').filter({ hasText: '这条要等博主审核' })).toHaveCount(0);

    // Never served to anyone else: another browser sees nothing of it.
    const other = await browser.newPage();
    await routeExternal(other);
    await openPage(other, `/articles/${id}`);
    await expect(other.getByText('这条要等博主审核')).toHaveCount(0);
    await other.close();

    // Approved: the public list shows it, and the held copy goes.
    const [first] = await heldIds(server);
    await adminCall(server, 'POST', `/api/admin/comments/${first?.id ?? 0}/approve`);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByTestId('comment').filter({ hasText: '这条要等博主审核' })).toHaveCount(1);
    await expect(held).toHaveCount(0);

    // Deleted while held: the page asks after it and forgets it.
    await postFromForm(page, '耐心的读者', '这条会被删除');
    await expect(held).toContainText('这条会被删除');
    const [second] = await heldIds(server);
    await adminCall(server, 'DELETE', `/api/admin/comments/${second?.id ?? 0}`);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByText('这条会被删除')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('folio_held_comments'))).toBe('[]');
  });
});
