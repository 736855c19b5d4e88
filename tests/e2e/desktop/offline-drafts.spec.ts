import { DesktopSyncMessages, DRAFT_STATE_LABELS, DesktopUiMessages } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { draftRow, goOffline, publishNewDraftOffline, serverArticles, typeInBody, waitSavedLocally } from './desktop-helpers';

test.describe('desktop drafts offline', () => {
  test('writes with the server down, keeps every word, and publishes once it is back', async ({ desktop, folio }) => {
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);

    await goOffline(desktop, folio);
    // The admin section falls back to the local mirror instead of an error page.
    await desktop.getByRole('tab', { name: DesktopUiMessages.navAdmin }).click();
    await expect(desktop.getByText(DesktopUiMessages.offlineAdminTitle)).toBeVisible();
    await expect(desktop.getByRole('heading', { name: DesktopUiMessages.mirrorTitle })).toBeVisible();
    await expect(desktop.getByText('网络错误')).toHaveCount(0);

    // Draft A: written and published while offline -> waits as 待发布.
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await publishNewDraftOffline(desktop, '断网时写的第一篇', '在火车上写的，没有网络。');

    // Draft B: only written; the page is reloaded (as after a crash) and the words are still there.
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await desktop.getByLabel(DesktopUiMessages.title).fill('断网时写的第二篇');
    await typeInBody(desktop, '第二篇的正文，一个字也不能丢。');
    await waitSavedLocally(desktop);
    await desktop.reload();
    await expect(desktop.getByLabel(DesktopUiMessages.title)).toHaveValue('断网时写的第二篇');
    await expect(desktop.locator('.cm-content')).toContainText('一个字也不能丢');
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    await expect(draftRow(desktop, '断网时写的第一篇')).toContainText(DRAFT_STATE_LABELS.pending);
    await expect(draftRow(desktop, '断网时写的第二篇')).toContainText(DRAFT_STATE_LABELS.local);

    // Back online on the same data: the queued draft is published by itself; the other one
    // becomes a server draft in the background (readers do not see it) and is published on request.
    await folio.restart();
    await expect(desktop.getByTestId('connectivity')).toHaveText(DesktopUiMessages.online);
    await expect(draftRow(desktop, '断网时写的第一篇')).toContainText(DRAFT_STATE_LABELS.synced);
    await expect(draftRow(desktop, '断网时写的第二篇').getByTestId('draft-server-note')).toHaveText(
      DesktopSyncMessages.serverDraft,
      { timeout: 20_000 },
    );
    const serverDraft = (await serverArticles(folio)).find((article) => article.title === '断网时写的第二篇');
    expect((await fetch(`${folio.current().url}/api/articles/${serverDraft?.id}`)).status).toBe(404);
    await draftRow(desktop, '断网时写的第二篇').getByRole('button', { name: DesktopUiMessages.open }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
    await expect(desktop).toHaveURL(/#\/drafts$/);
    await expect(draftRow(desktop, '断网时写的第二篇')).toContainText(DRAFT_STATE_LABELS.synced);

    const articles = await serverArticles(folio);
    expect(articles.map((article) => article.title).sort()).toEqual(['断网时写的第一篇', '断网时写的第二篇']);
    expect(articles.find((article) => article.title === '断网时写的第二篇')?.content).toContain('一个字也不能丢');
  });

  test('a new draft left blank is dropped after its last write, never before it', async ({ desktop, folio, main }) => {
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await expect(desktop).toHaveURL(/#\/drafts\/[^/]+$/);
    const title = desktop.getByLabel(DesktopUiMessages.title, { exact: true });
    await title.fill('写了又删');
    await waitSavedLocally(desktop);
    // Cleared, and the editor left within the save debounce: the blank text is still pending.
    await title.fill('');
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();

    await expect.poll(() => main.bridgeCalls.filter((call) => call.channel === 'drafts.discard').length).toBe(1);
    const writes = main.bridgeCalls.filter((call) => call.channel === 'drafts.save' || call.channel === 'drafts.discard');
    // Not one save answered 草稿不存在 (a save that reached main after the discard).
    expect(writes.filter((call) => !call.reply.ok)).toEqual([]);
    expect(writes.at(-1)?.channel).toBe('drafts.discard');
    await expect(draftRow(desktop, '写了又删')).toHaveCount(0);
  });
});
