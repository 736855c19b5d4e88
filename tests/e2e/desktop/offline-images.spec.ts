import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DesktopUiMessages, LIMITS, ServerMessages } from '@folio/shared';
import type { Draft } from '../../../desktop/src/channels';
import { draftImagesDir } from '../../../desktop/src/core/draft-images';
import { pngBytes } from '../../../desktop/test/support/draft-images-workspace';
import { editorText, sendFiles } from '../file-events.js';
import type { FileSpec } from '../file-events.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { goOffline, serverArticles, typeInBody, waitSavedLocally } from './desktop-helpers';
import { startDesktopMain } from './harness/desktop-main';
import { startDesktopMainProcess } from './harness/desktop-main-process';
import type { DesktopMainProcess } from './harness/desktop-main-process';
import { openRendererPage, pageEvents } from './harness/page-wiring';
import { shootEverySize, screensDir } from './harness/screenshots';

const SHOTS_DIR = screensDir('desktop-offline-images');
const KEPT_LINK = String.raw`\(/draft-images/[0-9a-f-]+/[0-9a-f]{64}\.png\)`;

/** A picture big enough to see in the screenshots. */
function png(name: string, seed: number): FileSpec {
  return { name, base64: pngBytes(seed, 480, 270).toString('base64'), type: 'image/png' };
}

async function savedContent(main: Pick<DesktopMainProcess, 'dispatch'>, draftId: string): Promise<string> {
  const reply = await main.dispatch('drafts.get', { id: draftId });
  return reply.ok ? ((reply.data as Draft | null)?.fields.content ?? '') : '';
}

test('an image pasted offline is kept with the draft, survives a killed main process and is uploaded once on sync', async ({
  page,
  renderer,
  folio,
}) => {
  test.setTimeout(120_000);
  const main = await startDesktopMainProcess({ send: pageEvents(page) });
  let draftId: string;
  try {
    await openRendererPage(page, main, renderer);
    await signIn(page, folio.url, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/#\/admin/);
    await goOffline(page, folio);
    await page.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await expect(page).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
    draftId = decodeURIComponent(new URL(page.url()).hash.replace('#/drafts/', ''));
    await page.getByLabel(DesktopUiMessages.title).fill('离线配图');
    await typeInBody(page, '窗外的雪\n\n');
    const body = page.locator('.cm-content').first();

    // Over the server's limit: refused here with its message, the text as it was.
    const huge = pngBytes(1);
    const padded = Buffer.concat([huge, Buffer.alloc(LIMITS.imageBytes)]);
    await sendFiles(body, 'paste', [{ name: '太大.png', base64: padded.toString('base64'), type: 'image/png' }]);
    await expect(page.getByTestId('image-upload-problem')).toContainText(ServerMessages.imageTooLarge);
    expect(await editorText(body)).toBe('窗外的雪\n\n');
    // Called a PNG but not one by its bytes: main refuses it as the server would.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    await sendFiles(body, 'paste', [{ name: '矢量.png', base64: svg, type: 'image/png' }]);
    await expect(page.getByTestId('image-upload-problem')).toContainText(ServerMessages.imageTypeUnsupported);
    expect(await editorText(body)).toBe('窗外的雪\n\n');

    await sendFiles(body, 'paste', [png('雪.png', 2)]);
    await expect.poll(() => editorText(body)).toMatch(new RegExp(String.raw`^窗外的雪\n\n!\[\]${KEPT_LINK}\n$`));
    // The preview shows it from the copy on this disk (its alt text is the owner's to write).
    const shown = page.getByTestId('markdown-preview').locator('img');
    await expect(shown).toHaveAttribute('src', /^\/draft-images\//);
    await expect.poll(() => shown.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(480);
    await waitSavedLocally(page);
    await expect.poll(() => savedContent(main, draftId)).toMatch(new RegExp(KEPT_LINK));
    await shootEverySize(page, SHOTS_DIR, 'offline-pasted-image');
  } finally {
    // No quit path: the process is simply gone.
    await main.kill();
  }

  await folio.restart();
  // Started again on the same folder; the server answers again: the draft goes up by itself.
  const reopened = await startDesktopMain({ dataDir: main.dataDir, send: undefined });
  try {
    await expect
      .poll(() => savedContent(reopened, draftId), { timeout: 30_000 })
      .toMatch(/^窗外的雪\n\n!\[\]\(\/uploads\/[^)\s]+\)\n$/);
    const uploaded = await savedContent(reopened, draftId);
    await expect.poll(async () => (await serverArticles(folio)).map((article) => article.content)).toEqual([uploaded]);
    // One upload of the image, whatever the retries: the server stores it once by its bytes.
    expect(await readdir(path.join(folio.current().dataDir, 'uploads'))).toHaveLength(1);
    // Synced: the copy on this disk is gone.
    const [profileId = ''] = await readdir(path.join(main.dataDir, 'profiles'));
    const kept = await readdir(draftImagesDir(main.dataDir, profileId));
    expect(kept.filter((name) => name.endsWith('.png'))).toEqual([]);
  } finally {
    await reopened.stop();
  }
});

test('an open editor follows the upload of its offline image: its link becomes the /uploads/ one on disk', async ({
  desktop,
  folio,
  main,
}) => {
  test.setTimeout(120_000);
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await goOffline(desktop, folio);
  await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
  await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
  const draftId = decodeURIComponent(new URL(desktop.url()).hash.replace('#/drafts/', ''));
  await desktop.getByLabel(DesktopUiMessages.title).fill('开着的编辑器');
  await typeInBody(desktop, '窗外的雪\n\n');
  const body = desktop.locator('.cm-content').first();
  await sendFiles(body, 'paste', [png('雪.png', 3)]);
  await expect.poll(() => editorText(body)).toMatch(new RegExp(KEPT_LINK));
  await waitSavedLocally(desktop);

  // The server comes back while the editor stays open: the sync uploads the image and rewrites the draft.
  await folio.restart();
  await expect.poll(() => savedContent(main, draftId), { timeout: 60_000 }).toMatch(/\(\/uploads\/[^)\s]+\)/);
  const onDisk = await savedContent(main, draftId);
  await expect.poll(() => editorText(body)).toBe(onDisk);
  await expect(desktop.getByTestId('markdown-preview').locator('img').first()).toHaveAttribute('src', /\/uploads\//);
  // The next keystroke saves the followed text, not the offline link again.
  await typeInBody(desktop, '又下了一夜');
  await waitSavedLocally(desktop);
  expect(await savedContent(main, draftId)).not.toMatch(/draft-images/);
});
