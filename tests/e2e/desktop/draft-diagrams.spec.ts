import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRAFT_STATE_LABELS, DesktopUiMessages } from '@folio/shared';
import type { AdminArticleDetail } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { FolioServer } from './desktop-fixtures';
import { draftRow, goOffline, publishNewDraftOffline, serverArticles, typeInBody, waitSavedLocally } from './desktop-helpers';

/** The sources of an article's diagrams that have a drawing, read from the server. */
async function drawnDiagrams(folio: FolioServer, id: number | undefined): Promise<string[] | undefined> {
  const response = await apiClient(folio.current().url)<EnvelopeBody & { data: AdminArticleDetail }>(
    'GET',
    `/api/admin/articles/${id}`,
    { token: await folio.token() },
  );
  return response.body.data.drawn_diagrams;
}

test('a draft published from the desktop has its diagram drawn for the site', async ({ desktop, folio }) => {
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
  await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
  await desktop.getByLabel(DesktopUiMessages.title).fill('桌面端写的图表');
  await typeInBody(desktop, '发布流程：\n\n```mermaid\ngraph LR\n写作 --> 发布\n```\n');
  await waitSavedLocally(desktop);
  await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
  await expect(draftRow(desktop, '桌面端写的图表')).toContainText(DRAFT_STATE_LABELS.synced);

  const [article] = await serverArticles(folio);
  expect(article?.content).toContain('写作 --> 发布');
  await expect.poll(() => drawnDiagrams(folio, article?.id), { timeout: 30_000 }).toEqual(['graph LR\n写作 --> 发布\n']);
});

test('a folder import from the desktop has its diagrams drawn for the site', async ({ desktop, folio, main }) => {
  const folder = await mkdtemp(path.join(tmpdir(), 'folio-import-diagrams-'));
  try {
    await writeFile(path.join(folder, 'flow.md'), '---\ntitle: 文件夹里的图表\n---\n\n```mermaid\ngraph TD\n  甲 --> 乙\n```\n');
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navImport }).click();
    main.answerDialogs([folder]);
    await desktop.getByRole('button', { name: DesktopUiMessages.pickFolder }).click();
    await expect(desktop.getByTestId('import-candidate')).toHaveCount(1);
    await desktop.getByRole('button', { name: DesktopUiMessages.startImport(1) }).click();
    await expect(desktop.getByTestId('import-summary')).toBeVisible();
    const [article] = await serverArticles(folio);
    await expect.poll(() => drawnDiagrams(folio, article?.id), { timeout: 30_000 }).toEqual(['graph TD\n  甲 --> 乙\n']);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('a draft published offline has its diagram drawn once the background sync sends it', async ({ desktop, folio }) => {
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await goOffline(desktop, folio);
  await publishNewDraftOffline(desktop, '离线写的图表', '```mermaid\ngraph LR\n离线 --> 联网\n```\n');
  // The owner stays in the editor; nothing but the sync publishes it.
  await folio.restart();
  await expect(desktop.getByTestId('connectivity')).toHaveText(DesktopUiMessages.online);
  await expect.poll(async () => (await serverArticles(folio)).length, { timeout: 30_000 }).toBe(1);
  const [article] = await serverArticles(folio);
  await expect.poll(() => drawnDiagrams(folio, article?.id), { timeout: 30_000 }).toEqual(['graph LR\n离线 --> 联网\n']);
});
