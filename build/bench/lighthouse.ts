import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH, SANDBOX_FLAGS } from './chromium.js';
import { printTable } from './report.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseRow {
  url: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** Lighthouse's default (mobile) run of each page in Debian's Chromium: four scores and three vitals. */
export async function runLighthouse(urls: string[], extraChromeFlags: string[]): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      ...SANDBOX_FLAGS,
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      ...extraChromeFlags,
    ],
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      rows.push({
        url,
        scores: Object.fromEntries(
          CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
        ) as LighthouseRow['scores'],
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      });
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

export function printLighthouse(rows: LighthouseRow[], origin: string, label: (path: string) => string = (path) => path): void {
  printTable(
    ['Lighthouse (mobile)', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'CLS', 'TBT ms'],
    rows.map((row) => [
      label(row.url.replace(origin, '')),
      String(row.scores.performance),
      String(row.scores.accessibility),
      String(row.scores['best-practices']),
      String(row.scores.seo),
      row.lcpMs.toFixed(0),
      row.cls.toFixed(3),
      row.tbtMs.toFixed(0),
    ]),
  );
}
