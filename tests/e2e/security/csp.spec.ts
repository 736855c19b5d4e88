import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { openSignedIn, pngBytes } from '../admin/admin-helpers.js';
import { adminCall, createArticle, openPage, routeExternal, scrollToDiagram } from '../public/helpers.js';

interface Recorded {
  violations: string[];
  consoleErrors: string[];
}

/**
 * Records every CSP violation the page reports (the DOM event, from every frame) and every
 * console message about a refused resource, before any page script runs.
 */
async function recordViolations(page: Page): Promise<Recorded> {
  const recorded: Recorded = { violations: [], consoleErrors: [] };
  await page.exposeFunction('folioRecordViolation', (text: string) => recorded.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const record = (window as unknown as { folioRecordViolation: (text: string) => void }).folioRecordViolation;
      void record(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) recorded.consoleErrors.push(message.text());
  });
  return recorded;
}

const DIAGRAM_ARTICLE = [
  '# 图表与代码',
  '',
  '```mermaid',
  'graph TD',
  '  A[开始] --> B{判断}',
  '  B -->|是| C[结束]',
  '```',
  '',
  '```ts',
  'const answer: number = 42;',
  'console.log(answer);',
  '```',
].join('\n');

/** Uploads a 1×1 PNG through an admin upload endpoint and returns its public URL. */
async function uploadPng(serverUrl: string, token: string, endpoint: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }), 'image.png');
  const response = await fetch(`${serverUrl}${endpoint}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { data: { url: string } };
  return body.data.url;
}

test.describe('Content-Security-Policy in Chromium', () => {
  // Several pages, a diagram and the admin on a machine shared with other test runs.
  test.slow();

  test('the landing page, an article with a diagram, code and cover, and the 404 log no violation', async ({ page, server }) => {
    const recorded = await recordViolations(page);
    await routeExternal(page);
    const token = await server.login();
    const cover = await uploadPng(server.url, token, '/api/admin/articles/cover');
    await uploadPng(server.url, token, '/api/admin/avatars');
    const id = await createArticle(server, { title: 'CSP 图表文章', content: DIAGRAM_ARTICLE, cover });

    await openPage(page, '/');
    await expect(page.getByTestId('home-calendar')).toHaveAttribute('data-loaded', 'true');
    await expect(page.locator('img[src^="/uploads/"]').first()).toBeVisible();

    await openPage(page, `/articles/${id}`);
    await expect((await scrollToDiagram(page)).locator('svg')).toBeVisible();
    await expect(page.locator('code .token').first()).toBeVisible();
    await expect
      .poll(() => page.locator(`img[src="${cover}"]`).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    // Socket.IO over this origin: a live update arrives.
    await page.waitForFunction(() => document.documentElement.dataset.realtime === 'connected');
    await adminCall(server, 'PUT', `/api/admin/articles/${id}`, { title: 'CSP 图表文章（已更新）' });
    await expect(page.getByRole('heading', { name: 'CSP 图表文章（已更新）' })).toBeVisible();

    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

    expect(recorded.violations).toEqual([]);
    expect(recorded.consoleErrors).toEqual([]);
  });

  test('the admin login and signed-in admin screens log no violation', async ({ page, server }) => {
    const recorded = await recordViolations(page);
    await routeExternal(page);
    await uploadPng(server.url, await server.login(), '/api/admin/avatars');

    await page.goto('/admin');
    await expect(page.getByLabel('用户名')).toBeVisible();

    await openSignedIn(page, server, '/admin/articles');
    await expect(page.getByText('欢迎来到 Folio').first()).toBeVisible();
    await page.goto('/admin/avatars');
    await expect(page.locator('img[src*="/uploads/"]').first()).toBeVisible();

    expect(recorded.violations).toEqual([]);
    expect(recorded.consoleErrors).toEqual([]);
  });
});
