import type { Page } from '@playwright/test';
import { AdminUiMessages, DesktopUiMessages } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { waitSavedLocally } from './desktop-helpers';
import { expectPreviewFollowsEditor, numberedSections } from '../markdown-preview-helpers';

/** Signs in and opens a new, empty draft. */
async function openNewDraft(page: Page, serverUrl: string): Promise<void> {
  await signIn(page, serverUrl, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/#\/admin/);
  await page.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await page.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
  await expect(page).toHaveURL(/#\/drafts\/[^/]+$/);
}

/** Puts `text` into the body at its end in one go (as a paste would). */
async function pasteInBody(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').first().click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(text);
}

/** Whether what the owner sees at the middle of `selector`'s box belongs to the focus mode layer. */
function coveredByFocusMode(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => {
    const box = document.querySelector(target)?.getBoundingClientRect();
    if (!box) throw new Error(`${target} is not on the page`);
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return Boolean(top?.closest('[data-testid="focus-mode"]'));
  }, selector);
}

const desktopNav = `nav[aria-label="${DesktopUiMessages.desktopNavigation}"]`;

test.describe('desktop editor room', () => {
  test('the fields fold away and stay folded; the editor fills the window', async ({ desktop, folio }) => {
    await desktop.setViewportSize({ width: 1024, height: 700 });
    await openNewDraft(desktop, folio.url);
    const details = desktop.getByRole('button', { name: DesktopUiMessages.articleDetails });
    const category = desktop.getByLabel(DesktopUiMessages.category);
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await expect(category).toHaveCount(0);
    await expect(desktop.getByLabel(DesktopUiMessages.title, { exact: true })).toBeVisible();
    // Folded, the Markdown editor takes most of the window and ends inside it.
    const editorBox = await desktop.locator('.cm-editor').boundingBox();
    expect(editorBox?.height ?? 0).toBeGreaterThan(700 * 0.6);
    expect((editorBox?.y ?? 0) + (editorBox?.height ?? 0)).toBeLessThanOrEqual(700);

    await details.click();
    await category.fill('随笔');
    await waitSavedLocally(desktop);
    await desktop.reload();
    await expect(desktop.getByLabel(DesktopUiMessages.category)).toHaveValue('随笔');

    await desktop.getByRole('button', { name: DesktopUiMessages.articleDetails }).click();
    await expect(desktop.getByLabel(DesktopUiMessages.category)).toHaveCount(0);
    // What the folded fields hold is still said in a line.
    await expect(desktop.getByText('随笔', { exact: true })).toBeVisible();
    await desktop.reload();
    await expect(desktop.getByRole('button', { name: DesktopUiMessages.articleDetails })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(desktop.getByLabel(DesktopUiMessages.category)).toHaveCount(0);
  });

  test('focus mode leaves only the text, from the button or Ctrl+Shift+F, and Esc brings the rest back', async ({
    desktop,
    folio,
  }) => {
    await openNewDraft(desktop, folio.url);
    await desktop.getByLabel(DesktopUiMessages.title, { exact: true }).fill('专注写作');
    await pasteInBody(desktop, '第一句。');
    const preview = desktop.getByRole('region', { name: AdminUiMessages.preview });
    await expect(preview).toContainText('第一句。');

    await desktop.getByRole('button', { name: DesktopUiMessages.focusMode }).click();
    await expect(desktop.getByTestId('focus-mode')).toBeVisible();
    await expect(preview).toHaveCount(0);
    await expect(desktop.getByLabel(DesktopUiMessages.title, { exact: true })).toHaveCount(0);
    await expect(desktop.getByRole('switch', { name: AdminUiMessages.previewSiteStyle })).toHaveCount(0);
    expect(await coveredByFocusMode(desktop, desktopNav)).toBe(true);
    // The editor keeps the caret: typing goes on in the text.
    await desktop.keyboard.type('第二句。');
    await expect(desktop.locator('.cm-content')).toContainText('第一句。第二句。');

    await desktop.keyboard.press('Escape');
    await expect(desktop.getByTestId('focus-mode')).toHaveCount(0);
    expect(await coveredByFocusMode(desktop, desktopNav)).toBe(false);
    await expect(desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts })).toBeVisible();
    await expect(preview).toContainText('第一句。第二句。');
    await expect(desktop.getByLabel(DesktopUiMessages.title, { exact: true })).toHaveValue('专注写作');

    await desktop.locator('.cm-content').click();
    await desktop.keyboard.press('ControlOrMeta+Shift+F');
    await expect(desktop.getByTestId('focus-mode')).toBeVisible();
    expect(await coveredByFocusMode(desktop, desktopNav)).toBe(true);
    await desktop.keyboard.press('Escape');
    await expect(desktop.getByTestId('focus-mode')).toHaveCount(0);
  });

  test('the preview follows the editor by source line and takes the public article page’s style', async ({
    desktop,
    folio,
    browser,
  }) => {
    await openNewDraft(desktop, folio.url);
    await desktop.getByLabel(DesktopUiMessages.title, { exact: true }).fill('滚动同步');
    await pasteInBody(desktop, numberedSections(60));
    const preview = desktop.getByRole('region', { name: AdminUiMessages.preview });
    await expect(preview.getByRole('heading', { name: '第 60 节' })).toBeAttached();

    // The preview follows the editor's scrolling by source line, and to its end.
    await expectPreviewFollowsEditor(desktop, preview);

    // Site style: the public article page's own column, title and body classes.
    await desktop.getByRole('switch', { name: AdminUiMessages.previewSiteStyle }).check();
    const sheet = preview.locator('[data-site-style]');
    await expect(sheet.getByRole('heading', { level: 1, name: '滚动同步' })).toBeVisible();
    const sheetClass = await sheet.getAttribute('class');
    const reader = await browser.newPage();
    try {
      const token = await folio.token();
      const response = await reader.request.post(`${folio.current().url}/api/admin/articles`, {
        headers: { authorization: `Bearer ${token}` },
        data: { title: '滚动同步', content: '正文', category: '', tags: '', summary: '', cover: '' },
      });
      const { data } = (await response.json()) as { data: { id: number } };
      await reader.goto(`${folio.current().url}/articles/${data.id}`);
      const publicClasses = (await reader.getByTestId('article-page').getAttribute('class'))?.split(/\s+/) ?? [];
      expect(sheetClass).toBeTruthy();
      expect(publicClasses).toContain(sheetClass);
      const publicTitle = reader.getByTestId('article-page').locator('h1');
      const fontSize = await publicTitle.evaluate((title) => getComputedStyle(title).fontSize);
      expect(await sheet.locator('h1').evaluate((title) => getComputedStyle(title).fontSize)).toBe(fontSize);
    } finally {
      await reader.close();
    }
    // The choice is remembered.
    await desktop.reload();
    await expect(desktop.getByRole('switch', { name: AdminUiMessages.previewSiteStyle })).toBeChecked();
    await expect(preview.locator('[data-site-style]')).toBeVisible();
  });
});
