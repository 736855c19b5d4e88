import { DRAFT_STATE_LABELS, DesktopUiMessages } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';
import type { Page } from '@playwright/test';
import { createServerArticle, draftRow, serverArticles, typeInBody, waitSavedLocally } from './desktop-helpers';

/** Opens the mirrored server article as a draft and adds a line locally (none when empty). */
async function editLocally(desktop: Page, title: string, line: string): Promise<void> {
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await desktop.getByRole('button', { name: DesktopUiMessages.refreshMirror }).click();
  await desktop
    .getByTestId('mirror-article')
    .filter({ hasText: title })
    .getByRole('button', { name: DesktopUiMessages.editOffline })
    .click();
  if (!line) return;
  await typeInBody(desktop, line);
  await waitSavedLocally(desktop);
}

/** The browser admin saves its copy of the article: the whole article back, with its changes. */
async function browserSaves(folio: FolioServer, id: number, change: Record<string, string>): Promise<void> {
  const request = apiClient(folio.current().url);
  const token = await folio.token();
  const current = await request<EnvelopeBody & { data: Record<string, unknown> }>('GET', `/api/admin/articles/${id}`, { token });
  const update = await request('PUT', `/api/admin/articles/${id}`, {
    token,
    headers: { 'X-Folio-Source': 'browser' },
    json: { ...current.body.data, ...change },
  });
  expect(update.status).toBe(200);
}

test.describe('desktop publish conflicts', () => {
  test('the browser changes the title, the desktop the body offline: both are kept, nothing asked', async ({
    desktop,
    folio,
  }) => {
    const id = await createServerArticle(folio, { title: '两边都改过的文章', content: '第一段\n\n第二段' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await editLocally(desktop, '两边都改过的文章', '');
    // While the desktop has it open, the browser renames it and rewrites the first paragraph.
    await browserSaves(folio, id, { title: '网页上改的标题', content: '第一段（网页上改过）\n\n第二段' });

    await folio.stop();
    await typeInBody(desktop, '\n\n桌面上离线加的第三段');
    await waitSavedLocally(desktop);
    await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
    await expect(desktop.locator('[data-state="pending"]')).toHaveText(DRAFT_STATE_LABELS.pending);

    await folio.restart();
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await expect(desktop.getByTestId('connectivity')).toHaveText(DesktopUiMessages.online);
    await expect(draftRow(desktop, '网页上改的标题')).toContainText(DRAFT_STATE_LABELS.synced);
    await expect(desktop.getByTestId('conflict-view')).toHaveCount(0);
    const onServer = (await serverArticles(folio)).find((article) => article.id === id);
    expect(onServer).toMatchObject({
      title: '网页上改的标题',
      content: '第一段（网页上改过）\n\n第二段\n\n桌面上离线加的第三段',
    });
  });

  test('a real overlap shows the base, the server and the local text; the merge keeps the browser title', async ({
    desktop,
    folio,
  }) => {
    const id = await createServerArticle(folio, { title: '真正的冲突', content: '第一段\n\n第二段' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await editLocally(desktop, '真正的冲突', '，桌面上接着写');
    await browserSaves(folio, id, { title: '网页上改的标题', content: '第一段（网页）\n\n第二段，网页上接着写' });

    await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
    const conflict = desktop.getByTestId('conflict-view');
    await expect(conflict).toBeVisible();
    await expect(desktop.locator('[data-state="conflict"]').first()).toHaveText(DRAFT_STATE_LABELS.conflict);
    // Only the body overlaps; the title only the browser changed is not asked about.
    const body = conflict.getByTestId('conflict-content');
    await expect(body).toHaveCount(1);
    await expect(conflict.getByTestId('conflict-title')).toHaveCount(0);
    await expect(body.locator('[data-side="base"]')).toContainText('第二段');
    await expect(body.locator('[data-side="remote"]')).toContainText('第二段，网页上接着写');
    await expect(body.locator('[data-side="local"]')).toContainText('第二段，桌面上接着写');
    // The server still has its own text: nothing was overwritten.
    expect((await serverArticles(folio)).find((article) => article.id === id)?.content).toContain('网页上接着写');

    // Keep my text as a separate draft first, then merge by hand on the conflicted one.
    await conflict.getByRole('button', { name: DesktopUiMessages.keepAsNew }).click();
    await expect(desktop.locator('.fui-ToastTitle').filter({ hasText: DesktopUiMessages.keptAsNew })).toBeVisible();
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    await expect(desktop.getByTestId('draft-row')).toHaveCount(2);
    await draftRow(desktop, '真正的冲突')
      .filter({ has: desktop.locator('[data-state="conflict"]') })
      .getByRole('button', { name: DesktopUiMessages.open })
      .click();

    // The merge by hand starts from the merged text: the browser's first paragraph is in it.
    await desktop.getByRole('button', { name: DesktopUiMessages.mergeByHand }).click();
    const merged = desktop.getByTestId('conflict-view').locator('.cm-content');
    await expect(merged).toContainText('第一段（网页）');
    await merged.click();
    await desktop.keyboard.press('ControlOrMeta+End');
    await desktop.keyboard.type('，网页上接着写');
    await desktop.getByRole('button', { name: DesktopUiMessages.saveMerged }).click();
    await expect(desktop).toHaveURL(/#\/drafts$/);

    const onServer = (await serverArticles(folio)).find((article) => article.id === id);
    expect(onServer).toMatchObject({
      title: '网页上改的标题',
      content: '第一段（网页）\n\n第二段，桌面上接着写，网页上接着写',
    });
    // The copy kept as a new draft still holds the local text.
    await expect(desktop.getByTestId('draft-row')).toHaveCount(2);
  });

  test('takes the server copy when asked, and keeps mine when asked', async ({ desktop, folio }) => {
    const theirsId = await createServerArticle(folio, { title: '采用服务器的', content: '原文' });
    const mineId = await createServerArticle(folio, { title: '保留我的', content: '原文' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    const token = await folio.token();

    for (const [id, title, choice] of [
      [theirsId, '采用服务器的', DesktopUiMessages.takeTheirs],
      [mineId, '保留我的', DesktopUiMessages.keepMine],
    ] as const) {
      // Both sides change the one line: a real overlap.
      await editLocally(desktop, title, '，本机的修改');
      await apiClient(folio.current().url)('PUT', `/api/admin/articles/${id}`, {
        token,
        json: { content: '原文，服务器上的修改' },
      });
      await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
      await desktop.getByTestId('conflict-view').getByRole('button', { name: choice }).click();
      await expect(desktop).toHaveURL(/#\/drafts$/);
    }

    const articles = await serverArticles(folio);
    expect(articles.find((article) => article.id === theirsId)?.content).toBe('原文，服务器上的修改');
    expect(articles.find((article) => article.id === mineId)?.content).toContain('本机的修改');
  });
});
