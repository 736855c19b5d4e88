import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from '../fixtures.js';
import { editorText, pngFile, sendFiles } from '../file-events.js';
import type { EnvelopeBody, TestServer } from '../../support/test-server.js';
import { openSignedIn, toast } from './admin-helpers.js';

/** The screenshots of the quick dialog and the restore question (1280 and 390 wide, light and dark). */
const SHOTS_DIR = process.env.FOLIO_EDITOR_SHOTS_DIR ?? '/tmp/shots-editor';
const UPLOADED = String.raw`\(/uploads/[^)\s]+\)`;
const MB = 1024 * 1024;

test.use({ serverOptions: { seed: false, config: { maxImageBytes: 2 * MB } } });

interface AdminDetail {
  title: string;
  content: string;
  status: string;
  revision: number;
  autosave: { title: string; content: string } | null;
}

const body = (page: Page) => page.locator('.cm-content');
const bodyText = (page: Page) => editorText(body(page));

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 820 });
      // The colour transitions a change of scheme starts (a spinner's endless turn is no transition).
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 820 });
}

async function adminApi(
  server: TestServer,
  api: (method: string, url: string, options?: object) => Promise<{ body: EnvelopeBody }>,
) {
  const token = await server.login();
  return {
    token,
    list: async () =>
      (await api('GET', '/api/admin/articles', { token })).body.data as { id: number; title: string; status: string }[],
    detail: async (id: number) => (await api('GET', `/api/admin/articles/${id}`, { token })).body.data as AdminDetail,
  };
}

/** A photo copied to the clipboard: a PNG twice the server's 2 MB here, whose WebP is a fraction of it. */
async function clipboardPhoto(): Promise<Buffer> {
  const noise = sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#6a8cb0', noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  });
  const raw = await noise.raw().toBuffer();
  return sharp(raw, { raw: { width: 1600, height: 1200, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

test('a pasted photo over the limit is written again in the browser and goes in; its alt text is left for the owner', async ({
  page,
  server,
}) => {
  await openSignedIn(page, server, '/admin/articles');
  await page.goto('/admin/articles/new');
  await body(page).click();
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/admin/articles/images')) sent += 1;
  });

  const photo = await clipboardPhoto();
  expect(photo.length).toBeGreaterThan(2 * MB);
  await sendFiles(body(page), 'paste', [{ name: 'image.png', base64: photo.toString('base64'), type: 'image/png' }]);
  // Sent once, as the WebP the browser wrote (the server names a stored file by its type).
  await expect.poll(() => bodyText(page), { timeout: 20_000 }).toMatch(/^!\[\]\(\/uploads\/[0-9a-f]+\.webp\)\n$/);
  expect(sent).toBe(1);
  // The cursor waits in the empty alt text: the owner describes the picture there.
  await page.keyboard.type('窗外的山');
  await expect.poll(() => bodyText(page)).toMatch(new RegExp(String.raw`^!\[窗外的山\]${UPLOADED}\n$`));

  // A file that cannot be made smaller (an animation) is refused before any byte is sent.
  const before = await bodyText(page);
  const gif = Buffer.concat([
    Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    Buffer.alloc(2 * MB),
  ]);
  await sendFiles(body(page), 'paste', [{ name: '动图.gif', base64: gif.toString('base64'), type: 'image/gif' }]);
  await expect(page.getByTestId('image-upload-problem')).toContainText('图片 动图.gif 上传失败：图片大小不能超过2MB');
  expect(sent).toBe(1);
  expect(await bodyText(page)).toBe(before);
});

test('the editor keys: Ctrl+S saves without the browser dialog, Ctrl+B / I / K format the selection', async ({
  page,
  server,
  api,
}) => {
  const { list, detail } = await adminApi(server, api);
  await openSignedIn(page, server, '/admin/articles');
  await page.goto('/admin/articles/new');
  await page.getByRole('textbox', { name: '标题' }).fill('快捷键');
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\/edit$/);
  await body(page).click();
  await page.keyboard.type('粗体');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.press('End');
  await page.keyboard.type(' 斜体');
  for (let step = 0; step < 2; step += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.press('End');
  await page.keyboard.type(' 链接');
  for (let step = 0; step < 2; step += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('https://example.com');
  await expect.poll(() => bodyText(page)).toBe('**粗体** *斜体* [链接](https://example.com)');

  // Ctrl+S is the editor's: the browser's 另存为 never opens, and the text is on the server.
  const prevented = await body(page).evaluate((element) => {
    const event = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
    element.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prevented).toBe(true);
  const [article] = await list();
  await expect.poll(async () => (await detail(article?.id ?? 0)).content).toBe('**粗体** *斜体* [链接](https://example.com)');
});

test('a draft holds what was typed, not its first keystroke: the list, the history and a reload show the latest text', async ({
  page,
  server,
  api,
}) => {
  const { token, list, detail } = await adminApi(server, api);
  await openSignedIn(page, server, '/admin/articles');
  await page.goto('/admin/articles/new');
  await page.getByRole('textbox', { name: '标题' }).pressSequentially('周末去爬山', { delay: 60 });
  await body(page).click();
  await page.keyboard.type('山顶的风很大。', { delay: 30 });
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\/edit$/);
  await expect(page.getByTestId('save-state')).toHaveText(/^已保存到服务器/, { timeout: 10_000 });
  await expect.poll(async () => (await list()).map((article) => article.title)).toEqual(['周末去爬山']);
  const [article] = await list();
  const id = article?.id ?? 0;
  expect(await detail(id)).toMatchObject({ title: '周末去爬山', content: '山顶的风很大。', status: 'draft', autosave: null });
  const current = await api('GET', `/api/admin/articles/${id}/revisions/${(await detail(id)).revision}`, { token });
  expect(current.body.data).toMatchObject({ title: '周末去爬山', content: '山顶的风很大。' });

  await page.reload();
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('周末去爬山');
  await expect(body(page)).toHaveText('山顶的风很大。');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('快速新增 autosaves as a draft, asks before 取消 drops it, and grows into the full editor without losing a character', async ({
  page,
  server,
  api,
}) => {
  test.setTimeout(120_000);
  const { list, detail } = await adminApi(server, api);
  await openSignedIn(page, server, '/admin/articles');
  const toolbar = page.getByRole('toolbar', { name: '文章操作' });
  // One name per way of writing: 写文章 opens the full page, 快速新增 the dialog.
  await expect(toolbar.getByRole('button', { name: '写文章' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: '新增文章' })).toHaveCount(0);

  await toolbar.getByRole('button', { name: '快速新增' }).click();
  let dialog = page.getByRole('dialog', { name: '快速新增文章' });
  await dialog.getByRole('textbox', { name: '标题' }).fill('在对话框里写的');
  await body(page).fill('对话框里的正文，一个字也不能丢。');
  await expect.poll(async () => (await list()).map((article) => article.title), { timeout: 10_000 }).toEqual(['在对话框里写的']);
  await expect(dialog.getByTestId('save-state')).toHaveText(/^已保存到服务器/, { timeout: 10_000 });
  await shoot(page, 'quick-dialog');

  // 取消 asks; 保留为草稿 keeps it in the list.
  await dialog.getByRole('button', { name: '取消' }).click();
  const ask = page.getByRole('alertdialog', { name: '保留写下的内容吗？' });
  await expect(ask).toBeVisible();
  await shoot(page, 'quick-dialog-cancel');
  await ask.getByRole('button', { name: '保留为草稿' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('article-row').filter({ hasText: '在对话框里写的' });
  await expect(row).toContainText('草稿');
  const [kept] = await list();
  expect(await detail(kept?.id ?? 0)).toMatchObject({ status: 'draft', content: '对话框里的正文，一个字也不能丢。' });

  // 丢弃 takes a draft the dialog made back out of the list.
  await toolbar.getByRole('button', { name: '快速新增' }).click();
  dialog = page.getByRole('dialog', { name: '快速新增文章' });
  await dialog.getByRole('textbox', { name: '标题' }).fill('不要了');
  await expect.poll(async () => (await list()).length, { timeout: 10_000 }).toBe(2);
  await dialog.getByRole('button', { name: '取消' }).click();
  await ask.getByRole('button', { name: '丢弃' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await list()).map((article) => article.title)).toEqual(['在对话框里写的']);

  // 在完整编辑器中打开: the page opens with every character, asking nothing.
  await toolbar.getByRole('button', { name: '快速新增' }).click();
  dialog = page.getByRole('dialog', { name: '快速新增文章' });
  await dialog.getByRole('textbox', { name: '标题' }).fill('越写越长');
  await body(page).fill('第一段。');
  await body(page).press('End');
  await page.keyboard.type('刚敲下的字');
  await dialog.getByRole('button', { name: '在完整编辑器中打开' }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\/edit$/);
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('越写越长');
  await expect(body(page)).toHaveText('第一段。刚敲下的字');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('restoring a version of a published article says readers see it at once, and can go into the editor instead', async ({
  page,
  server,
  api,
}) => {
  test.setTimeout(120_000);
  const { token, detail } = await adminApi(server, api);
  const created = await api('POST', '/api/admin/articles', { token, json: { title: '已发布', content: '第一版正文' } });
  const id = created.body.id as number;
  await api('PUT', `/api/admin/articles/${id}`, { token, json: { content: '读者现在看到的正文' } });
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(`/admin/articles/${id}/edit`);
  await page.getByRole('button', { name: '历史版本' }).click();
  const history = page.getByRole('dialog', { name: '历史版本' });
  await history.getByTestId('revision-entry').first().click();
  await history.getByRole('button', { name: '恢复此版本' }).click();
  const confirm = page.getByRole('alertdialog', { name: '恢复第 1 版？' });
  await expect(confirm).toContainText('这篇文章已发布：直接恢复会立即改变读者看到的内容');
  await shoot(page, 'restore-confirm');
  await confirm.getByRole('button', { name: '放进编辑器检查' }).click();
  await expect(toast(page, '第 1 版已放进编辑器，检查后再发布')).toBeVisible();
  await expect(body(page)).toHaveText('第一版正文');
  // Readers still see the published text; the version waits in the autosave.
  expect((await api('GET', `/api/articles/${id}`)).body.data).toMatchObject({ content: '读者现在看到的正文' });
  await expect.poll(async () => (await detail(id)).autosave?.content).toBe('第一版正文');
  expect((await detail(id)).content).toBe('读者现在看到的正文');
});

test('the article list follows a draft another client creates, without a reload', async ({ page, server, api }) => {
  const { token } = await adminApi(server, api);
  await openSignedIn(page, server, '/admin/articles');
  await expect(page.getByText('暂无文章')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.adminRealtime)).toBe('connected');
  await api('POST', '/api/admin/articles', {
    token,
    json: { title: '桌面端刚建的草稿', content: '', status: 'draft' },
    headers: { 'X-Folio-Source': 'desktop' },
  });
  await expect(page.getByTestId('article-row').filter({ hasText: '桌面端刚建的草稿' })).toBeVisible();
});

test('the recovery question says what 丢弃 does to an autosave the desktop may still hold', async ({ page, server, api }) => {
  const { token } = await adminApi(server, api);
  const created = await api('POST', '/api/admin/articles', { token, json: { title: '桌面端在改', content: '原文' } });
  const id = created.body.id as number;
  await api('PUT', `/api/admin/articles/${id}/autosave`, {
    token,
    json: { title: '桌面端在改', category: '', tags: '', summary: '', cover: '', content: '桌面端写的新段落', base_revision: 1 },
  });
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(`/admin/articles/${id}/edit`);
  const offer = page.getByRole('alertdialog', { name: '有未保存的内容' });
  await expect(offer).toContainText('服务器自动保存了');
  await expect(offer).not.toContainText('丢弃后将无法找回');
  await expect(offer).toContainText('如果它来自桌面端，桌面端仍保留自己的草稿');
});

test('an inserted image gets an empty alt text with the cursor in it, never its file name', async ({ page, server }) => {
  await openSignedIn(page, server, '/admin/articles');
  await page.goto('/admin/articles/new');
  await body(page).click();
  await sendFiles(body(page), 'paste', [pngFile('IMG_2041.png')]);
  await expect.poll(() => bodyText(page)).toMatch(new RegExp(String.raw`^!\[\]${UPLOADED}\n$`));
  await page.keyboard.type('描述');
  await expect.poll(() => bodyText(page)).toMatch(/^!\[描述\]/);
});
