import type { Page } from '@playwright/test';
import { DesktopUiMessages } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle, typeInBody, waitSavedLocally } from './desktop-helpers';

async function openHistory(page: Page) {
  await page.getByRole('button', { name: DesktopUiMessages.revisions }).click();
  const entries = page.getByTestId('revision');
  await expect(entries.first()).toBeVisible();
  return entries;
}

async function restoreEntry(page: Page, index: number): Promise<void> {
  await page.getByTestId('revision').nth(index).getByRole('button', { name: DesktopUiMessages.restoreRevision }).click();
  await expect(page.getByTestId('revision')).toHaveCount(0);
}

test.describe('desktop local history', () => {
  test('each snapshot shows its own diff against the current text, and a text is listed once', async ({ desktop, folio }) => {
    await createServerArticle(folio, { title: '春天', content: '第一段\n第二段\n' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.refreshMirror }).click();
    await desktop.getByTestId('mirror-article').getByRole('button', { name: DesktopUiMessages.editOffline }).click();

    // The first edit keeps the server's text as a snapshot: against it, the new line is added.
    await typeInBody(desktop, '第三段');
    await waitSavedLocally(desktop);
    let entries = await openHistory(desktop);
    await expect(entries).toHaveCount(1);
    await expect(entries.getByTestId('revision-summary')).toHaveText(DesktopUiMessages.revisionAgainstCurrent(1, 0, 0));
    await expect(entries.locator('[data-change="added"]')).toHaveText('第三段');

    // Restoring keeps the replaced text as a snapshot; then a different line is written.
    await restoreEntry(desktop, 0);
    await typeInBody(desktop, '第四段');
    await waitSavedLocally(desktop);
    entries = await openHistory(desktop);
    await expect(entries).toHaveCount(2);
    const [withThird, original] = [entries.nth(0), entries.nth(1)];
    await expect(withThird.getByTestId('revision-summary')).toHaveText(DesktopUiMessages.revisionAgainstCurrent(0, 0, 1));
    await expect(withThird.locator('[data-change="removed"]').first()).toContainText('三');
    await expect(withThird.locator('[data-change="added"]').first()).toContainText('四');
    await expect(original.getByTestId('revision-summary')).toHaveText(DesktopUiMessages.revisionAgainstCurrent(1, 0, 0));
    await expect(original.locator('[data-change="added"]')).toHaveText('第四段');

    // Back to the server's text (listed as 第四段, 第三段, the server's), then to the one with
    // 第三段: the ring now holds the server's text twice (the first snapshot and the one the last
    // restore took), listed once.
    await restoreEntry(desktop, 1);
    entries = await openHistory(desktop);
    await expect(entries).toHaveCount(3);
    await restoreEntry(desktop, 1);
    entries = await openHistory(desktop);
    const summaries = await entries.getByTestId('revision-summary').allTextContents();
    expect(summaries).toHaveLength(3);
    expect(new Set(summaries).size).toBe(3);
    await expect(entries.filter({ hasText: DesktopUiMessages.revisionSameAsCurrent })).toHaveCount(1);
  });
});
