import type { Page } from '@playwright/test';
import { expect } from '../fixtures.js';
import type { TestServer } from '../../support/test-server.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../support/test-server.js';

/** Where BrowserAdmin keeps the bearer token. */
export const TOKEN_KEY = 'folio_admin_token';

/** Signs in through the login form, as the owner would. */
export async function signInThroughForm(page: Page, options: { remember?: boolean } = {}): Promise<void> {
  await page.getByLabel('用户名').fill(ADMIN_USERNAME);
  await page.getByLabel('密码').fill(ADMIN_PASSWORD);
  if (options.remember) await page.getByLabel('记住登录状态').check();
  await page.getByRole('button', { name: '登录' }).click();
}

/** Opens an admin path already signed in (token placed in localStorage before the app starts). */
export async function openSignedIn(page: Page, server: TestServer, path: string): Promise<string> {
  const token = await server.login();
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('folio-test-token-set')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('folio-test-token-set', '1');
      }
    },
    [TOKEN_KEY, token] as const,
  );
  await page.goto(path);
  await expect(page.getByRole('heading', { name: '管理后台', exact: true })).toBeVisible();
  return token;
}

/** Picks these files in the article list's 批量导入MD file chooser (Markdown text, or any other type). */
export async function importMarkdownFiles(page: Page, files: { name: string; text: string; mimeType?: string }[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '批量导入MD' }).click();
  await (
    await chooser
  ).setFiles(files.map(({ name, text, mimeType = 'text/markdown' }) => ({ name, mimeType, buffer: Buffer.from(text) })));
}

/** A tiny valid PNG (1x1), so uploads pass the server's magic-byte check. */
export function pngBytes(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
}

/**
 * The newest snackbar with this text (Fluent also copies it into a live region, hence the class).
 * Two identical toasts can overlap when actions follow quickly; tests then check the server too.
 */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.fui-Toast').filter({ hasText: text }).last();
}

/**
 * Moves a sortable card with the keyboard (dnd-kit's keyboard sensor): lift, one arrow per
 * step, drop. Each step waits for dnd-kit's live announcement so the drop sees the new target.
 */
export async function moveWithKeyboard(page: Page, handleName: string, key: 'ArrowUp' | 'ArrowDown', steps: number) {
  const handle = page.getByRole('button', { name: handleName });
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(announcer).toContainText('was moved over');
  for (let step = 0; step < steps; step += 1) {
    const before = await announcer.innerText();
    // A key pressed while dnd-kit is still scrolling the card into view can be lost on a busy
    // machine, so press again only while the announcement still names the old target.
    await expect(async () => {
      if ((await announcer.innerText()) === before) await page.keyboard.press(key);
      await expect(announcer).not.toHaveText(before, { timeout: 1500 });
    }).toPass();
  }
  await page.keyboard.press('Space');
  await expect(announcer).toContainText('was dropped');
}
