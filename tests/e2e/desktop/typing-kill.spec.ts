import { DESKTOP_LIMITS } from '@folio/shared';
import type { Draft } from '../../../desktop/src/channels';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { startDesktopMain } from './harness/desktop-main';
import { startDesktopMainProcess } from './harness/desktop-main-process';
import { openRendererPage, pageEvents } from './harness/page-wiring';

const KEYS_PER_SECOND = 8;
const TYPING_SECONDS = 20;
/** The owner's promise: at most one second of typing is lost to a crash. */
const KEYS_ONE_SECOND = KEYS_PER_SECOND;

test.describe('desktop draft autosave under a crash', () => {
  test('typing steadily at 8 keys a second, a killed main process loses at most one second of it', async ({
    page,
    renderer,
    folio,
  }) => {
    test.setTimeout(120_000);
    const main = await startDesktopMainProcess({ send: pageEvents(page) });
    const typed = Array.from(
      { length: KEYS_PER_SECOND * TYPING_SECONDS },
      (_, index) => 'abcdefghijklmnopqrstuvwxyz'[index % 26],
    ).join('');
    let draftId: string;
    let typingMs: number;
    try {
      await openRendererPage(page, main, renderer);
      // Drafts live in the active server profile's folder: sign in once, as the owner did long ago.
      await signIn(page, folio.url, ADMIN_PASSWORD);
      await expect(page).toHaveURL(/#\/admin/);
      await page.goto(`${new URL(page.url()).origin}/index.html#/drafts/new`);
      await expect(page).toHaveURL(/#\/drafts\/(?!new)[^/]+$/);
      draftId = decodeURIComponent(new URL(page.url()).hash.replace('#/drafts/', ''));
      await page.locator('.cm-content').click();

      // A steady rhythm that never pauses: each key goes at its own time on one clock, whatever
      // the previous key cost, so a save that waits for a pause would never come.
      const start = Date.now();
      for (const [index, key] of [...typed].entries()) {
        const due = start + (index * 1000) / KEYS_PER_SECOND;
        if (due > Date.now()) await page.waitForTimeout(due - Date.now());
        await page.keyboard.press(key);
      }
      typingMs = Date.now() - start;
    } finally {
      // No quit path: no flush event, no before-quit, just the process gone.
      await main.kill();
    }

    // What survives is what a main started again on the same data folder finds.
    const reopened = await startDesktopMain({ dataDir: main.dataDir, send: undefined });
    try {
      const reply = await reopened.dispatch('drafts.get', { id: draftId });
      expect(reply.ok).toBe(true);
      const saved = reply.ok ? ((reply.data as Draft | null)?.fields.content ?? '') : '';
      test.info().annotations.push({
        type: 'typing',
        description: `${typed.length} keys in ${typingMs} ms; ${saved.length} on disk, ${typed.length - saved.length} lost (save interval ${DESKTOP_LIMITS.draftSaveIntervalMs} ms)`,
      });
      // What is on disk is what was typed, in order, with only the last keys missing.
      expect(typed.startsWith(saved)).toBe(true);
      expect(typed.length - saved.length).toBeLessThanOrEqual(KEYS_ONE_SECOND);
    } finally {
      await reopened.stop();
    }
  });
});
