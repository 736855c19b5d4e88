import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DesktopUiMessages as M } from '@folio/shared';
import { expect, test } from './desktop-fixtures';
import { conflictInThreeFields } from './conflict-helpers';

/** Inside Playwright's output folder (git-ignored), unless FOLIO_SCREENS_DIR names another. */
const SHOTS_DIR =
  process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../test-results/screens/desktop-conflict', import.meta.url));
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

test('the conflict screen with three conflicting fields, at both sizes, light and dark', async ({ desktop, folio }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS_DIR, { recursive: true });
  await conflictInThreeFields(desktop, folio, '春天的随笔');
  const conflict = desktop.getByTestId('conflict-view');
  // The merge opens once; later sizes only bring its fields back into view.
  const openMerge = async () => {
    const button = conflict.getByRole('button', { name: M.mergeByHand, exact: true });
    if (await button.isVisible()) await button.click();
    await conflict.locator('[data-field="title"]').scrollIntoViewIfNeeded();
  };
  const stages = [
    { name: 'conflict', show: () => conflict.locator('[data-field="title"]').scrollIntoViewIfNeeded() },
    { name: 'merge', show: () => openMerge() },
    { name: 'merge-body', show: () => conflict.getByTestId('merge-content').scrollIntoViewIfNeeded() },
  ];
  for (const stage of stages) {
    for (const scheme of ['light', 'dark'] as const) {
      await desktop.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await desktop.setViewportSize(size);
        await stage.show();
        await desktop.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const overflow = await desktop.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${stage.name} at ${size.width}x${size.height} ${scheme}`).toBeLessThanOrEqual(0);
        await desktop.screenshot({ path: path.join(SHOTS_DIR, `${stage.name}-${size.width}x${size.height}-${scheme}.png`) });
      }
    }
  }
});
