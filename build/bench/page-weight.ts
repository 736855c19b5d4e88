import { gzipSync } from 'node:zlib';
import { answerOffSiteEmpty, launchChromium } from './chromium.js';
import { printTable } from './report.js';

export interface PageWeight {
  path: string;
  scripts: number;
  rawKb: number;
  gzipKb: number;
}

/**
 * JavaScript a visitor downloads before a page is usable (hydrated), measured in real Chromium:
 * every script requested before the page marks `data-hydrated` (what hydration fetches lazily
 * afterwards, such as the Socket.IO client or Mermaid, is not counted), sized raw and gzipped
 * here so the figure does not depend on whether the server compresses.
 */
export async function measurePageWeight(origin: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await launchChromium(['--disable-background-networking']);
  try {
    const results: PageWeight[] = [];
    for (const path of paths) {
      const page = await browser.newPage();
      await answerOffSiteEmpty(page);
      // The moment of hydration, on the page's own clock, taken by an observer set up before any script.
      await page.addInitScript(() => {
        // The document has no <html> element yet when this runs: watch the whole document.
        new MutationObserver((_, observer) => {
          if (document.documentElement?.dataset.hydrated !== 'true') return;
          (window as { __hydratedAt?: number }).__hydratedAt = performance.timeOrigin + performance.now();
          observer.disconnect();
        }).observe(document, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
      });
      const responses: { startedAt: number; body: Promise<Buffer> }[] = [];
      page.on('response', (response) => {
        const request = response.request();
        if (request.resourceType() !== 'script') return;
        responses.push({ startedAt: request.timing().startTime, body: response.body().catch(() => Buffer.alloc(0)) });
      });
      await page.goto(origin + path);
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
      const hydratedAt = await page.evaluate(() => (window as { __hydratedAt?: number }).__hydratedAt ?? Infinity);
      const scripts = await Promise.all(
        responses.filter((response) => response.startedAt < hydratedAt).map((response) => response.body),
      );
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

/** The most JavaScript (gzip) the landing page may load before it is usable; README's Performance section reports against it. */
export const LANDING_BUDGET_KB = 110;

export function printPageWeights(weights: PageWeight[], label: (path: string) => string = (path) => path): void {
  printTable(
    ['JavaScript before usable', 'scripts', 'raw KB', 'gzip KB'],
    weights.map((weight) => [
      weight.path === '/' ? `/ (budget ${LANDING_BUDGET_KB} KB gzip)` : label(weight.path),
      String(weight.scripts),
      weight.rawKb.toFixed(0),
      weight.gzipKb.toFixed(0),
    ]),
  );
}
