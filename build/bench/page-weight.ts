import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface PageWeight {
  path: string;
  scripts: number;
  rawKb: number;
  gzipKb: number;
}

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * JavaScript a visitor downloads before a page is usable (hydrated), measured in real Chromium:
 * every script response until the page marks `data-hydrated`, sized raw and gzipped here so the
 * figure does not depend on whether the server compresses.
 */
export async function measurePageWeight(origin: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...(runningAsRoot ? ['--no-sandbox'] : []), '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const results: PageWeight[] = [];
    for (const path of paths) {
      const page = await browser.newPage();
      // Off-site requests (code host, calendar image) are answered empty: the bench never leaves loopback.
      await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 404, body: '' }));
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(origin + path);
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
      const scripts = await Promise.all(bodies);
      results.push({
        path,
        scripts: scripts.length,
        rawKb: scripts.reduce((sum, body) => sum + body.length, 0) / 1024,
        gzipKb: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
      });
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
