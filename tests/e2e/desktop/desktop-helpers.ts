import type { Locator, Page } from '@playwright/test';
import { DRAFT_STATE_LABELS, DesktopMessages, DesktopUiMessages } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { expect } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';

export interface ServerArticle {
  id: number;
  title: string;
  content: string;
  revision?: number;
}

/** The owner's articles straight from the server (not through the desktop). */
export async function serverArticles(folio: FolioServer): Promise<ServerArticle[]> {
  const token = await folio.token();
  const list = await apiClient(folio.current().url)<EnvelopeBody & { data: { id: number }[] }>(
    'GET',
    '/api/admin/articles?per_page=100',
    { token },
  );
  return Promise.all(
    list.body.data.map(async ({ id }) => {
      const detail = await apiClient(folio.current().url)<EnvelopeBody & { data: ServerArticle }>(
        'GET',
        `/api/admin/articles/${id}`,
        { token },
      );
      return detail.body.data;
    }),
  );
}

/** Creates an article on the server directly, as another device of the owner would. */
export async function createServerArticle(
  folio: FolioServer,
  fields: { title: string; content: string; cover?: string; status?: 'draft' },
): Promise<number> {
  const response = await apiClient(folio.current().url)<EnvelopeBody & { data: { id: number } }>('POST', '/api/admin/articles', {
    token: await folio.token(),
    json: { category: '随笔', tags: '', summary: '', cover: '', ...fields },
  });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

/** Types into the CodeMirror body of the open draft, at its end, key by key like the owner. */
export async function typeInBody(page: Page, text: string): Promise<void> {
  const editor = page.locator('.cm-content').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

/** Waits until the editor says everything typed is on disk. */
export async function waitSavedLocally(page: Page): Promise<void> {
  await expect(page.getByTestId('save-status')).toContainText(DesktopUiMessages.savedLocally('').trim());
}

export function draftRow(page: Page, title: string): Locator {
  return page.getByTestId('draft-row').filter({ hasText: title });
}

/** Stops the server and waits until the desktop, on its drafts screen, says it is offline. */
export async function goOffline(page: Page, folio: FolioServer): Promise<void> {
  await folio.stop();
  await page.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await page.getByRole('button', { name: DesktopUiMessages.refreshMirror }).click();
  await expect(page.getByTestId('connectivity')).toHaveText(DesktopUiMessages.offline);
}

/** Writes a new draft, waits until it is on disk and publishes it while offline: it waits as 待发布. */
export async function publishNewDraftOffline(page: Page, title: string, body: string): Promise<void> {
  await page.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
  await page.getByLabel(DesktopUiMessages.title).fill(title);
  await typeInBody(page, body);
  await waitSavedLocally(page);
  await page.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
  await expect(page.locator('[data-state="pending"]')).toHaveText(DRAFT_STATE_LABELS.pending);
  // One message for a queued publish: the toast and the banner say the same words.
  await expect(page.locator('.fui-ToastTitle').filter({ hasText: DesktopMessages.offlineQueued })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: DesktopMessages.offlineQueued })).toBeVisible();
}
