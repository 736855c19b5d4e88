import { AddressMessages, DesktopUiMessages } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';
import { createServerArticle, draftRow, goOffline } from './desktop-helpers';
import { screensDir, shootEverySize } from './harness/screenshots';

const SHOTS_DIR = screensDir('desktop-slug');
const TITLE = 'Spring Notes';
const NEW_SLUG = 'notes-from-spring';

async function serverArticle(folio: FolioServer, id: number): Promise<{ slug: string; revision: number }> {
  const answer = await apiClient(folio.current().url)<EnvelopeBody & { data: { slug: string; revision: number } }>(
    'GET',
    `/api/admin/articles/${id}`,
    { token: await folio.token() },
  );
  return answer.body.data;
}

test('the draft editor changes a server article’s 链接名 on the server; the old address answers 301 to the new one', async ({
  desktop,
  folio,
}) => {
  test.setTimeout(120_000);
  const id = await createServerArticle(folio, { title: TITLE, content: '春天的笔记。' });
  const before = await serverArticle(folio, id);
  expect(before.slug).toBe('spring-notes');
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await desktop.getByRole('button', { name: DesktopUiMessages.refreshMirror }).click();
  await desktop
    .getByTestId('mirror-article')
    .filter({ hasText: TITLE })
    .getByRole('button', { name: DesktopUiMessages.editOffline })
    .click();
  await expect(desktop.getByLabel(DesktopUiMessages.title)).toHaveValue(TITLE);
  await desktop.getByRole('button', { name: DesktopUiMessages.articleDetails }).click();

  // Read from the server, with the address on the server's origin (the app's pages are not there).
  const slug = desktop.getByTestId('slug-input');
  await expect(slug).toHaveValue(before.slug);
  await expect(desktop.getByTestId('slug-address')).toHaveText(
    AddressMessages.slugAddress(`${folio.url}/articles/${before.slug}`),
  );
  await slug.fill(NEW_SLUG);
  await expect(desktop.getByText(AddressMessages.slugChangedHint(`/articles/${before.slug}`))).toBeVisible();
  await expect(desktop.getByTestId('slug-address')).toHaveText(AddressMessages.slugAddress(`${folio.url}/articles/${NEW_SLUG}`));
  // After the change of colour scheme, once the buttons' colour transitions have ended.
  await shootEverySize(desktop, SHOTS_DIR, 'draft-editor-slug', () =>
    // A transition cut short by the next one rejects its `finished` with AbortError: it has ended too.
    desktop.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))).then(() => undefined),
    ),
  );
  await desktop.getByTestId('slug-save').click();
  await expect(desktop.getByTestId('slug-save')).toBeDisabled();
  await expect(desktop.getByText(AddressMessages.slugHint)).toBeVisible();

  // Saved alone: the revision the draft started from is still the server's.
  const after = await serverArticle(folio, id);
  expect(after).toEqual({ ...before, slug: NEW_SLUG });
  const old = await fetch(`${folio.current().url}/articles/${before.slug}`, { redirect: 'manual' });
  expect(old.status).toBe(301);
  expect(old.headers.get('location')).toBe(`/articles/${NEW_SLUG}`);

  // Offline the slug cannot be read or changed: the field stays, greyed out, and says why.
  await goOffline(desktop, folio);
  await draftRow(desktop, TITLE).getByRole('button', { name: DesktopUiMessages.open }).click();
  await expect(desktop.getByLabel(DesktopUiMessages.title)).toHaveValue(TITLE);
  const offlineSlug = desktop.getByRole('textbox', { name: AddressMessages.slugLabel });
  await expect(offlineSlug).toBeDisabled();
  await expect(desktop.getByText(DesktopUiMessages.slugNeedsOnline)).toBeVisible();
  await expect(desktop.getByTestId('slug-save')).toHaveCount(0);
});

test('a new draft, never on the server, has no 链接名', async ({ desktop, folio }) => {
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
  await expect(desktop).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
  await desktop.getByRole('button', { name: DesktopUiMessages.articleDetails }).click();
  await expect(desktop.getByLabel(DesktopUiMessages.category)).toBeVisible();
  await expect(desktop.getByRole('textbox', { name: AddressMessages.slugLabel })).toHaveCount(0);
});
