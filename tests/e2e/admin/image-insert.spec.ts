import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { editorText, pngFile, sendFiles } from '../file-events.js';
import { openSignedIn, pngBytes } from './admin-helpers.js';

/** Inside Playwright's output folder (git-ignored), unless FOLIO_SCREENS_DIR names another. */
const SHOTS_DIR = path.join(
  process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url)),
  'admin-image-insert',
);
const UPLOADED = String.raw`\(/uploads/[^)\s]+\)`;

async function openNewArticle(page: Page) {
  await page.getByRole('button', { name: '快速新增' }).click();
  return page.getByRole('dialog', { name: '快速新增文章' });
}

const bodyText = (page: Page) => editorText(page.locator('.cm-content'));

test('images pasted, dropped or picked go in at the cursor through a placeholder; a refused one says why', async ({
  page,
  server,
}) => {
  await openSignedIn(page, server, '/admin/articles');
  const dialog = await openNewArticle(page);
  const body = page.locator('.cm-content');
  await body.fill('开头一段');

  // The server holds the first upload until the screenshots are taken, so the placeholder and
  // the progress line can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/admin/articles/images',
    async (route) => {
      // Sent, then answered only when released: the bytes' progress is all there, the image not yet.
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    },
    { times: 1 },
  );

  await sendFiles(body, 'paste', [pngFile('粘贴.png')]);
  await expect.poll(() => bodyText(page)).toMatch(/!\[上传中 粘贴\.png… #\w+\]\(\)/);
  await expect(dialog.getByTestId('image-upload-progress')).toContainText('正在上传 1 张图片：粘贴.png');
  // The owner keeps typing above it: the placeholder moves and is still found.
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('标题行\n');

  await mkdir(SHOTS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 375, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await body.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS_DIR, `web-placeholder-${size.width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  release();
  await expect.poll(() => bodyText(page)).toMatch(new RegExp(String.raw`^标题行\n开头一段!\[\]${UPLOADED}\n?$`));
  await expect(dialog.getByTestId('image-upload-progress')).toHaveCount(0);

  // Two dropped at once, each replacing its own placeholder.
  await sendFiles(body, 'drop', [pngFile('一.png'), pngFile('二.png')]);
  await expect.poll(() => bodyText(page)).toMatch(new RegExp(String.raw`!\[\]${UPLOADED}\n!\[\]${UPLOADED}`));

  // The toolbar's button, two files picked.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '插入图片' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'a.png', mimeType: 'image/png', buffer: pngBytes() },
    { name: 'b.png', mimeType: 'image/png', buffer: pngBytes() },
  ]);
  await expect
    .poll(() => bodyText(page))
    .toMatch(new RegExp(String.raw`!\[\]${UPLOADED}\n!\[\]${UPLOADED}\n!\[\]${UPLOADED}\n!\[\]${UPLOADED}`));
  await expect(body).not.toContainText('上传中');

  // A file the server refuses: its reason shows, and the text is as it was.
  const before = await bodyText(page);
  await sendFiles(body, 'paste', [{ name: '坏.png', base64: btoa('not an image'), type: 'image/png' }]);
  await expect(dialog.getByTestId('image-upload-problem')).toContainText(
    /图片 坏\.png 上传失败：(不支持的图片格式|图片文件已损坏或不完整，无法读取)/,
  );
  expect(await bodyText(page)).toBe(before);
  // Text copied with a picture of itself (a spreadsheet's cells) is pasted as the text.
  await sendFiles(body, 'paste', [pngFile('cells.png')], '表格里的字');
  await expect.poll(() => bodyText(page)).toContain('表格里的字');
  expect((await bodyText(page)).replace('表格里的字', '')).toBe(before);
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => bodyText(page)).toBe(before);

  // Not an image at all: refused before any upload.
  await sendFiles(body, 'drop', [{ name: 'notes.txt', base64: btoa('hi'), type: 'text/plain' }]);
  await expect(dialog.getByTestId('image-upload-problem')).toContainText('notes.txt 不是图片，只能插入图片');
  expect(await bodyText(page)).toBe(before);
});

test('the cover is picked, dropped or pasted, with its preview', async ({ page, server }) => {
  await openSignedIn(page, server, '/admin/articles');
  const dialog = await openNewArticle(page);
  const field = dialog.getByTestId('cover-field');
  const address = dialog.getByLabel('封面地址');
  const preview = dialog.getByRole('img', { name: '封面预览' });

  await sendFiles(field, 'drop', [pngFile('dropped.png')]);
  await expect(address).toHaveValue(/^\/uploads\/[0-9a-f]+\.png$/);
  const dropped = await address.inputValue();
  await expect(preview).toHaveAttribute('src', new RegExp(`${dropped}$`));

  await dialog.getByRole('button', { name: '移除封面' }).click();
  await expect(address).toHaveValue('');
  await sendFiles(address, 'paste', [pngFile('pasted.png')]);
  await expect(address).toHaveValue(/^\/uploads\/[0-9a-f]+\.png$/);

  await sendFiles(field, 'drop', [{ name: 'bad.png', base64: btoa('nope'), type: 'image/png' }]);
  await expect(
    page
      .locator('.fui-Toast')
      .filter({ hasText: /封面上传失败：/ })
      .last(),
  ).toBeVisible();
  await expect(address).toHaveValue(dropped);
});
