import type { Page } from '@playwright/test';
import { AdminUiMessages, DesktopUiMessages, EditorSearchPhrases } from '@folio/shared';
import type { Draft, DraftSummary } from '../../../desktop/src/channels';
import { ipcEventName } from '../../../desktop/src/channels';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { DesktopMain } from './harness/desktop-main';
import { createServerArticle, goOffline, typeInBody, waitSavedLocally } from './desktop-helpers';
import { shootEverySize, screensDir } from './harness/screenshots';

const SHOTS_DIR = screensDir('desktop-editor-manners');

/** What main's application menu sends when the owner picks one of its commands. */
async function pickMenu(page: Page, command: 'new-article' | 'save' | 'find'): Promise<void> {
  await page.evaluate(
    ([event, payload]) => (window as unknown as { __folioEmit(n: string, d: unknown): void }).__folioEmit(event, payload),
    [ipcEventName('menu'), { command }] as const,
  );
}

async function draftsOnDisk(main: DesktopMain): Promise<DraftSummary[]> {
  const reply = await main.dispatch('drafts.list', undefined);
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.data as DraftSummary[];
}

async function draftOnDisk(main: DesktopMain, id: string): Promise<Draft> {
  const reply = await main.dispatch('drafts.get', { id });
  if (!reply.ok || !reply.data) throw new Error('draft not on disk');
  return reply.data as Draft;
}

function titleField(page: Page) {
  return page.getByRole('textbox', { name: DesktopUiMessages.title, exact: true });
}

function draftIdIn(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace('#/drafts/', ''));
}

test.describe('desktop editor manners', () => {
  test('the 管理后台 tab edits an article in the draft editor, and what is typed there survives a reload', async ({
    desktop,
    folio,
    main,
  }) => {
    test.setTimeout(120_000);
    await createServerArticle(folio, { title: '管理后台里打开的文章', content: '服务器上的正文。' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);

    // The row's title opens the article's editor: the desktop's draft editor, on a local draft of it.
    await desktop.getByRole('tab', { name: AdminUiMessages.tabArticles }).click();
    await desktop.getByRole('link', { name: '管理后台里打开的文章' }).click();
    await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
    const draftId = draftIdIn(desktop);
    await expect(titleField(desktop)).toHaveValue('管理后台里打开的文章');
    await expect(desktop.locator('.cm-content')).toContainText('服务器上的正文。');
    await typeInBody(desktop, '在管理后台里写下的话。');
    await waitSavedLocally(desktop);
    await shootEverySize(desktop, SHOTS_DIR, 'editor-from-admin');

    await desktop.reload();
    await expect(desktop).toHaveURL(new RegExp(`#/drafts/${draftId}$`));
    await expect(desktop.locator('.cm-content')).toContainText('服务器上的正文。在管理后台里写下的话。');
    expect((await draftOnDisk(main, draftId)).fields.content).toBe('服务器上的正文。在管理后台里写下的话。');

    // The row's 编辑 button (in the browser, the quick dialog) and 写文章 lead to the same editor,
    // and the browser's 快速新增 is not offered: no dialog where typing could be lost; one draft per article.
    await desktop.getByRole('tab', { name: DesktopUiMessages.navAdmin }).click();
    await desktop.getByRole('tab', { name: AdminUiMessages.tabArticles }).click();
    await desktop.getByRole('button', { name: AdminUiMessages.editItem('管理后台里打开的文章') }).click();
    await expect(desktop).toHaveURL(new RegExp(`#/drafts/${draftId}$`));
    await expect(desktop.getByRole('dialog')).toHaveCount(0);
    await expect(desktop.locator('.cm-content')).toContainText('在管理后台里写下的话。');
    await desktop.getByRole('tab', { name: DesktopUiMessages.navAdmin }).click();
    await desktop.getByRole('tab', { name: AdminUiMessages.tabArticles }).click();
    await expect(desktop.getByRole('button', { name: AdminUiMessages.quickNewArticle })).toHaveCount(0);
    await desktop.getByRole('button', { name: AdminUiMessages.writeArticle }).click();
    await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
    await expect(titleField(desktop)).toHaveValue('');
    expect((await draftsOnDisk(main)).filter((draft) => draft.articleId !== null)).toHaveLength(1);
  });

  test('offline, the article editor route opens the mirrored copy as a local draft', async ({ desktop, folio, main }) => {
    const articleId = await createServerArticle(folio, { title: '离线时打开的文章', content: '镜像里的正文。' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    // Read once while online, as the admin list and the mirror's background fill do: now it is on this machine.
    expect((await main.dispatch('mirror.get', { id: articleId })).ok).toBe(true);

    await goOffline(desktop, folio);
    await desktop.goto(`${new URL(desktop.url()).origin}/index.html#/admin/articles/${articleId}/edit`);
    await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
    await expect(titleField(desktop)).toHaveValue('离线时打开的文章');
    await typeInBody(desktop, '离线时写的。');
    await waitSavedLocally(desktop);
    expect((await draftOnDisk(main, draftIdIn(desktop))).fields.content).toBe('镜像里的正文。离线时写的。');
  });

  test('reloading (Ctrl+R) keeps the screen and the session', async ({ desktop, folio }) => {
    // Not remembered: the session lives only in main, as after most sign-ins.
    await signIn(desktop, folio.url, ADMIN_PASSWORD, { remember: false });
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: AdminUiMessages.tabArticles }).click();
    await expect(desktop).toHaveURL(/#\/admin\/articles$/);
    await desktop.reload();
    await expect(desktop.getByRole('button', { name: AdminUiMessages.writeArticle })).toBeVisible();
    await expect(desktop).toHaveURL(/#\/admin\/articles$/);

    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await titleField(desktop).fill('重新加载之前的标题');
    await waitSavedLocally(desktop);
    const editing = desktop.url();
    await desktop.reload();
    await expect(titleField(desktop)).toHaveValue('重新加载之前的标题');
    expect(desktop.url()).toBe(editing);
  });

  test('Ctrl/Cmd+S saves in the page and says so, from the key and from the menu', async ({ desktop, folio, main }) => {
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await titleField(desktop).fill('按下保存');
    await waitSavedLocally(desktop);
    const saved = desktop.getByTestId('save-status');

    // Freshly opened, nothing typed yet: the bar is empty until the owner asks to save.
    await desktop.reload();
    await expect(titleField(desktop)).toHaveValue('按下保存');
    await expect(saved).toHaveText('');
    await desktop.locator('.cm-content').click();
    await desktop.keyboard.press('ControlOrMeta+S');
    await waitSavedLocally(desktop);

    await desktop.reload();
    await expect(saved).toHaveText('');
    await pickMenu(desktop, 'save');
    await waitSavedLocally(desktop);

    // Typed and saved at once, without waiting for the save interval.
    await typeInBody(desktop, '保存键');
    await desktop.keyboard.press('ControlOrMeta+S');
    await expect.poll(async () => (await draftOnDisk(main, draftIdIn(desktop))).fields.content).toBe('保存键');
  });

  test('Ctrl/Cmd+F opens the editor search, from the key and from the menu; Ctrl/Cmd+N a new draft', async ({
    desktop,
    folio,
  }) => {
    test.setTimeout(120_000);
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await titleField(desktop).fill('查找苹果');
    await typeInBody(desktop, '一个 apple。\n两个 apple。\n一个梨。');
    await waitSavedLocally(desktop);

    // From the title field, not the editor: the page itself opens CodeMirror's search, in Chinese.
    const search = desktop.locator('.cm-search');
    const findField = search.getByRole('textbox', { name: EditorSearchPhrases.Find });
    const findApples = async () => {
      await titleField(desktop).click();
      await desktop.keyboard.press('ControlOrMeta+F');
      await expect(findField).toBeFocused();
      // Typed key by key (CodeMirror's panel searches on keyup, which a pasted word would not send).
      await desktop.keyboard.type('apple');
      await expect(desktop.locator('.cm-searchMatch')).toHaveCount(2);
    };
    await findApples();
    await expect(search.getByRole('button', { name: EditorSearchPhrases.next })).toBeVisible();
    // A new size or colour scheme re-renders (reconfigures) the editor: the panel stays open.
    await shootEverySize(desktop, SHOTS_DIR, 'editor-find', async () => {
      await expect(desktop.locator('.cm-searchMatch')).toHaveCount(2);
    });
    await desktop.keyboard.press('Escape');
    await expect(search).toBeHidden();

    // From the body itself: the same panel.
    await desktop.locator('.cm-content').click();
    await desktop.keyboard.press('ControlOrMeta+F');
    await expect(findField).toBeFocused();
    await desktop.keyboard.press('Escape');
    await expect(search).toBeHidden();

    await titleField(desktop).click();
    await pickMenu(desktop, 'find');
    await expect(findField).toBeFocused();

    const first = desktop.url();
    await titleField(desktop).click();
    await desktop.keyboard.press('ControlOrMeta+N');
    await expect(desktop).not.toHaveURL(first);
    await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
    await expect(titleField(desktop)).toHaveValue('');
  });
});
