import type { Page } from '@playwright/test';
import { DesktopUiMessages } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';
import { createServerArticle, typeInBody, waitSavedLocally } from './desktop-helpers';

/** Opens the mirrored server article as a draft and adds a line locally (none when empty). */
export async function editLocally(desktop: Page, title: string, line: string): Promise<void> {
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
export async function browserSaves(folio: FolioServer, id: number, change: Record<string, string>): Promise<void> {
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

/** Fills one of the open draft's fields by its label, unfolding 分类/标签/摘要/封面 when folded away. */
export async function fillDraftField(desktop: Page, label: string, value: string): Promise<void> {
  const input = desktop.getByLabel(label, { exact: true });
  if (!(await input.isVisible())) await desktop.getByRole('button', { name: /标签/ }).first().click();
  await input.fill(value);
}

/** Publishes the open draft and waits for the conflict screen. */
export async function publishIntoConflict(desktop: Page): Promise<void> {
  await waitSavedLocally(desktop);
  await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
  await expect(desktop.getByTestId('conflict-view')).toBeVisible();
}

/**
 * An article both sides changed in four fields: the title, the category and the second paragraph
 * in the same place (three real overlaps), the tags differently (merged as lists), and the browser
 * alone rewrote the first paragraph. Ends on the conflict screen; returns the article's id.
 */
export async function conflictInThreeFields(desktop: Page, folio: FolioServer, title: string): Promise<number> {
  const id = await createServerArticle(folio, { title, content: '第一段\n\n第二段' });
  await browserSaves(folio, id, { tags: '春天,随笔' });
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await editLocally(desktop, title, '，桌面上接着写');
  await desktop.getByLabel(DesktopUiMessages.title, { exact: true }).fill(`${title}（桌面）`);
  await fillDraftField(desktop, DesktopUiMessages.category, '桌面分类');
  await fillDraftField(desktop, DesktopUiMessages.tags, '春天,桌面');
  await browserSaves(folio, id, {
    title: `${title}（网页）`,
    category: '网页分类',
    tags: '春天,网页',
    content: '第一段（网页）\n\n第二段，网页上接着写',
  });
  await publishIntoConflict(desktop);
  return id;
}
