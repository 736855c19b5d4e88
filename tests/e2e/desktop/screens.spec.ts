import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { AdminUiMessages, DesktopUiMessages } from '@folio/shared';
import { apiClient } from '../../support/test-server.js';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle, typeInBody, waitSavedLocally } from './desktop-helpers';
import { SCREEN_SIZES, shootEverySize } from './harness/screenshots';

/**
 * Where the screenshots go: inside Playwright's output folder (test-results/, git-ignored, emptied
 * at the start of each run), unless FOLIO_SCREENS_DIR names another.
 */
const SCREENS_DIR =
  process.env.FOLIO_SCREENS_DIR ?? fileURLToPath(new URL('../../../test-results/screens/desktop', import.meta.url));
/** Every size and colour scheme of the screen now on display (see shootEverySize). */
const shoot = (page: Page, name: string) => shootEverySize(page, SCREENS_DIR, name);

test.describe('desktop screens', () => {
  test.describe.configure({ timeout: 240_000 });

  test('every desktop screen at 1280x800 and 1024x700, light and dark', async ({ desktop, folio, main }) => {
    await mkdir(SCREENS_DIR, { recursive: true });
    await desktop.setViewportSize(SCREEN_SIZES[0]);
    const conflictId = await createServerArticle(folio, {
      title: '春天的第一篇随笔',
      content: '今天天气很好。\n我们去了公园。\n',
    });
    await createServerArticle(folio, { title: '用 Vite 搭建个人博客的完整记录', content: '正文' });

    await desktop.goto(`${new URL(desktop.url()).origin}/index.html#/connection`);
    await desktop.getByLabel('服务器地址').fill('blog.example.com');
    await desktop.getByLabel('用户名').fill('admin');
    await desktop.getByLabel('密码').fill('x');
    await desktop.getByRole('button', { name: DesktopUiMessages.connect }).click();
    await expect(desktop.getByRole('alert')).toBeVisible();
    await shoot(desktop, 'connection-error');

    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop.getByRole('heading', { name: '管理后台' })).toBeVisible();
    await shoot(desktop, 'admin-online');

    await desktop.getByRole('tab', { name: DesktopUiMessages.navConnection }).click();
    await expect(desktop.getByTestId('profile')).toHaveCount(1);
    await shoot(desktop, 'connection-signed-in');

    // 草稿箱 with a draft in each state and the mirror filled.
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.refreshMirror }).click();
    await expect(desktop.getByTestId('mirror-article')).toHaveCount(2);
    await desktop
      .getByTestId('mirror-article')
      .filter({ hasText: '春天' })
      .getByRole('button', { name: DesktopUiMessages.editOffline })
      .click();
    await typeInBody(desktop, '\n晚上还下了一场小雨。');
    await waitSavedLocally(desktop);
    // The editor: its fields folded (the default), unfolded, the preview in the site's style, focus mode.
    await shoot(desktop, 'draft-editor');
    const details = desktop.getByRole('button', { name: DesktopUiMessages.articleDetails });
    await details.click();
    await desktop.getByLabel(DesktopUiMessages.tags).fill('生活, 随笔');
    await waitSavedLocally(desktop);
    await shoot(desktop, 'draft-editor-fields');
    await details.click();
    const siteStyle = desktop.getByRole('switch', { name: AdminUiMessages.previewSiteStyle });
    await siteStyle.check();
    await expect(desktop.locator('[data-site-style]')).toBeVisible();
    await shoot(desktop, 'draft-editor-site-style');
    await siteStyle.uncheck();
    await desktop.getByRole('button', { name: DesktopUiMessages.focusMode }).click();
    await expect(desktop.getByTestId('focus-mode')).toBeVisible();
    await shoot(desktop, 'draft-editor-focus');
    await desktop.keyboard.press('Escape');
    await desktop.getByRole('button', { name: DesktopUiMessages.revisions }).click();
    await expect(desktop.getByTestId('revision').first()).toBeVisible();
    await shoot(desktop, 'draft-revisions');
    await desktop.keyboard.press('Escape');

    await apiClient(folio.current().url)('PUT', `/api/admin/articles/${conflictId}`, {
      token: await folio.token(),
      // The same new last paragraph as the desktop's, written differently: a real overlap.
      json: { title: '春天的第一篇随笔（改）', content: '今天天气很好，阳光明媚。\n我们去了公园。\n\n晚上下了一场大雨。' },
    });
    await desktop.getByRole('button', { name: DesktopUiMessages.publish, exact: true }).click();
    await expect(desktop.getByTestId('conflict-view')).toBeVisible();
    await shoot(desktop, 'conflict');
    await desktop.getByRole('button', { name: DesktopUiMessages.mergeByHand }).click();
    await shoot(desktop, 'conflict-merge');

    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.newDraft }).click();
    await desktop.getByLabel(DesktopUiMessages.title).fill('一篇还没写完的长标题文章：关于离线写作与同步的思考');
    await typeInBody(desktop, '草稿……');
    await waitSavedLocally(desktop);
    await desktop.getByRole('button', { name: DesktopUiMessages.backToDrafts }).click();
    await expect(desktop.getByTestId('draft-row')).toHaveCount(2);
    await shoot(desktop, 'drafts');

    // 本地导入: picker, preview, report.
    const folder = await mkdtemp(path.join(tmpdir(), 'folio-screens-'));
    try {
      await mkdir(path.join(folder, 'posts'), { recursive: true });
      await writeFile(path.join(folder, 'a.md'), '---\ntitle: 用 Vite 搭建个人博客的完整记录\ntags: [Vite, 前端]\n---\n\n正文\n');
      await writeFile(
        path.join(folder, 'posts/b.md'),
        '---\ntitle: 旅行笔记：京都的秋天\ndate: 2023-11-02\ncategories: [旅行]\ntags: [日本, 摄影]\ndescription: 红叶、寺庙和一碗热乎乎的乌冬面。\n---\n\n![封面](./kyoto.jpg)\n',
      );
      await writeFile(path.join(folder, 'posts/c.md'), '---\ntitle: [坏的 YAML\n---\n正文\n');
      await desktop.getByRole('tab', { name: DesktopUiMessages.navImport }).click();
      await shoot(desktop, 'import-pick');
      main.answerDialogs([folder]);
      await desktop.getByRole('button', { name: DesktopUiMessages.pickFolder }).click();
      await expect(desktop.getByTestId('import-candidate')).toHaveCount(3);
      await shoot(desktop, 'import-preview');
      await desktop.getByRole('button', { name: /导入所选/ }).click();
      await expect(desktop.getByTestId('import-summary')).toBeVisible();
      await shoot(desktop, 'import-report');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    // Offline: the admin section shows the mirror, never an error page.
    await folio.stop();
    await desktop.getByRole('tab', { name: DesktopUiMessages.navDrafts }).click();
    await desktop.getByRole('button', { name: DesktopUiMessages.refreshMirror }).click();
    await expect(desktop.getByTestId('connectivity')).toHaveText(DesktopUiMessages.offline);
    await shoot(desktop, 'drafts-offline');
    await desktop.getByRole('tab', { name: DesktopUiMessages.navAdmin }).click();
    await expect(desktop.getByText(DesktopUiMessages.offlineAdminTitle)).toBeVisible();
    await shoot(desktop, 'admin-offline');
    await folio.restart();
  });
});

test.describe('desktop screens without a keychain', () => {
  test.use({ keychain: 'basic_text' });

  test('the keychain warning at both sizes, light and dark', async ({ desktop, folio }) => {
    await mkdir(SCREENS_DIR, { recursive: true });
    await signIn(desktop, folio.url, ADMIN_PASSWORD, { remember: true });
    await expect(desktop.getByRole('alertdialog')).toBeVisible();
    await shoot(desktop, 'keychain-warning');
  });
});
