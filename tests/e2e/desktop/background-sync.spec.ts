import { AdminUiMessages, DesktopSyncMessages, DRAFT_STATE_LABELS, DesktopUiMessages } from '@folio/shared';
import type { Page } from '@playwright/test';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';
import {
  createServerArticle,
  draftRow,
  goOffline,
  publishNewDraftOffline,
  serverArticles,
  typeInBody,
  waitSavedLocally,
} from './desktop-helpers';

interface AdminArticle {
  id: number;
  title: string;
  content: string;
  status: string;
  autosave: { content: string } | null;
}

/** The background sync is a few seconds behind the disk: give it room on a loaded machine. */
const SYNC_TIMEOUT = 20_000;

async function adminArticle(folio: FolioServer, id: number): Promise<AdminArticle> {
  const response = await apiClient(folio.current().url)<EnvelopeBody & { data: AdminArticle }>(
    'GET',
    `/api/admin/articles/${id}`,
    {
      token: await folio.token(),
    },
  );
  return response.body.data;
}

async function articleTitled(folio: FolioServer, title: string): Promise<AdminArticle | undefined> {
  const found = (await serverArticles(folio)).find((article) => article.title === title);
  return found && adminArticle(folio, found.id);
}

/** Signs the desktop in and opens 草稿箱. */
async function openDrafts(desktop: Page, folio: FolioServer): Promise<void> {
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
}

/** Opens a server article from one of 草稿箱's server lists into a draft of this machine. */
async function editFromList(desktop: Page, list: 'mirror-article' | 'server-draft', title: string): Promise<void> {
  await desktop.getByTestId(list).filter({ hasText: title }).getByRole('button', { name: DesktopUiMessages.editOffline }).click();
  await expect(desktop.getByLabel(DesktopUiMessages.title)).toHaveValue(title);
}

test.describe('desktop drafts live on the server in the background', () => {
  test('a draft written online becomes a server draft the browser admin sees, and follows the edits', async ({
    desktop,
    folio,
    browser,
  }) => {
    await openDrafts(desktop, folio);
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await desktop.getByLabel(DesktopUiMessages.title).fill('桌面上写的新草稿');
    await typeInBody(desktop, '第一段，还没写完。');
    await waitSavedLocally(desktop);

    // Not published: a draft on the server, within seconds, that readers cannot see.
    await expect
      .poll(async () => (await articleTitled(folio, '桌面上写的新草稿'))?.status, { timeout: SYNC_TIMEOUT })
      .toBe('draft');
    const id = (await articleTitled(folio, '桌面上写的新草稿'))?.id as number;
    expect((await fetch(`${folio.current().url}/api/articles/${id}`)).status).toBe(404);

    // The browser admin lists it as a draft.
    const browserAdmin = await browser.newPage();
    try {
      const token = await folio.token();
      await browserAdmin.addInitScript((value) => window.localStorage.setItem('folio_admin_token', value), token);
      await browserAdmin.goto(`${folio.current().url}/admin`);
      await browserAdmin.getByRole('tab', { name: AdminUiMessages.tabArticles }).click();
      const row = browserAdmin.getByRole('row').filter({ hasText: '桌面上写的新草稿' });
      await expect(row).toBeVisible();
      await expect(row).toContainText(AdminUiMessages.statusDraft);
    } finally {
      await browserAdmin.close();
    }

    // Edits follow, and the draft stays a draft.
    await typeInBody(desktop, '第二段写好了。');
    await waitSavedLocally(desktop);
    await expect.poll(async () => (await adminArticle(folio, id)).content, { timeout: SYNC_TIMEOUT }).toContain('第二段写好了。');
    expect((await adminArticle(folio, id)).status).toBe('draft');
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    const row = draftRow(desktop, '桌面上写的新草稿');
    await expect(row).toContainText(DRAFT_STATE_LABELS.synced, { timeout: SYNC_TIMEOUT });
    await expect(row.getByTestId('draft-server-note')).toHaveText(DesktopSyncMessages.serverDraft);
  });

  test('editing a published article keeps the public page as it was; the autosave holds the new text', async ({
    desktop,
    folio,
  }) => {
    const id = await createServerArticle(folio, { title: '已发布的文章', content: '读者看到的正文。' });
    await openDrafts(desktop, folio);
    await editFromList(desktop, 'mirror-article', '已发布的文章');
    await typeInBody(desktop, '写了一半的补充。');
    await waitSavedLocally(desktop);

    await expect
      .poll(async () => (await adminArticle(folio, id)).autosave?.content, { timeout: SYNC_TIMEOUT })
      .toBe('读者看到的正文。写了一半的补充。');
    const article = await adminArticle(folio, id);
    expect(article).toMatchObject({ status: 'published', content: '读者看到的正文。' });
    const publicCopy = (await (await fetch(`${folio.current().url}/api/articles/${id}`)).json()) as { data: { content: string } };
    expect(publicCopy.data.content).toBe('读者看到的正文。');

    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    const row = draftRow(desktop, '已发布的文章');
    await expect(row).toContainText(DRAFT_STATE_LABELS.local);
    await expect(row.getByTestId('draft-server-note')).toHaveText(DesktopSyncMessages.autosavedOnServer);
  });

  test('a 发布 queued offline goes out when the server is back, with a toast linking to the live article and a notification', async ({
    desktop,
    folio,
    main,
  }) => {
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await goOffline(desktop, folio);
    await publishNewDraftOffline(desktop, '离线时按了发布', '恢复连接后自动发布。');
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    // A queued publish goes out by itself: nothing for the owner to do, no count.
    await expect(desktop.getByTestId('drafts-waiting')).toHaveCount(0);

    // A draft only written offline exists on this machine alone: the tab counts it, live.
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await desktop.getByLabel(DesktopUiMessages.title).fill('只在本机的草稿');
    await waitSavedLocally(desktop);
    await expect(desktop.getByTestId('drafts-waiting')).toHaveText('1');
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();

    await folio.restart();
    const message = DesktopSyncMessages.publishedInBackground('离线时按了发布');
    const toast = desktop.getByTestId('sync-outcome-toast').filter({ hasText: message });
    await expect(toast).toBeVisible({ timeout: SYNC_TIMEOUT });
    const id = (await articleTitled(folio, '离线时按了发布'))?.id as number;
    expect((await adminArticle(folio, id)).status).toBe('published');
    const link = toast.getByRole('link', { name: DesktopSyncMessages.openArticle });
    await expect(link).toHaveAttribute('href', `${folio.url}/articles/${id}`);
    // Main shows it natively when the window is not focused (the harness records every request).
    expect(main.notifications).toContainEqual({ title: expect.any(String), body: message });

    // The local-only draft became a server draft in the background: the count is gone.
    await expect(desktop.getByTestId('drafts-waiting')).toHaveCount(0, { timeout: SYNC_TIMEOUT });
    await expect(draftRow(desktop, '只在本机的草稿')).toContainText(DRAFT_STATE_LABELS.synced);

    const reader = desktop.waitForEvent('popup');
    await link.click();
    const page = await reader;
    await expect(page.getByRole('heading', { level: 1, name: '离线时按了发布' })).toBeVisible();
    await page.close();
  });

  test('a background conflict raises a toast that opens it, and counts on the 草稿箱 tab', async ({ desktop, folio, main }) => {
    const id = await createServerArticle(folio, { title: '两边都在写', content: '第一行', status: 'draft' });
    await openDrafts(desktop, folio);
    await editFromList(desktop, 'server-draft', '两边都在写');
    // The browser rewrites the same line before the desktop's text goes out.
    const token = await folio.token();
    await apiClient(folio.current().url)('PUT', `/api/admin/articles/${id}`, { token, json: { content: '第一行，网页上改的' } });
    await typeInBody(desktop, '，桌面上改的');
    await waitSavedLocally(desktop);
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();

    const message = DesktopSyncMessages.conflictInBackground('两边都在写');
    const toast = desktop.getByTestId('sync-outcome-toast').filter({ hasText: message });
    await expect(toast).toBeVisible({ timeout: SYNC_TIMEOUT });
    expect(main.notifications).toContainEqual({ title: expect.any(String), body: message });
    await expect(desktop.getByTestId('drafts-waiting')).toHaveText('1');
    await expect(draftRow(desktop, '两边都在写')).toContainText(DRAFT_STATE_LABELS.conflict);
    // Nothing was overwritten on the server.
    expect((await adminArticle(folio, id)).content).toBe('第一行，网页上改的');

    await toast.getByRole('button', { name: DesktopSyncMessages.openConflict }).click();
    await expect(desktop).toHaveURL(/#\/drafts\/[^/]+$/);
    await expect(desktop.getByText('第一行，网页上改的').first()).toBeVisible();
  });

  test('an open editor follows the background sync: its badge turns 已同步, and a conflict opens in place', async ({
    desktop,
    folio,
  }) => {
    const id = await createServerArticle(folio, { title: '开着编辑器', content: '第一行', status: 'draft' });
    await openDrafts(desktop, folio);
    await editFromList(desktop, 'server-draft', '开着编辑器');
    // The badge beside the editor's title.
    const badge = desktop.locator('h1 + [data-state]');
    await typeInBody(desktop, '，第一次改');
    await waitSavedLocally(desktop);
    // The save made it 仅本地; the send a few seconds later turns it 已同步 without reopening.
    await expect(badge).toHaveText(DRAFT_STATE_LABELS.synced, { timeout: SYNC_TIMEOUT });
    await expect.poll(async () => (await adminArticle(folio, id)).content, { timeout: SYNC_TIMEOUT }).toBe('第一行，第一次改');

    // The browser rewrites the same line while the editor stays open: the conflict shows here.
    const token = await folio.token();
    await apiClient(folio.current().url)('PUT', `/api/admin/articles/${id}`, { token, json: { content: '第一行，网页上改的' } });
    await typeInBody(desktop, '，桌面上又改');
    await waitSavedLocally(desktop);
    await expect(badge).toHaveText(DRAFT_STATE_LABELS.conflict, { timeout: SYNC_TIMEOUT });
    // The conflict screen replaced the editor, with the server's line and this machine's.
    const body = desktop.getByRole('listitem', { name: '正文' });
    await expect(body).toContainText('网页上改的');
    await expect(body).toContainText('桌面上又改');
    expect((await adminArticle(folio, id)).content).toBe('第一行，网页上改的');
  });
});
