import { expect, test } from './fixtures.js';

test('the built web app is served at / and client routes survive a reload', async ({ page }) => {
  const response = await page.goto('/articles/1');
  expect(response?.status()).toBeLessThan(500);
  await expect(page.locator('#root')).not.toBeEmpty();
});
