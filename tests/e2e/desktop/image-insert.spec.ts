import type { Page } from '@playwright/test';
import { DesktopUiMessages } from '@folio/shared';
import { editorText, pngFile, sendFiles } from '../file-events.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { draftRow, goOffline } from './desktop-helpers';
import { shootEverySize, screensDir } from './harness/screenshots';

const SHOTS_DIR = screensDir('desktop-image-insert');
const UPLOADED = String.raw`\(/uploads/[^)\s]+\)`;

interface HoldingWindow {
  __folioInvoke(ipcChannel: string, arg: unknown): Promise<unknown>;
  __folioDroppedPaths?: Record<string, string>;
  __releaseImages?: () => void;
}

/**
 * Holds the bridge's body-image uploads until `__releaseImages()`, so the placeholder and the
 * progress line stay in view for the screenshots.
 */
async function holdImageUploads(page: Page): Promise<void> {
  await page.evaluate(() => {
    const harness = window as unknown as HoldingWindow;
    const invoke = harness.__folioInvoke.bind(harness);
    const held = new Promise<void>((resolve) => (harness.__releaseImages = resolve));
    harness.__folioInvoke = async (ipcChannel, arg) => {
      if (JSON.stringify(arg ?? null).includes('/api/admin/articles/images')) await held;
      return invoke(ipcChannel, arg);
    };
  });
}

test('the draft editor takes pasted and dropped images through the bridge, and a drop on it does not go to 本地导入', async ({
  desktop,
  folio,
}) => {
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
  await desktop.getByLabel(DesktopUiMessages.title).fill('带图的草稿');
  const body = desktop.locator('.cm-content').first();
  await body.click();
  await desktop.keyboard.type('正文\n');
  const editorUrl = desktop.url();
  // Files dropped on the window elsewhere would be imported: these have real paths.
  await desktop.evaluate(() => {
    (window as unknown as HoldingWindow).__folioDroppedPaths = { '拖入.png': '/tmp/拖入.png', '封面.png': '/tmp/封面.png' };
  });

  await holdImageUploads(desktop);
  await sendFiles(body, 'paste', [pngFile('粘贴.png')]);
  await expect.poll(() => editorText(body)).toMatch(/^正文\n!\[上传中 粘贴\.png… #\w+\]\(\)\n$/);
  await expect(desktop.getByTestId('image-upload-progress')).toContainText('粘贴.png');
  await shootEverySize(desktop, SHOTS_DIR, 'desktop-placeholder');
  await desktop.evaluate(() => (window as unknown as HoldingWindow).__releaseImages?.());
  await expect.poll(() => editorText(body)).toMatch(new RegExp(String.raw`^正文\n!\[\]${UPLOADED}\n$`));
  // The preview loads the server's image from the app's own origin (its alt text is the owner's to write).
  const previewed = desktop.getByTestId('markdown-preview').locator('img').first();
  await expect.poll(() => previewed.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);

  await sendFiles(body, 'drop', [pngFile('拖入.png')]);
  await expect.poll(() => editorText(body)).toMatch(new RegExp(String.raw`^正文\n!\[\]${UPLOADED}\n(?:\n)?!\[\]${UPLOADED}\n`));
  expect(desktop.url()).toBe(editorUrl);

  // The cover, dropped on its field among the unfolded details, with its preview.
  await desktop.getByRole('button', { name: DesktopUiMessages.articleDetails }).click();
  await sendFiles(desktop.getByTestId('cover-field'), 'drop', [pngFile('封面.png')]);
  await expect(desktop.getByLabel('封面地址')).toHaveValue(/^\/uploads\/[0-9a-f]+\.png$/);
  await expect(desktop.getByRole('img', { name: '封面预览' })).toHaveAttribute('src', /\/uploads\/[0-9a-f]+\.png$/);
  expect(desktop.url()).toBe(editorUrl);

  // Offline the image is kept with the draft on this disk (offline-images.spec.ts follows it to the server).
  await goOffline(desktop, folio);
  await draftRow(desktop, '带图的草稿').getByRole('button', { name: DesktopUiMessages.open }).click();
  await sendFiles(body, 'paste', [pngFile('离线.png')]);
  await expect.poll(() => editorText(body)).toMatch(/!\[\]\(\/draft-images\/[^)\s]+\.png\)\n/);

  // The same file dropped outside the editor still goes to 本地导入.
  await sendFiles(desktop.getByLabel(DesktopUiMessages.title), 'drop', [pngFile('拖入.png')]);
  await expect(desktop).toHaveURL(/#\/import/);
});
