import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { moveWithKeyboard, openSignedIn, pngBytes, toast } from './admin-helpers.js';

async function uploadThroughChooser(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '上传新头像' }).click();
  await (await chooser).setFiles(file);
}

test('avatars: upload, reorder makes the first current, delete, and a non-image is rejected', async ({ page, server, api }) => {
  await openSignedIn(page, server, '/admin/avatars');
  await expect(page.getByText('暂无头像，请上传新头像')).toBeVisible();

  await uploadThroughChooser(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toast(page, '上传失败: 只能上传图片文件')).toBeVisible();
  // A file that claims to be an image but is not one is refused by the server's magic-byte check.
  await uploadThroughChooser(page, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(toast(page, '上传失败: 不支持的图片格式')).toBeVisible();

  await uploadThroughChooser(page, { name: 'first.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(toast(page, '上传成功')).toBeVisible();
  await uploadThroughChooser(page, { name: 'second.png', mimeType: 'image/png', buffer: pngBytes() });
  const items = page.getByTestId('avatar-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('当前头像');
  await expect(items.nth(1)).toContainText('头像1');
  await expect(items.first()).toContainText('上传时间');

  type AvatarRow = { id: number; is_current: boolean };
  const before = (await api('GET', '/api/avatars')).body.data as AvatarRow[];
  const [newest, older] = before;

  // Keyboard drag of 头像1 to the top: the server makes it current straight away.
  await moveWithKeyboard(page, '拖动排序：头像1', 'ArrowUp', 1);
  await expect(toast(page, '已设为当前头像')).toBeVisible();
  const after = (await api('GET', '/api/avatars')).body.data as AvatarRow[];
  expect(after.map((avatar) => avatar.id)).toEqual([older?.id, newest?.id]);
  expect(after[0]?.is_current).toBe(true);

  await page.getByRole('button', { name: '删除当前头像' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('确认删除头像');
  await expect(dialog).toContainText('确定要删除这个头像吗？此操作不可撤销。');
  await dialog.getByRole('button', { name: '确认删除' }).click();
  await expect(toast(page, '已删除头像')).toBeVisible();
  await expect(items).toHaveCount(1);
  const remaining = (await api('GET', '/api/avatars')).body.data as AvatarRow[];
  expect(remaining.map((avatar) => avatar.id)).toEqual([newest?.id]);
  expect(remaining[0]?.is_current).toBe(true);
});
