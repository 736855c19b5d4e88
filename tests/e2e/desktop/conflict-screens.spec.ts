import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DesktopUiMessages as M } from '@folio/shared';
import { expect, test } from './desktop-fixtures';
import { conflictInThreeFields } from './conflict-helpers';

/** Outside the repository unless FOLIO_SCREENS_DIR names another folder. */
const SHOTS_DIR = process.env.FOLIO_SCREENS_DIR ?? '/work/shots/d3-conflict';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

test('the conflict screen with three conflicting fields, at both sizes, light and dark', async ({ desktop, folio }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS_DIR, { recursive: true });
  await conflictInThreeFields(desktop, folio, '春天的随笔');
  const conflict = desktop.getByTestId('conflict-view');
  for (const stage of ['conflict', 'merge'] as const) {
    if (stage === 'merge') await conflict.getByRole('button', { name: M.mergeByHand }).click();
    for (const scheme of ['light', 'dark'] as const) {
      await desktop.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await desktop.setViewportSize(size);
        await desktop.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const overflow = await desktop.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${stage} at ${size.width}x${size.height} ${scheme}`).toBeLessThanOrEqual(0);
        await desktop.screenshot({ path: path.join(SHOTS_DIR, `${stage}-${size.width}x${size.height}-${scheme}.png`) });
      }
    }
  }
});
