import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { expect, test } from '../fixtures.js';

/** A page on another origin (a second loopback port) that frames the given URL. */
async function startFramingSite(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const site: Server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>elsewhere</title><iframe id="victim" src="${target}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const address = site.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}

test.describe('framing from another origin', () => {
  // Two sites and a signed-in admin in one test, on a machine shared with other test runs.
  test.slow();

  for (const path of ['/admin', '/admin/articles', '/']) {
    test(`an iframe on another site shows nothing of ${path}`, async ({ page, server }) => {
      // Signed in first, so a framed admin would be the owner's.
      const token = await server.login();
      await page.goto('/admin/login');
      await page.evaluate((value) => window.localStorage.setItem('folio_admin_token', value), token);

      const refusals: string[] = [];
      page.on('console', (message) => {
        if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refusals.push(message.text());
      });
      const site = await startFramingSite(`${server.url}${path}`);
      try {
        await page.goto(site.url);
        await expect.poll(() => refusals.length).toBeGreaterThan(0);
        const framed = page.frames().filter((frame) => frame !== page.mainFrame());
        expect(framed.length).toBe(1);
        for (const frame of framed) {
          // Chromium replaces a refused frame with its own error page, never the site's document.
          expect(frame.url()).not.toBe(`${server.url}${path}`);
          const text = await frame
            .locator('body')
            .innerText({ timeout: 2000 })
            .catch(() => '');
          expect(text).not.toMatch(/管理后台|登录|用户名|Folio/);
        }
      } finally {
        await site.close();
      }
    });
  }
});
