import { DRAFT_STATE_LABELS, DesktopUiMessages } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle, draftRow, serverArticles, typeInBody, waitSavedLocally } from './desktop-helpers';

test.describe('server drafts in the desktop 草稿箱', () => {
  test('a draft written in the browser appears, opens for editing and is published from the desktop', async ({
    desktop,
    folio,
  }) => {
    const id = await createServerArticle(folio, { title: '浏览器里写了一半', content: '开头', status: 'draft' });
    await createServerArticle(folio, { title: '已经发布的文章', content: '正文' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);

    // Opening 草稿箱 online fetches the server's list: its draft is there, its published article is not.
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    const serverDraft = desktop.getByTestId('server-draft');
    await expect(serverDraft).toHaveCount(1);
    await expect(serverDraft).toContainText('浏览器里写了一半');

    await serverDraft.getByRole('button', { name: DesktopUiMessages.editOffline }).click();
    await expect(desktop.getByLabel(DesktopUiMessages.title)).toHaveValue('浏览器里写了一半');
    await typeInBody(desktop, '，在桌面上写完');
    await waitSavedLocally(desktop);
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    // Now a draft of this machine: listed once, among the local drafts.
    await expect(desktop.getByTestId('server-draft')).toHaveCount(0);
    await draftRow(desktop, '浏览器里写了一半').getByRole('button', { name: DesktopUiMessages.open }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
    await expect(desktop).toHaveURL(/#\/drafts$/);
    await expect(draftRow(desktop, '浏览器里写了一半')).toContainText(DRAFT_STATE_LABELS.synced);

    const article = (await serverArticles(folio)).find((candidate) => candidate.id === id);
    expect(article).toMatchObject({ content: '开头，在桌面上写完' });
    const detail = await fetch(`${folio.current().url}/api/articles/${id}`);
    expect(detail.status).toBe(200);
  });
});
