import { expect, test } from '../fixtures.js';
import { adminCall, openPage, routeExternal, toast, waitForRealtime } from './helpers.js';

/** A 1×1 PNG, enough for the server's magic-byte check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('live: a new avatar and a deleted contact show without a reload', async ({ page, server }) => {
  await routeExternal(page);
  await openPage(page, '/');
  await expect(page.getByTestId('home-avatar')).toHaveAttribute('src', '/default-avatar.svg');
  await waitForRealtime(page);

  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
  const token = await server.login();
  const upload = await fetch(`${server.url}/api/admin/avatars`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  await expect(page.getByTestId('home-avatar')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.png$/);

  const contacts = await adminCall<{ id: number; value: string }[]>(server, 'GET', '/api/admin/contacts');
  const phone = contacts.find((contact) => contact.value.startsWith('+86'));
  await adminCall(server, 'DELETE', `/api/admin/contacts/${phone?.id ?? 0}`);
  await expect(page.getByTestId('contact-item')).toHaveCount(2);
});

test('live: an open article refetches only for its own changes, and a refetch is not a new view', async ({ page, server }) => {
  const articles = await adminCall<{ id: number; title: string }[]>(server, 'GET', '/api/admin/articles?per_page=100');
  const [reading, other] = articles;
  const detailReads: string[] = [];
  const commentReads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === `/api/articles/${reading?.id}`) detailReads.push(url.search);
    if (url.pathname === `/api/articles/${reading?.id}/comments` && request.method() === 'GET') commentReads.push(url.search);
  });
  await routeExternal(page);
  await openPage(page, `/articles/${reading?.id}`);
  await waitForRealtime(page);
  // Once connected, the page checks what it showed from before the connection, counting no view.
  await expect.poll(() => [detailReads.length, commentReads.length]).toEqual([1, 1]);
  expect(detailReads).toEqual(['?refresh=1']);
  detailReads.length = 0;
  commentReads.length = 0;
  const viewsOf = async () => (await adminCall<{ views: number }>(server, 'GET', `/api/admin/articles/${reading?.id}`)).views;
  const viewsBefore = await viewsOf();

  // Another article changes, or gets a comment: this page has nothing to fetch.
  await adminCall(server, 'PUT', `/api/admin/articles/${other?.id}`, { title: '别的文章改了标题' });
  const comment = { author: '路人', email: '', content: '别的文章下的评论' };
  expect((await fetch(`${server.url}/api/articles/${other?.id}/comments`, jsonPost(comment))).status).toBe(201);
  // This one changes: the page shows it, and its refetch counts no view.
  await adminCall(server, 'PUT', `/api/admin/articles/${reading?.id}`, { title: '正在读的文章改了标题' });
  await expect(page.getByRole('heading', { level: 1, name: '正在读的文章改了标题' })).toBeVisible();
  expect(detailReads).toEqual(['?refresh=1']);
  expect(await viewsOf()).toBe(viewsBefore);
  // A comment on this article is fetched at once.
  expect(
    (await fetch(`${server.url}/api/articles/${reading?.id}/comments`, jsonPost({ ...comment, content: '这篇文章下的评论' })))
      .status,
  ).toBe(201);
  await expect(page.getByText('这篇文章下的评论')).toBeVisible();
  expect(commentReads).toHaveLength(1);
});

/** A JSON POST for fetch. */
function jsonPost(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

test('keyboard: skip link, top-bar links and contacts work without a mouse', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await routeExternal(page);
  await openPage(page, '/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' })).toBeFocused();

  const wechat = page.getByTestId('contact-item').filter({ hasText: 'folio-dev' });
  await wechat.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, '已复制到剪贴板')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('folio-dev');
});
