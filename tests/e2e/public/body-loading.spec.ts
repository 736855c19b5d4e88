import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { createArticle, openPage, routeExternal } from './helpers.js';

/**
 * Holds each script whose path matches until a moment after it is asked for: the page has
 * rendered the body once by then, found the code it needs missing, and waits for it.
 */
async function delayScripts(page: Page, pattern: RegExp): Promise<void> {
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    },
  );
}

test.describe('an article body the browser renders itself', () => {
  // Reached by a link inside the app, the body is rendered here: on a slow connection the page
  // waits for the renderer and then for the grammar the body uses, and shows it highlighted
  // (the page fixture fails the test on any React error it meets on the way).
  test('waits for a slow renderer and a slow grammar without a React error', async ({ page, server }) => {
    await createArticle(server, {
      title: '慢慢加载的代码',
      content: '正文\n\n```rust\nfn main() { println!("你好"); }\n```\n',
    });
    await routeExternal(page);
    await delayScripts(page, /\/(render-markdown|prism-rust)-[^/]*\.js$/);
    await openPage(page, '/');
    await page.locator('a[href="/articles/man-man-jia-zai-de-dai-ma"]').first().click();
    const body = page.getByTestId('markdown-body');
    await expect(body.locator('code.language-rust .token.keyword').first()).toHaveText('fn');
  });
});
