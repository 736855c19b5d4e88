import type { Locator } from '@playwright/test';
import { DRAFT_STATE_LABELS, DesktopUiMessages as M } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { browserSaves, conflictInThreeFields, editLocally } from './conflict-helpers';
import { createServerArticle, draftRow, serverArticles, typeInBody, waitSavedLocally } from './desktop-helpers';

/** A side's text as it now reads: what it removed from the base (struck through) left out. */
function sideText(side: Locator): Promise<string> {
  return side.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('del').forEach((removed) => removed.remove());
    return copy.textContent ?? '';
  });
}

test.describe('desktop publish conflicts', () => {
  test('the browser changes the title, the desktop the body offline: both are kept, nothing asked', async ({
    desktop,
    folio,
  }) => {
    const id = await createServerArticle(folio, { title: '两边都改过的文章', content: '第一段\n\n第二段' });
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await editLocally(desktop, '两边都改过的文章', '');
    // While the desktop has it open, the browser renames it and rewrites the first paragraph.
    await browserSaves(folio, id, { title: '网页上改的标题', content: '第一段（网页上改过）\n\n第二段' });

    await folio.stop();
    await typeInBody(desktop, '\n\n桌面上离线加的第三段');
    await waitSavedLocally(desktop);
    await desktop.getByRole('button', { name: M.publish, exact: true }).click();
    await expect(desktop.locator('[data-state="pending"]')).toHaveText(DRAFT_STATE_LABELS.pending);

    await folio.restart();
    await desktop.getByRole('tab', { name: M.navDrafts }).click();
    await expect(desktop.getByTestId('connectivity')).toHaveText(M.online);
    await expect(draftRow(desktop, '网页上改的标题')).toContainText(DRAFT_STATE_LABELS.synced);
    await expect(desktop.getByTestId('conflict-view')).toHaveCount(0);
    const onServer = (await serverArticles(folio)).find((article) => article.id === id);
    expect(onServer).toMatchObject({
      title: '网页上改的标题',
      content: '第一段（网页上改过）\n\n第二段\n\n桌面上离线加的第三段',
    });
  });

  test('every field says what the merge did; the title, the body and the tags show base, server and local', async ({
    desktop,
    folio,
  }) => {
    const id = await conflictInThreeFields(desktop, folio, '三处都改了');
    const conflict = desktop.getByTestId('conflict-view');
    await expect(desktop.locator('[data-state="conflict"]').first()).toHaveText(DRAFT_STATE_LABELS.conflict);

    // All six fields are listed, each with what happened to it.
    const outcomes = {
      title: 'conflict',
      category: 'conflict',
      content: 'conflict',
      tags: 'merged',
      summary: 'unchanged',
      cover: 'unchanged',
    };
    await expect(conflict.locator('[data-field]')).toHaveCount(6);
    for (const [field, outcome] of Object.entries(outcomes)) {
      await expect(conflict.locator(`[data-field="${field}"]`)).toHaveAttribute('data-outcome', outcome);
    }
    await expect(conflict.locator('[data-field="tags"]')).toContainText(M.conflictOutcomeMerged);
    await expect(conflict.locator('[data-field="title"]')).toContainText(M.conflictOutcomeOverlap);

    const title = conflict.getByTestId('conflict-title');
    await expect(title.locator('[data-side="base"]')).toContainText('三处都改了');
    expect(await sideText(title.locator('[data-side="remote"] pre'))).toBe('三处都改了（网页）');
    expect(await sideText(title.locator('[data-side="local"] pre'))).toBe('三处都改了（桌面）');
    // Each side marks what it changed against the base.
    await expect(title.locator('[data-side="remote"] [data-change="added"]')).toContainText('网页');
    // The body shows only the block both changed, not the first paragraph only the browser rewrote.
    const body = conflict.getByTestId('conflict-content');
    await expect(body.locator('[data-side="base"]')).toHaveText(/第二段/);
    expect(await sideText(body.locator('[data-side="remote"] pre'))).toBe('第二段，网页上接着写');
    expect(await sideText(body.locator('[data-side="local"] pre'))).toBe('第二段，桌面上接着写');
    await expect(body.locator('[data-side="base"]')).not.toContainText('第一段');
    const tags = conflict.getByTestId('conflict-tags');
    await expect(tags.locator('[data-side="base"]')).toContainText('春天,随笔');
    expect(await sideText(tags.locator('[data-side="remote"] pre'))).toBe('春天,网页');
    expect(await sideText(tags.locator('[data-side="local"] pre'))).toBe('春天,桌面');
    await expect(tags.locator('[data-side="local"] del')).toHaveText('随笔');
    await expect(conflict.locator('[data-field="tags"]')).toContainText(M.conflictMergedValue('春天,桌面,网页'));
    // Nothing was sent: the server still has its own copy.
    expect((await serverArticles(folio)).find((article) => article.id === id)?.title).toBe('三处都改了（网页）');

    // 手动合并 starts from the merge: the browser's first paragraph, and both sides of the overlap.
    await conflict.getByRole('button', { name: M.mergeByHand, exact: true }).click();
    const editor = conflict.getByTestId('merge-content').locator('.cm-content');
    await expect(editor).toContainText('第一段（网页）');
    await expect(editor).toContainText('<<<<<<<');
    await expect(editor).toContainText('第二段，桌面上接着写');
    await expect(editor).toContainText('第二段，网页上接着写');
    await expect(conflict.getByTestId('merge-tags').getByRole('textbox')).toHaveValue('春天,桌面,网页');
    // Markers left in the body are refused before anything is sent.
    await conflict.getByRole('button', { name: M.saveMerged }).click();
    await expect(desktop.getByRole('alert').filter({ hasText: M.conflictMarkersLeft(M.body) })).toBeVisible();

    await editor.click();
    await desktop.keyboard.press('ControlOrMeta+A');
    await desktop.keyboard.type('第一段（网页）\n\n第二段，两边的都要');
    // Every field's own choice reaches the server, not only the body's and the title's.
    await conflict.getByTestId('merge-title').getByRole('radio', { name: M.conflictChoiceServer }).check();
    await conflict.getByTestId('merge-category').getByRole('radio', { name: M.conflictChoiceServer }).check();
    await conflict.getByTestId('merge-tags').getByRole('textbox').fill('春天,手动');
    await conflict.getByRole('button', { name: M.saveMerged }).click();
    await expect(desktop.locator('.fui-ToastTitle').filter({ hasText: M.resolvedMerged })).toBeVisible();
    await expect(desktop).toHaveURL(/#\/drafts$/);

    const onServer = (await serverArticles(folio)).find((article) => article.id === id);
    expect(onServer).toMatchObject({
      title: '三处都改了（网页）',
      category: '网页分类',
      tags: '春天,手动',
      content: '第一段（网页）\n\n第二段，两边的都要',
    });
  });
});
