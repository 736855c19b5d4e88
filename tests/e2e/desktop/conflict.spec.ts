import { DRAFT_STATE_LABELS, DesktopUiMessages } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { Page } from '@playwright/test';
import { createServerArticle, draftRow, serverArticles, typeInBody, waitSavedLocally } from './desktop-helpers';

/** Opens the mirrored server article as a draft and adds a line locally. */
async function editLocally(desktop: Page, title: string, line: string): Promise<void> {
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await desktop.getByRole('button', { name: DesktopUiMessages.refreshMirror }).click();
  await desktop
    .getByTestId('mirror-article')
    .filter({ hasText: title })
    .getByRole('button', { name: DesktopUiMessages.editOffline })
    .click();
  await typeInBody(desktop, line);
  await waitSavedLocally(desktop);
}

test.describe('desktop publish conflicts', () => {
  test('shows both versions and ends with the merged text on the server, keeping mine as a new draft', async ({
    desktop,
    folio,
  }) => {
    const id = await createServerArticle(folio, { title: '两边都改过的文章', content: '第一段\n第二段\n' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await editLocally(desktop, '两边都改过的文章', '\n桌面上加的第三段');

    // Meanwhile another device changes the article on the server.
    const update = await apiClient(folio.current().url)('PUT', `/api/admin/articles/${id}`, {
      token: await folio.token(),
      json: { content: '第一段（网页上改过）\n第二段\n' },
    });
    expect(update.status).toBe(200);

    await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
    const conflict = desktop.getByTestId('conflict-view');
    await expect(conflict).toBeVisible();
    await expect(desktop.locator('[data-state="conflict"]').first()).toHaveText(DRAFT_STATE_LABELS.conflict);
    await expect(conflict.locator('pre[data-side="left"][data-changed]').filter({ hasText: '网页上改过' })).toHaveCount(1);
    await expect(conflict.locator('pre[data-side="right"][data-changed]').filter({ hasText: '桌面上加的第三段' })).toHaveCount(1);
    // The server still has its own text: nothing was overwritten.
    expect((await serverArticles(folio)).find((article) => article.id === id)?.content).toContain('网页上改过');

    // Keep my text as a separate draft first, then merge by hand on the conflicted one.
    await conflict.getByRole('button', { name: DesktopUiMessages.keepAsNew }).click();
    await expect(desktop.locator('.fui-ToastTitle').filter({ hasText: DesktopUiMessages.keptAsNew })).toBeVisible();
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    await expect(desktop.getByTestId('draft-row')).toHaveCount(2);
    await draftRow(desktop, '两边都改过的文章')
      .filter({ hasText: DRAFT_STATE_LABELS.conflict })
      .getByRole('button', { name: DesktopUiMessages.open })
      .click();

    await desktop.getByRole('button', { name: DesktopUiMessages.mergeByHand }).click();
    const merged = desktop.getByTestId('conflict-view').locator('.cm-content');
    await merged.click();
    await desktop.keyboard.press('ControlOrMeta+A');
    await desktop.keyboard.type('第一段（网页上改过）\n第二段\n桌面上加的第三段\n');
    await desktop.getByRole('button', { name: DesktopUiMessages.saveMerged }).click();
    await expect(desktop).toHaveURL(/#\/drafts$/);

    const onServer = (await serverArticles(folio)).find((article) => article.id === id);
    expect(onServer?.content).toContain('网页上改过');
    expect(onServer?.content).toContain('桌面上加的第三段');
    // The copy kept as a new draft still holds the local text.
    await expect(desktop.getByTestId('draft-row')).toHaveCount(2);
  });

  test('takes the server copy when asked, and keeps mine when asked', async ({ desktop, folio }) => {
    const theirsId = await createServerArticle(folio, { title: '采用服务器的', content: '原文\n' });
    const mineId = await createServerArticle(folio, { title: '保留我的', content: '原文\n' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    const token = await folio.token();

    for (const [id, title, choice] of [
      [theirsId, '采用服务器的', DesktopUiMessages.takeTheirs],
      [mineId, '保留我的', DesktopUiMessages.keepMine],
    ] as const) {
      await editLocally(desktop, title, '\n本机的修改');
      await apiClient(folio.current().url)('PUT', `/api/admin/articles/${id}`, { token, json: { content: '服务器上的修改\n' } });
      await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
      await desktop.getByTestId('conflict-view').getByRole('button', { name: choice }).click();
      await expect(desktop).toHaveURL(/#\/drafts$/);
    }

    const articles = await serverArticles(folio);
    expect(articles.find((article) => article.id === theirsId)?.content).toBe('服务器上的修改\n');
    expect(articles.find((article) => article.id === mineId)?.content).toContain('本机的修改');
  });
});
