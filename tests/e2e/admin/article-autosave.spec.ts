import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import type { apiClient, TestServer } from '../../support/test-server.js';
import { openSignedIn, toast } from './admin-helpers.js';

test.use({ serverOptions: { seed: false } });

interface AdminDetail {
  content: string;
  status: string;
  autosave: { content: string; title: string; base_revision: number } | null;
}

/** The PUT /autosave requests the page sends, with the time each left the browser. */
function recordAutosaves(page: Page): number[] {
  const times: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/admin\/articles\/\d+\/autosave$/.test(request.url())) times.push(Date.now());
  });
  return times;
}

/** Where an element sits in the document (not the viewport, which scrolls while typing). */
function documentBox(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, left: box.left + window.scrollX, width: box.width, height: box.height };
  });
}

/** Puts the cursor at the end of the Markdown body. */
async function focusBodyEnd(page: Page) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+End');
}

/** A published article made through the API, and a reader of its admin detail. */
async function createPublished(server: TestServer, api: ReturnType<typeof apiClient>) {
  const token = await server.login();
  const created = await api('POST', '/api/admin/articles', {
    token,
    json: { title: '已发布的文章', content: '读者看到的正文。' },
  });
  const id = created.body.id as number;
  const detail = async () => (await api('GET', `/api/admin/articles/${id}`, { token })).body.data as AdminDetail;
  return { id, token, detail };
}

/** Signs in on the article list (the shell proves the session), then opens `path`. */
async function openEditor(page: Page, server: TestServer, path: string): Promise<string> {
  const token = await openSignedIn(page, server, '/admin/articles');
  await page.goto(path);
  await expect(page.getByRole('textbox', { name: '标题' })).toBeVisible();
  return token;
}

test('steady typing reaches the server autosave during the typing; readers see nothing of it until 发布', async ({
  page,
  server,
  api,
}) => {
  test.setTimeout(120_000);
  const { id, detail } = await createPublished(server, api);
  await openEditor(page, server, `/admin/articles/${id}/edit`);
  await expect(page.getByTestId('article-status')).toHaveText('已发布');
  const autosaves = recordAutosaves(page);
  const title = page.getByRole('textbox', { name: '标题' });
  const bodyBefore = await documentBox(page.locator('.cm-editor'));
  const titleBefore = await documentBox(title);

  // About 8 keys a second for about 8 seconds: a debounce would not save once before the end.
  await focusBodyEnd(page);
  const typed = '\n\n这是编辑中的新段落，一边写一边自动保存到服务器上，而读者仍然看到原来的正文。'.repeat(2).slice(0, 64);
  const typingStarted = Date.now();
  await page.keyboard.type(typed, { delay: 125 });
  const typingEnded = Date.now();
  expect(typingEnded - typingStarted).toBeGreaterThan(7000);
  const duringTyping = autosaves.filter((time) => time > typingStarted && time < typingEnded);
  expect(duringTyping.length).toBeGreaterThanOrEqual(1);
  // The first lands about 3 s after the first key, and they follow each other about 3 s apart.
  expect((duringTyping[0] ?? Infinity) - typingStarted).toBeLessThan(4500);
  for (let index = 1; index < duringTyping.length; index += 1) {
    expect((duringTyping[index] ?? 0) - (duringTyping[index - 1] ?? 0)).toBeLessThan(4500);
  }

  // Within about 3 s of the last key the server holds all of it, and the page says so quietly.
  await expect.poll(async () => (await detail()).autosave?.content, { timeout: 6000 }).toBe(`读者看到的正文。${typed}`);
  expect(autosaves.at(-1)).toBeLessThan(typingEnded + 3500);
  await expect(page.getByTestId('save-state')).toHaveText(/^已保存到服务器 \d{2}:\d{2}:\d{2}$/);
  expect((await detail()).content).toBe('读者看到的正文。');
  // Nothing moved while the save state changed under the title.
  expect(await documentBox(title)).toEqual(titleBefore);
  expect((await documentBox(page.locator('.cm-editor'))).top).toBe(bodyBefore.top);

  // The readers' API and page still show the published text.
  const publicCopy = async () => (await api('GET', `/api/articles/${id}`)).body.data as { content: string };
  expect((await publicCopy()).content).toBe('读者看到的正文。');
  const reader = await page.context().newPage();
  await reader.goto(`/articles/${id}`);
  await expect(reader.getByText('读者看到的正文。')).toBeVisible();
  await expect(reader.getByText('这是编辑中的新段落')).toHaveCount(0);

  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(toast(page, '已发布')).toBeVisible();
  expect((await publicCopy()).content).toBe(`读者看到的正文。${typed}`);
  await reader.reload();
  await expect(reader.getByText('这是编辑中的新段落').first()).toBeVisible();
  // Saving the article cleared both copies of the unsaved work.
  expect((await detail()).autosave).toBeNull();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), `folio.admin.unsaved-article.${id}`)).toBeNull();
  await expect(page.getByTestId('save-state')).toHaveText('');
});

async function openSecondBrowser(browser: Browser, server: TestServer, path: string) {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'UTC' });
  const page = await context.newPage();
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(path);
  return { context, page };
}

test('a tab closed mid-typing loses nothing: reopening offers the newer of the browser copy and the server autosave', async ({
  page,
  context,
  browser,
  server,
  api,
}) => {
  test.setTimeout(120_000);
  const { id, detail } = await createPublished(server, api);
  await openEditor(page, server, `/admin/articles/${id}/edit`);
  await focusBodyEnd(page);
  await page.keyboard.type('第一段已到服务器。');
  await expect(page.getByTestId('save-state')).toHaveText(/^已保存到服务器/, { timeout: 6000 });
  // The connection drops, the owner types on and the tab is closed: only this browser holds the rest.
  await context.setOffline(true);
  await page.keyboard.type('第二段只在本机。');
  await page.close();
  await context.setOffline(false);
  expect((await detail()).autosave?.content).toBe('读者看到的正文。第一段已到服务器。');

  // Another browser has no copy of its own: it is offered the server's autosave. It leaves without choosing.
  const other = await openSecondBrowser(browser, server, `/admin/articles/${id}/edit`);
  const otherOffer = other.page.getByRole('alertdialog', { name: '有未保存的内容' });
  await expect(otherOffer).toContainText('服务器自动保存了');
  await other.context.close();

  // This browser's copy is newer than the server's: it is the one offered, and recovered whole.
  const reopened = await context.newPage();
  // Reloading an editor with unsaved edits asks first (beforeunload): here the answer is yes.
  reopened.on('dialog', (dialog) => void dialog.accept());
  await reopened.goto(`/admin/articles/${id}/edit`);
  const offer = reopened.getByRole('alertdialog', { name: '有未保存的内容' });
  await expect(offer).toContainText('本机保存了');
  await offer.getByRole('button', { name: '恢复未保存的内容' }).click();
  await expect(offer).toBeHidden();
  await expect(reopened.locator('.cm-content')).toHaveText('读者看到的正文。第一段已到服务器。第二段只在本机。');
  await expect
    .poll(async () => (await detail()).autosave?.content, { timeout: 8000 })
    .toBe('读者看到的正文。第一段已到服务器。第二段只在本机。');
  expect((await detail()).content).toBe('读者看到的正文。');

  // 丢弃 throws both copies away: reopened again, nothing is offered and the article is as published.
  await reopened.reload();
  await reopened.getByRole('alertdialog', { name: '有未保存的内容' }).getByRole('button', { name: '丢弃' }).click();
  await expect(reopened.locator('.cm-content')).toHaveText('读者看到的正文。');
  await expect.poll(async () => (await detail()).autosave).toBeNull();
  await reopened.reload();
  await expect(reopened.getByRole('textbox', { name: '标题' })).toHaveValue('已发布的文章');
  await expect(reopened.getByRole('alertdialog')).toHaveCount(0);
});

test('a new article is kept in the browser until it has a title or a body, then created as a draft', async ({
  page,
  context,
  server,
  api,
}) => {
  // A phone's width, where the editor's bar takes two rows.
  await page.setViewportSize({ width: 375, height: 740 });
  const token = await openEditor(page, server, '/admin/articles/new');
  await page.getByRole('textbox', { name: '摘要' }).fill('先想好的摘要');
  await expect(page.getByTestId('save-state')).toHaveText('已保存在本机，填写标题或正文后保存到服务器');
  await page.close();

  const reopened = await context.newPage();
  await reopened.setViewportSize({ width: 375, height: 740 });
  await reopened.goto('/admin/articles/new');
  await reopened.getByRole('alertdialog', { name: '有未保存的内容' }).getByRole('button', { name: '恢复未保存的内容' }).click();
  await expect(reopened.getByRole('textbox', { name: '摘要' })).toHaveValue('先想好的摘要');
  const list = async () =>
    (await api('GET', '/api/admin/articles', { token })).body.data as { id: number; status: string; title: string }[];
  expect(await list()).toEqual([]);

  // A title alone is a draft worth keeping on the server: the owner may finish it elsewhere.
  const titleBox = await documentBox(reopened.getByRole('textbox', { name: '标题' }));
  await reopened.getByRole('textbox', { name: '标题' }).fill('还没有正文的新文章');
  await expect(reopened).toHaveURL(/\/admin\/articles\/\d+\/edit$/);
  await expect(reopened.getByTestId('article-status')).toHaveText('草稿');
  await expect(reopened.getByRole('button', { name: '历史版本' })).toBeVisible();
  // The status badge and the history button appeared where nothing below moves for them.
  expect(await documentBox(reopened.getByRole('textbox', { name: '标题' }))).toEqual(titleBox);
  const [created] = await list();
  expect(created).toMatchObject({ status: 'draft', title: '还没有正文的新文章' });
  expect(reopened.url()).toContain(`/admin/articles/${created?.id}/edit`);
  // Drafts are nobody's business but the owner's.
  expect((await api('GET', `/api/articles/${created?.id}`)).status).toBe(404);
  // Publishing still needs a body, and says so.
  await reopened.getByRole('button', { name: '发布', exact: true }).click();
  await expect(reopened.getByText('标题和正文必填').first()).toBeVisible();
  expect((await list())[0]?.status).toBe('draft');
});

test('a new draft whose creation answer was lost is not created twice when the editor tries again', async ({
  page,
  server,
  api,
}) => {
  const token = await openEditor(page, server, '/admin/articles/new');
  let lost = 0;
  // The server creates the article, but its answer never reaches the browser (the connection drops).
  await page.route('**/api/admin/articles', async (route) => {
    if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('textbox', { name: '标题' }).fill('只应有一篇的草稿');
  await page.locator('.cm-content').fill('正文');
  await expect(page.getByTestId('save-state')).toHaveText('离线：已保存在本机');
  await page.locator('.cm-content').press('End');
  await page.keyboard.type('，继续写');
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\/edit$/, { timeout: 8000 });
  const list = (await api('GET', '/api/admin/articles', { token })).body.data as { id: number; title: string }[];
  expect(list.map((article) => article.title)).toEqual(['只应有一篇的草稿']);
  expect(page.url()).toContain(`/admin/articles/${list[0]?.id}/edit`);
  // What was typed after the lost answer follows into the draft itself (a draft's text is saved as the draft).
  await expect
    .poll(async () => ((await api('GET', `/api/admin/articles/${list[0]?.id}`, { token })).body.data as AdminDetail).content)
    .toBe('正文，继续写');
});

test('unsaved work shows in the table, and the quick edit dialog offers it before anything could replace it', async ({
  page,
  server,
  api,
}) => {
  const { id, token } = await createPublished(server, api);
  await api('PUT', `/api/admin/articles/${id}/autosave`, {
    token,
    json: {
      title: '已发布的文章',
      category: '',
      tags: '',
      summary: '',
      cover: '',
      content: '编辑器里没保存的正文',
      base_revision: 1,
    },
  });
  await openSignedIn(page, server, '/admin/articles');
  const row = page.getByTestId('article-row').filter({ hasText: '已发布的文章' });
  await expect(row).toContainText('有未保存的修改');
  await row.getByRole('button', { name: '编辑 已发布的文章' }).click();
  // The dialog is the full editor's state in a smaller frame: the same offer of the unsaved work.
  const offer = page.getByRole('alertdialog', { name: '有未保存的内容' });
  await expect(offer).toContainText('服务器自动保存了');
  await offer.getByRole('button', { name: '恢复未保存的内容' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑文章' });
  await expect(dialog.locator('.cm-content')).toHaveText('编辑器里没保存的正文');
  // Into the full editor with the recovered text, asked nothing again.
  await dialog.getByRole('button', { name: '在完整编辑器中打开' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/${id}/edit$`));
  await expect(page.locator('.cm-content')).toHaveText('编辑器里没保存的正文');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
