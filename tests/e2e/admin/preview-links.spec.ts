import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import type { EnvelopeBody, TestServer } from '../../support/test-server.js';
import { apiClient } from '../../support/test-server.js';
import { openSignedIn } from './admin-helpers.js';

test.use({ serverOptions: { seed: false } });

/** Inside Playwright's output folder (git-ignored), unless FOLIO_SCREENS_DIR names another. */
const SCREENS_DIR = process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../test-results/screens', import.meta.url));

const TITLE = '还没发布的草稿';
const BODY = '# 第一节\n\n这段正文只给拿到链接的朋友看。\n\n```js\nconsole.log("预览");\n```\n';

async function createDraft(server: TestServer): Promise<number> {
  const api = apiClient(server.url);
  const token = await server.login();
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: TITLE, category: '随笔', tags: '草稿', summary: '一篇草稿的摘要', content: BODY, status: 'draft' },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

async function openPanel(page: Page, server: TestServer, id: number) {
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(`/admin/articles/${id}/edit`);
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue(TITLE);
  await page.getByRole('button', { name: '预览链接' }).click();
  const panel = page.getByRole('dialog', { name: '预览链接' });
  await expect(panel).toContainText('还没有有效的预览链接');
  return panel;
}

/** A browser context of its own: no admin token, no cookie, nothing shared with the owner's page. */
async function signedOutPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'UTC' });
  return context.newPage();
}

async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}

test('a link made in the editor opens the draft for a signed-out visitor, under a 预览 banner, without comments', async ({
  page,
  server,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const id = await createDraft(server);
  const panel = await openPanel(page, server, id);

  await panel.getByRole('button', { name: '生成预览链接' }).click();
  const url = await panel.getByTestId('preview-link-url').inputValue();
  expect(url).toMatch(new RegExp(`^${server.url}/preview/[A-Za-z0-9_-]{43}$`));
  await expect(panel.getByTestId('preview-link-fresh')).toContainText('有效期至');
  await expect(panel.getByTestId('preview-link-row')).toHaveCount(1);
  await panel.getByRole('button', { name: '复制' }).click();
  await expect(panel.getByRole('button', { name: '已复制' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const visitor = await signedOutPage(browser);
  try {
    await visitor.goto(url);
    await expect(visitor.getByTestId('preview-banner')).toContainText('预览');
    await expect(visitor.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(visitor.getByText('这段正文只给拿到链接的朋友看。')).toBeVisible();
    await expect(visitor.locator('form')).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: '分享' })).toHaveCount(0);
    expect(await visitor.title()).toContain(`预览：${TITLE}`);
    expect(await visitor.evaluate(() => Object.keys(window.localStorage))).toEqual([]);

    // Revoked in the panel: the visitor's next load is the 404 page.
    await panel.getByRole('button', { name: /^撤销/ }).click();
    await expect(panel.getByTestId('preview-link-row')).toHaveCount(0);
    await expect(panel.getByTestId('preview-link-fresh')).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByTestId('not-found')).toBeVisible();
    await expect(visitor.getByText('这段正文只给拿到链接的朋友看。')).toHaveCount(0);
  } finally {
    await visitor.context().close();
  }
});

test('preview page and preview links panel screenshots at 1280 and 390 px, light and dark', async ({ page, server, browser }) => {
  test.setTimeout(120_000);
  await mkdir(SCREENS_DIR, { recursive: true });
  const id = await createDraft(server);
  const panel = await openPanel(page, server, id);
  await panel.getByRole('button', { name: '生成预览链接' }).click();
  await expect(panel.getByTestId('preview-link-row')).toHaveCount(1);
  await panel.getByRole('button', { name: '生成预览链接' }).click();
  await expect(panel.getByTestId('preview-link-row')).toHaveCount(2);
  const url = await panel.getByTestId('preview-link-url').inputValue();

  const visitor = await signedOutPage(browser);
  try {
    await visitor.goto(url);
    await expect(visitor.getByTestId('preview-banner')).toBeVisible();
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      for (const scheme of ['light', 'dark'] as const) {
        for (const [shown, name] of [
          [visitor, 'preview-page'],
          [page, 'preview-links-panel'],
        ] as const) {
          await shown.emulateMedia({ colorScheme: scheme });
          await shown.setViewportSize(size);
          await settled(shown);
          const overflow = await shown.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${name} at ${size.width} px ${scheme} is wider than the window`).toBeLessThanOrEqual(0);
          await shown.screenshot({ path: path.join(SCREENS_DIR, `${name}-${size.width}-${scheme}.png`) });
        }
      }
    }
  } finally {
    await visitor.context().close();
  }
});
