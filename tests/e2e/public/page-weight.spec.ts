import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { LANDING_BUDGET_KB } from '../../../build/bench/page-weight.js';
import { expect, test } from '../fixtures.js';
import { routeExternal } from './helpers.js';

interface LoadedScript {
  url: string;
  body: string;
}

/**
 * The scripts `path` requests before it is usable (hydrated), as build/bench/page-weight.ts counts
 * them: what hydration fetches lazily afterwards (the Socket.IO client) is left out.
 */
async function scriptsBeforeUsable(page: Page, path: string): Promise<LoadedScript[]> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated !== 'true') return;
      (window as { __hydratedAt?: number }).__hydratedAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
  });
  const responses: { url: string; startedAt: number; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script') return;
    responses.push({ url: request.url(), startedAt: request.timing().startTime, body: response.text().catch(() => '') });
  });
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const hydratedAt = await page.evaluate(() => (window as { __hydratedAt?: number }).__hydratedAt ?? Infinity);
  const before = responses.filter((response) => response.startedAt < hydratedAt);
  return Promise.all(before.map(async (response) => ({ url: response.url, body: await response.body })));
}

test.describe('JavaScript of the landing page', () => {
  test('/ loads no code of the pages it does not render, no zod, and stays within its budget', async ({ page }) => {
    await routeExternal(page);
    const scripts = await scriptsBeforeUsable(page, '/');
    const names = scripts.map((script) => new URL(script.url).pathname);
    expect(names.length).toBeGreaterThan(0);
    // The article, list and preview pages are chunks of their own, fetched on those pages only.
    expect(names.filter((name) => /article-page|article-list-page|preview-page/.test(name))).toEqual([]);
    // Zod (the forms' and the server's checks) is for the article page's comment form and the admin;
    // its schema classes keep their names in the minified code.
    expect(scripts.filter((script) => script.body.includes('ZodObject')).map((script) => script.url)).toEqual([]);
    const gzipKb = scripts.reduce((sum, script) => sum + gzipSync(script.body, { level: 9 }).length, 0) / 1024;
    expect(gzipKb).toBeLessThanOrEqual(LANDING_BUDGET_KB);
  });

  test('a list page, server-rendered, hydrates with its own chunk and keeps its HTML meanwhile', async ({ page }) => {
    await routeExternal(page);
    const scripts = await scriptsBeforeUsable(page, '/articles');
    expect(scripts.some((script) => /article-list-page/.test(new URL(script.url).pathname))).toBe(true);
    await expect(page.getByTestId('article-list-page')).toBeVisible();
    await expect(page.getByTestId('article-list-total')).not.toHaveText('加载中...');
  });
});
