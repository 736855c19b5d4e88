import type { Browser, Page } from '@playwright/test';
import { DesktopUiMessages, PreviewLinkMessages } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle, draftRow, goOffline } from './desktop-helpers';
import { screensDir, shootEverySize } from './harness/screenshots';

const SHOTS_DIR = screensDir('desktop-preview-links');
const TITLE = '给朋友先看的草稿';
const BODY = '这段正文只给拿到链接的朋友看。';

/** A browser context of its own: no desktop session, no token, nothing shared with the app's page. */
async function signedOutPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'UTC' });
  return context.newPage();
}

test('the draft editor makes a preview link of a server draft: the whole address on the server, opened signed out under 预览', async ({
  desktop,
  folio,
  browser,
}) => {
  test.setTimeout(120_000);
  await createServerArticle(folio, { title: TITLE, content: BODY, status: 'draft' });
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await desktop.getByTestId('server-draft').getByRole('button', { name: DesktopUiMessages.editOffline }).click();
  await expect(desktop.getByLabel(DesktopUiMessages.title)).toHaveValue(TITLE);

  await desktop.getByRole('button', { name: PreviewLinkMessages.button }).click();
  const panel = desktop.getByRole('dialog', { name: PreviewLinkMessages.panelTitle });
  await expect(panel).toContainText(PreviewLinkMessages.none);
  await panel.getByRole('button', { name: PreviewLinkMessages.create }).click();
  const url = await panel.getByTestId('preview-link-url').inputValue();
  // The app's pages are not on the server's origin: the link still names the server.
  expect(url.startsWith(`${folio.url}/preview/`)).toBe(true);
  expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
  await expect(panel.getByTestId('preview-link-row')).toHaveCount(1);
  await shootEverySize(desktop, SHOTS_DIR, 'draft-editor-preview-links');

  const visitor = await signedOutPage(browser);
  try {
    await visitor.goto(url);
    await expect(visitor.getByTestId('preview-banner')).toContainText(PreviewLinkMessages.banner);
    await expect(visitor.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(visitor.getByText(BODY)).toBeVisible();
  } finally {
    await visitor.context().close();
  }
  await panel.getByRole('button', { name: PreviewLinkMessages.close }).click();

  // Offline the links cannot be reached: the button stays, unusable, and says why.
  await goOffline(desktop, folio);
  await draftRow(desktop, TITLE).getByRole('button', { name: DesktopUiMessages.open }).click();
  const button = desktop.getByRole('button', { name: PreviewLinkMessages.button });
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAttribute('title', DesktopUiMessages.previewLinksNeedOnline);
  await button.click({ force: true });
  await expect(desktop.getByRole('dialog', { name: PreviewLinkMessages.panelTitle })).toHaveCount(0);
});

test('a new draft, never on the server, has no preview links', async ({ desktop, folio }) => {
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
  await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
  await expect(desktop.getByRole('button', { name: DesktopUiMessages.revisions })).toBeVisible();
  await expect(desktop.getByRole('button', { name: PreviewLinkMessages.button })).toHaveCount(0);
});
