import { expect, test } from '../fixtures.js';
import { expectNoReactErrors, watchReactErrors } from '../react-errors.js';
import { articleIdByTitle, routeExternal, WELCOME_TITLE } from './helpers.js';

test.describe('React errors met by a test', () => {
  // A page of its own (not the `page` fixture, which would fail this test for the error it provokes).
  test('are recorded with what React said, and fail the test that met them', async ({ browser, server, baseURL }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    const page = await browser.newPage({ baseURL });
    try {
      await routeExternal(page);
      const errors = watchReactErrors(page);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.endsWith('.js'),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.goto(`/articles/${id}`, { waitUntil: 'commit' });
      // Something changes the server's HTML before hydration (as a browser extension may): React
      // cannot hydrate that part, recovers by rendering it afresh, and reports the mismatch.
      await page.locator('h1').first().waitFor();
      await page.evaluate(() => {
        const heading = document.querySelector('h1');
        if (heading) heading.textContent = '被改动过的标题';
      });
      release();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await expect.poll(() => errors().length).toBeGreaterThan(0);
      expect(errors().join('\n')).toMatch(/React recovered from an error|react\.dev\/errors/);
      expect(() => expectNoReactErrors(errors())).toThrow(/React errors during the test/);
    } finally {
      await page.close();
    }
  });
});
