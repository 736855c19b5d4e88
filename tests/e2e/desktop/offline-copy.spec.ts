import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DesktopBridgeMessages, DesktopUiMessages as M } from '@folio/shared';
import { MIRROR_LIMIT_MB } from '../../../desktop/src/channels';
import type { MirrorStatus } from '../../../desktop/src/channels';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import type { DesktopMain } from './harness/desktop-main';
import { createServerArticle } from './desktop-helpers';
import { screensDir } from './harness/screenshots';

/** Screenshots of these screens go outside the repository unless FOLIO_SCREENS_DIR names a folder. */
const SHOTS_DIR = screensDir('desktop-offline-copy');

/** `show` brings the part that matters into view after each resize. */
async function shoot(page: Page, name: string, show?: Locator): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(size);
      await show?.scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} at ${size.width}x${size.height} ${scheme} is wider than the window`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${size.width}x${size.height}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The mirror's status as main has it, once no background fill is running. */
async function settledMirror(main: DesktopMain): Promise<MirrorStatus> {
  let status: MirrorStatus | undefined;
  await expect
    .poll(async () => {
      const reply = await main.dispatch('mirror.status', undefined);
      status = reply.ok ? (reply.data as MirrorStatus) : undefined;
      return status !== undefined && !status.filling && status.syncedAt !== null;
    })
    .toBe(true);
  return status as MirrorStatus;
}

test.describe('the offline copy', () => {
  test.describe.configure({ timeout: 120_000 });

  test('fills itself after sign-in, so an outage nobody prepared for leaves every article editable', async ({
    desktop,
    folio,
    main,
  }) => {
    await createServerArticle(folio, { title: '旧文一篇', content: '这是一年前写的正文。' });
    await createServerArticle(folio, { title: '服务器上的草稿', content: '还没写完的草稿正文。', status: 'draft' });
    await createServerArticle(folio, { title: '昨天的随笔', content: '昨天的随笔正文，断网时也要能改。' });

    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    // Nobody presses 从服务器刷新: the copy fills in the background.
    expect((await settledMirror(main)).bodyCount).toBe(3);
    expect(main.bridgeCalls.filter((call) => call.channel === 'mirror.refresh')).toEqual([]);

    await folio.stop();
    await expect(desktop.getByTestId('connectivity')).toHaveText(M.offline);
    await desktop.getByRole('tab', { name: M.navAdmin }).click();
    await expect(desktop.getByText(M.offlineAdminTitle)).toBeVisible();
    const freshness = desktop.getByTestId('mirror-freshness');
    await expect(freshness).toContainText(M.mirrorSyncedAt('', 3).slice(M.mirrorSyncedAt('', 3).indexOf('，')));
    await expect(freshness).toContainText(M.mirrorAllBodiesStored);
    await expect(desktop.getByTestId('body-not-mirrored')).toHaveCount(0);
    await shoot(desktop, 'offline-admin');

    await desktop
      .getByTestId('mirror-article')
      .filter({ hasText: '昨天的随笔' })
      .getByRole('button', { name: M.editOffline })
      .click();
    await expect(desktop).toHaveURL(/#\/drafts\/[^/]+$/);
    await expect(desktop.getByLabel(M.title)).toHaveValue('昨天的随笔');
    await expect(desktop.locator('.cm-content')).toContainText('断网时也要能改');
  });

  test('keeps bodies within the bound set in the settings, and an article left out says so', async ({ desktop, folio, main }) => {
    await createServerArticle(folio, { title: '最早的长文', content: 'a'.repeat(990_000) });
    for (let index = 1; index <= 10; index += 1) {
      await createServerArticle(folio, { title: `长文 ${index}`, content: String(index % 10).repeat(990_000) });
    }
    await createServerArticle(folio, { title: '最新的短文', content: '短短的正文' });

    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    expect((await settledMirror(main)).bodyCount).toBe(12);

    await desktop.getByRole('tab', { name: M.navConnection }).click();
    const settings = desktop.getByTestId('mirror-settings');
    await expect(settings.getByTestId('mirror-freshness')).toContainText(M.mirrorAllBodiesStored);
    const limit = settings.getByLabel(M.mirrorLimitLabel);
    await expect(limit).toHaveValue(String(MIRROR_LIMIT_MB.default));
    await limit.fill('5');
    await settings.getByRole('button', { name: M.saveMirrorLimit }).click();
    await expect(settings).toContainText(DesktopBridgeMessages.mirrorLimitInvalid(MIRROR_LIMIT_MB.min, MIRROR_LIMIT_MB.max));
    await limit.fill('10');
    await settings.getByRole('button', { name: M.saveMirrorLimit }).click();
    await expect(settings).toContainText('上限 10 MB');
    // Eleven bodies of about 1 MB do not fit in 10 MB: the least recently updated one leaves.
    await expect(settings.getByTestId('mirror-freshness')).toContainText(M.mirrorBodiesStored(11));
    await shoot(desktop, 'mirror-settings', settings);

    await folio.stop();
    await expect(desktop.getByTestId('connectivity')).toHaveText(M.offline);
    await desktop.getByRole('tab', { name: M.navAdmin }).click();
    const leftOut = desktop.getByTestId('mirror-article').filter({ hasText: '最早的长文' });
    await expect(leftOut.getByTestId('body-not-mirrored')).toHaveText(` · ${M.bodyNotMirrored}`);
    await expect(leftOut.getByRole('button', { name: M.editOffline })).toBeDisabled();
    await expect(desktop.getByTestId('body-not-mirrored')).toHaveCount(1);
    await shoot(desktop, 'offline-admin-body-left-out', leftOut);
  });
});
