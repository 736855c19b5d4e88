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
