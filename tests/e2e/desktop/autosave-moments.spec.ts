import type { Page } from '@playwright/test';
import { DesktopUiMessages } from '@folio/shared';
import type { Draft } from '../../../desktop/src/channels';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { DesktopMain } from './harness/desktop-main';
import { typeInBody, waitSavedLocally } from './desktop-helpers';

async function bodyOnDisk(main: DesktopMain, page: Page): Promise<string> {
  const id = decodeURIComponent(new URL(page.url()).hash.replace('#/drafts/', ''));
  const reply = await main.dispatch('drafts.get', { id });
  return reply.ok ? ((reply.data as Draft | null)?.fields.content ?? '') : '';
}

/**
 * The page's clock stands still, so the save interval never ends: whatever reaches the disk
 * got there because of the moment itself (a field left, the window left or hidden).
 */
test.describe('desktop draft autosave at the moments a crash may follow', () => {
  test('leaving the body, the window losing focus and the app being hidden each save at once', async ({
    desktop,
    folio,
    main,
  }) => {
    await desktop.clock.install();
    await desktop.reload();
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await typeInBody(desktop, '第一句。');
    await waitSavedLocally(desktop);
    await desktop.clock.pauseAt(Date.now() + 60_000);

    await typeInBody(desktop, '离开正文。');
    await desktop.getByRole('textbox', { name: DesktopUiMessages.title, exact: true }).click();
    await expect.poll(() => bodyOnDisk(main, desktop)).toBe('第一句。离开正文。');

    await typeInBody(desktop, '切到别的窗口。');
    await desktop.evaluate(() => window.dispatchEvent(new Event('blur')));
    await expect.poll(() => bodyOnDisk(main, desktop)).toBe('第一句。离开正文。切到别的窗口。');

    await typeInBody(desktop, '最小化。');
    await desktop.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => bodyOnDisk(main, desktop)).toBe('第一句。离开正文。切到别的窗口。最小化。');
  });
});
