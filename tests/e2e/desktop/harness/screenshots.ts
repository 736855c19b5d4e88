import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * Where a spec's screenshots go: `test-results/screens/<name>` (git-ignored, like Playwright's
 * own output), or `<FOLIO_SCREENS_DIR>/<name>` when that names another folder.
 */
export function screensDir(name: string): string {
  const root = process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../../test-results/screens', import.meta.url));
  return path.join(root, name);
}

/** The desktop window sizes screenshots are taken at. */
export const SCREEN_SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/**
 * Every size and colour scheme of the screen now on display: saves `<name>-<w>x<h>-<scheme>.png`
 * into `dir` and checks that nothing is wider than the window (the usual sign of a clipped or
 * overflowing row). `prepare` runs after each change of size or scheme, to bring back what the
 * change closed. Leaves the page light, at the first size.
 */
export async function shootEverySize(page: Page, dir: string, name: string, prepare?: () => Promise<void>): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await prepare?.();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} at ${size.width}x${size.height} ${scheme} is wider than the window`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(dir, `${name}-${size.width}x${size.height}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SCREEN_SIZES[0]);
}
