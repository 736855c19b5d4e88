import type { Page } from '@playwright/test';
import { DRAFT_STATE_LABELS, DesktopMessages, DesktopUiMessages as M } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';
import { browserSaves, editLocally, publishIntoConflict } from './conflict-helpers';
import { createServerArticle, draftRow, serverArticles } from './desktop-helpers';

/**
 * The desktop adds to the one paragraph the browser also changed (a real overlap); `change` is
 * what else the browser saves. Ends on the conflict screen.
 */
async function overlapInBody(desktop: Page, folio: FolioServer, title: string, change: Record<string, string> = {}) {
  const id = await createServerArticle(folio, { title, content: '原文' });
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await editLocally(desktop, title, '，本机的修改');
  await browserSaves(folio, id, { content: '原文，服务器上的修改', ...change });
  await publishIntoConflict(desktop);
  return id;
}

function toast(desktop: Page, text: string) {
  return desktop.locator('.fui-ToastTitle').filter({ hasText: text });
}

test.describe('desktop conflict choices say what they did', () => {
  test('采用服务器的 replaces the local copy, says so, and the local text is in the history', async ({ desktop, folio }) => {
    const id = await overlapInBody(desktop, folio, '采用服务器的');
    await desktop.getByTestId('conflict-view').getByRole('button', { name: M.takeTheirs }).click();
    await expect(toast(desktop, M.resolvedTookServer)).toBeVisible();
    await expect(toast(desktop, M.published)).toHaveCount(0);
    await expect(desktop).toHaveURL(/#\/drafts$/);
    expect((await serverArticles(folio)).find((article) => article.id === id)?.content).toBe('原文，服务器上的修改');

    await draftRow(desktop, '采用服务器的').getByRole('button', { name: M.open }).click();
    await expect(desktop.locator('.cm-content').first()).toContainText('原文，服务器上的修改');
    // The local text is one of the draft's earlier versions: restoring it brings it back.
    await desktop.getByRole('button', { name: M.revisions }).click();
    await desktop
      .getByRole('dialog')
      .getByRole('listitem')
      .filter({ hasText: '本机' })
      .getByRole('button', { name: M.restoreRevision })
      .click();
    await expect(desktop.locator('.cm-content').first()).toHaveText('原文，本机的修改');
  });

  test('the 摘要 row shows the summary it keeps, as the 标题 row shows its title', async ({ desktop, folio }) => {
    await overlapInBody(desktop, folio, '摘要也说清楚', { summary: '网页上写的摘要' });
    const summary = desktop.getByTestId('conflict-view').locator('[data-field="summary"]');
    await expect(summary).toHaveAttribute('data-outcome', 'server');
    await expect(summary).toContainText('网页上写的摘要');
  });

  test('保留我的 sends the merge: the title only the browser changed is kept, and it says so', async ({ desktop, folio }) => {
    const id = await overlapInBody(desktop, folio, '保留我的', { title: '网页上改的标题' });
    const conflict = desktop.getByTestId('conflict-view');
    await expect(conflict.locator('[data-field="title"]')).toHaveAttribute('data-outcome', 'server');
    await expect(conflict.locator('[data-field="title"]')).toContainText('网页上改的标题');
    await conflict.getByRole('button', { name: M.keepMine }).click();
    await expect(toast(desktop, M.resolvedKeptMine)).toBeVisible();
    await expect(desktop).toHaveURL(/#\/drafts$/);
    expect((await serverArticles(folio)).find((article) => article.id === id)).toMatchObject({
      title: '网页上改的标题',
      content: '原文，本机的修改',
    });
  });

  test('a choice made offline is queued with the one offline message', async ({ desktop, folio }) => {
    const id = await overlapInBody(desktop, folio, '离线时保留我的');
    await folio.stop();
    await desktop.getByTestId('conflict-view').getByRole('button', { name: M.keepMine }).click();
    await expect(toast(desktop, DesktopMessages.offlineQueued)).toBeVisible();
    await expect(toast(desktop, M.resolvedKeptMine)).toHaveCount(0);
    await expect(desktop.locator('[data-state="pending"]')).toHaveText(DRAFT_STATE_LABELS.pending);
    await expect(desktop.getByRole('alert').filter({ hasText: DesktopMessages.offlineQueued })).toBeVisible();

    // Back online, the queued resolution goes out by itself.
    await folio.restart();
    await expect
      .poll(async () => (await serverArticles(folio)).find((article) => article.id === id)?.content)
      .toBe('原文，本机的修改');
  });

  test('另存为新草稿 keeps the local text apart and leaves the conflict to settle', async ({ desktop, folio }) => {
    await overlapInBody(desktop, folio, '另存一份');
    await desktop.getByTestId('conflict-view').getByRole('button', { name: M.keepAsNew }).click();
    await expect(toast(desktop, M.keptAsNew)).toBeVisible();
    await desktop.getByRole('button', { name: M.backToDrafts }).click();
    await expect(desktop.getByTestId('draft-row')).toHaveCount(2);
    await expect(draftRow(desktop, '另存一份').filter({ has: desktop.locator('[data-state="conflict"]') })).toHaveCount(1);
  });
});
