import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

/** Debian's Chromium (Playwright downloads no browser here); CHROMIUM_PATH picks another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium refuses to start its sandbox as root. */
export const SANDBOX_FLAGS: readonly string[] =
  typeof process.getuid === 'function' && process.getuid() === 0 ? ['--no-sandbox'] : [];

/** Chromium for the bench's own page visits (Lighthouse launches its own through chrome-launcher). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...SANDBOX_FLAGS, '--disable-gpu', ...extraArgs] });
}

/** Off-site requests (code host, calendar image) are answered empty: the bench never leaves loopback. */
export async function answerOffSiteEmpty(page: Page): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 404, body: '' }));
}
