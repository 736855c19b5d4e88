import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import type { EnvelopeBody, TestServer } from '../../support/test-server.js';
import { apiClient } from '../../support/test-server.js';
import { openSignedIn, toast } from './admin-helpers.js';

test.use({ serverOptions: { seed: false } });

/** Inside Playwright's output folder (git-ignored), unless FOLIO_SCREENS_DIR names another. */
const SCREENS_DIR = process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

const FIRST_BODY = '第一段：最初的写法。\n\n第二段保持不变。\n';
const BROWSER_BODY = '第一段：浏览器改过的写法。\n\n第二段保持不变。\n';
const DESKTOP_BODY = `${BROWSER_BODY}\n第三段：桌面版加的。\n`;

/**
 * An article written by the original client (no source header), then saved from the browser,
 * the desktop and the batch AI: three kept versions, and the AI's save is the current one.
 */
async function articleWithThreeSaves(server: TestServer): Promise<{ id: number; token: string }> {
  const api = apiClient(server.url);
  const token = await server.login();
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: '有历史的文章', category: '随笔', tags: 'Go', content: FIRST_BODY },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const saves: [string, Record<string, string>][] = [
    ['browser', { content: BROWSER_BODY }],
    ['desktop', { title: '有历史的文章（桌面版）', content: DESKTOP_BODY }],
    ['ai', { category: '技术', summary: 'AI 写的摘要' }],
  ];
  for (const [source, patch] of saves) {
    const saved = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, {
      token,
      headers: { 'X-Folio-Source': source },
      json: patch,
    });
    expect(saved.status, `save from ${source}`).toBe(200);
  }
  return { id, token };
}

async function openHistory(page: Page, server: TestServer, id: number) {
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(`/admin/articles/${id}/edit`);
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('有历史的文章（桌面版）');
  await page.getByRole('button', { name: '历史版本' }).click();
  const history = page.getByRole('dialog', { name: '历史版本' });
  await expect(history.getByTestId('revision-entry')).toHaveCount(3);
  return history;
}

/** Waits for the colour transitions a change of scheme starts, so a screenshot shows the end state. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}

test('the history lists each save with its source, shows what a version differs in, and restores it', async ({
  page,
  server,
  api,
}) => {
  test.setTimeout(120_000);
  const { id, token } = await articleWithThreeSaves(server);
  const history = await openHistory(page, server, id);

  // Newest first, each with its number, its source in Chinese and what it changed.
  const entries = history.getByTestId('revision-entry');
  await expect(entries.nth(0)).toContainText('第 3 版');
  await expect(entries.nth(0)).toContainText('桌面版');
  await expect(entries.nth(0)).toContainText('改动：标题、内容');
  await expect(entries.nth(1)).toContainText('第 2 版');
  await expect(entries.nth(1)).toContainText('浏览器');
  await expect(entries.nth(1)).toContainText('改动：内容');
  await expect(entries.nth(2)).toContainText('第 1 版');
  await expect(entries.nth(2)).toContainText('接口');
  await expect(entries.nth(2)).toContainText('最初的版本');
  await expect(history).toContainText('当前：第 4 版');

  // The browser's version against the current one: only the fields that differ, body side by side.
  await entries.nth(1).click();
  const comparison = history.getByTestId('revision-comparison');
  await expect(comparison.getByRole('heading', { name: '第 2 版与当前版本的差异' })).toBeVisible();
  await expect(comparison.locator('[data-field]')).toHaveCount(4);
  expect(
    await comparison.locator('[data-field]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-field'))),
  ).toEqual(['title', 'category', 'summary', 'content']);
  const body = comparison.locator('[data-field="content"]');
  await expect(body.locator('pre[data-side="right"][data-changed]').filter({ hasText: '第三段：桌面版加的。' })).toHaveCount(1);
  await expect(body.locator('pre[data-side="left"]').filter({ hasText: '第一段：浏览器改过的写法。' })).toHaveCount(1);

  // Restoring asks first; cancelling changes nothing.
  await comparison.getByRole('button', { name: '恢复此版本' }).click();
  const confirm = page.getByRole('alertdialog', { name: '恢复第 2 版？' });
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  const unchanged = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
  expect(unchanged.body.data).toMatchObject({ revision: 4, content: DESKTOP_BODY });

  await comparison.getByRole('button', { name: '恢复此版本' }).click();
  // The article is published: the question says readers would see it at once.
  await expect(confirm).toContainText('直接恢复会立即改变读者看到的内容');
  await confirm.getByRole('button', { name: '直接恢复并发布' }).click();
  await expect(toast(page, '已恢复第 2 版')).toBeVisible();

  // A new entry: the AI's version that the restore replaced, now the newest kept one.
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('第 4 版');
  await expect(entries.nth(0)).toContainText('AI');
  await expect(history).toContainText('当前：第 5 版');

  // The editor shows the restored version, and so does the public page.
  await history.getByRole('button', { name: '关闭' }).click();
  await expect(history).toBeHidden();
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('有历史的文章');
  await expect(page.locator('.cm-content')).toContainText('第一段：浏览器改过的写法。');
  await expect(page.locator('.cm-content')).not.toContainText('第三段');
  const restored = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
  expect(restored.body.data).toMatchObject({
    revision: 5,
    title: '有历史的文章',
    category: '随笔',
    summary: '',
    content: BROWSER_BODY,
  });

  await page.goto(`/articles/${id}`);
  await expect(page.getByRole('heading', { name: '有历史的文章', level: 1 })).toBeVisible();
  await expect(page.getByText('第一段：浏览器改过的写法。')).toBeVisible();
  await expect(page.getByText('第三段：桌面版加的。')).toHaveCount(0);
});

test('a restore over a change made elsewhere meanwhile is refused, and the history shows the newer article', async ({
  page,
  server,
  api,
}) => {
  const { id, token } = await articleWithThreeSaves(server);
  const history = await openHistory(page, server, id);
  await history.getByTestId('revision-entry').nth(2).click();
  await expect(history.getByTestId('revision-comparison').locator('[data-field]').first()).toBeVisible();

  // Someone saves the article while the owner looks at the comparison.
  const elsewhere = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token, json: { content: '别处改的正文\n' } });
  expect(elsewhere.status).toBe(200);

  await history.getByRole('button', { name: '恢复此版本' }).click();
  await page.getByRole('alertdialog', { name: '恢复第 1 版？' }).getByRole('button', { name: '直接恢复并发布' }).click();
  await expect(toast(page, /^恢复失败：/)).toBeVisible();
  const after = await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
  expect(after.body.data).toMatchObject({ revision: 5, content: '别处改的正文\n' });
  await expect(history).toContainText('当前：第 5 版');
  await expect(history.getByTestId('revision-entry')).toHaveCount(4);
});

test('history panel screenshots at 1280 and 375 px, light and dark', async ({ page, server }) => {
  test.setTimeout(120_000);
  await mkdir(SCREENS_DIR, { recursive: true });
  const { id } = await articleWithThreeSaves(server);
  await page.setViewportSize({ width: 1280, height: 800 });
  const history = await openHistory(page, server, id);
  await history.getByTestId('revision-entry').nth(1).click();
  await expect(history.getByTestId('revision-comparison').locator('[data-field="content"]')).toBeVisible();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await expect(history.getByTestId('revision-comparison')).toBeVisible();
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `history at ${size.width} px ${scheme} is wider than the window`).toBeLessThanOrEqual(0);
      // Nothing of the drawer under the page's scroll bar or off the left edge.
      const drawer = await history.boundingBox();
      const viewportWidth = await page.evaluate(() => document.documentElement.clientWidth);
      expect(
        drawer && drawer.x >= 0 && drawer.x + drawer.width <= viewportWidth,
        `drawer within the window at ${size.width} px`,
      ).toBe(true);
      await page.screenshot({ path: path.join(SCREENS_DIR, `admin-history-${size.width}-${scheme}.png`) });
    }
  }
  // On a phone the list and the comparison take turns: back to the list.
  await history.getByRole('button', { name: '返回版本列表' }).click();
  await expect(history.getByTestId('revision-entry')).toHaveCount(3);
  await settled(page);
  await page.screenshot({ path: path.join(SCREENS_DIR, 'admin-history-375-list-dark.png') });
});
