import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { articleIdByTitle, routeExternal, WELCOME_TITLE } from './helpers.js';

/** Holds every script the page asks for until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

test.describe('the server-rendered comment form', () => {
  test('keeps what was typed before the page’s script loaded, and 发表评论 becomes ready', async ({ page, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    await routeExternal(page);
    const release = await holdScripts(page);
    await page.goto(`/articles/${id}`, { waitUntil: 'commit' });
    // The module script holds DOMContentLoaded back, so the page is read as soon as the form is there.
    await expect(page.getByRole('button', { name: '发表评论' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // A fast reader types into the server's HTML while the script is still on its way.
    await page.getByLabel('昵称').fill('早到的读者');
    await page.getByLabel(/^邮箱/).fill('early@example.com');
    await page.getByLabel('评论内容').fill('脚本到来之前写下的评论');
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

    await expect(page.getByLabel('昵称')).toHaveValue('早到的读者');
    await expect(page.getByLabel(/^邮箱/)).toHaveValue('early@example.com');
    await expect(page.getByLabel('评论内容')).toHaveValue('脚本到来之前写下的评论');
    await expect(page.getByRole('button', { name: '发表评论' })).toBeEnabled();
    await page.getByRole('button', { name: '发表评论' }).click();
    await expect(page.getByTestId('comment').filter({ hasText: '脚本到来之前写下的评论' })).toBeVisible();
  });
});
