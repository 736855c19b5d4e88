import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DesktopMessages, DesktopUiMessages, FolderImportMessages as F } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle, serverArticles } from './desktop-helpers';
import type { DesktopMain } from './harness/desktop-main';
import { screensDir } from './harness/screenshots';

// The smallest valid PNG (1x1), so the server's magic-byte check accepts the uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A blog folder as Hexo/Hugo leave it: nested posts, YAML and TOML front matter, shared images. */
async function writeBlogFolder(root: string): Promise<void> {
  await mkdir(path.join(root, 'images'), { recursive: true });
  await mkdir(path.join(root, 'posts/2024'), { recursive: true });
  await writeFile(path.join(root, 'images/cover.png'), PNG);
  await writeFile(path.join(root, 'images/diagram.png'), PNG);
  await writeFile(
    path.join(root, 'hello.md'),
    '---\ntitle: 你好，世界\ndate: 2024-03-01\ncategories: [随笔]\ntags: [生活, 旅行]\ncover: images/cover.png\n---\n\n第一篇。\n\n![图](images/diagram.png)\n',
  );
  await writeFile(
    path.join(root, 'posts/2024/toml.md'),
    '+++\ntitle = "TOML 写的文章"\ndate = 2024-04-02\ncategory = "技术"\ntags = ["Hugo"]\n+++\n\n![同一张图](../../images/diagram.png)\n\n<img src="../../images/diagram.png" alt="又一次">\n',
  );
  await writeFile(path.join(root, 'posts/2024/missing.md'), '---\ntitle: 缺图的文章\n---\n\n![不存在](./nowhere.png)\n');
  await writeFile(path.join(root, 'posts/已存在.md'), '---\ntitle: 服务器上已有\n---\n\n本地的新版本。\n');
}

/** A folder with the rough edges a real blog has: an SVG, site-root links, broken front matter, repeated titles. */
async function writeRoughFolder(root: string): Promise<void> {
  await mkdir(path.join(root, 'images'), { recursive: true });
  await mkdir(path.join(root, 'posts'), { recursive: true });
  await writeFile(path.join(root, 'images/photo1.png'), PNG);
  await writeFile(path.join(root, 'images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(
    path.join(root, 'trip.md'),
    '---\ntitle: 川藏线骑行\ncategories: [游记, 高原]\ntags: [骑行]\n---\n\n![路上](/images/photo1.png)\n\n![标志](/images/logo.svg)\n',
  );
  await writeFile(path.join(root, '2023-05-06-雪山.md'), '---\ntitle: [没有闭合\n---\n\n山顶的风很大。\n');
  await writeFile(path.join(root, 'posts/lost.md'), '---\ntitle: 缺图的文章\n---\n\n![不存在](./nowhere.png)\n');
  await writeFile(path.join(root, 'posts/same-a.md'), '---\ntitle: 同名笔记\n---\n\n第一份。\n');
  await writeFile(path.join(root, 'posts/same-b.md'), '# 同名笔记\n\n第二份。\n');
}

const SHOTS_DIR = screensDir('desktop-folder-import');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

/** The screen as it is now at both window sizes, light and dark, nothing wider than the window. */
async function shootPreview(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  // A toast (signed in, import finished) would cover the table.
  await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 15_000 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // The pointer rests in a blank corner, so no row or button shows its hover look.
      await page.mouse.move(size.width - 5, size.height - 5);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} at ${size.width}x${size.height} ${scheme}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${size.width}x${size.height}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[0]);
}

/** Signs in, opens 本地导入 and picks `folder` (the dialog answered by the harness). */
async function previewFolder(page: Page, serverUrl: string, main: DesktopMain, folder: string): Promise<void> {
  await signIn(page, serverUrl, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/#\/admin/);
  await page.getByRole('tab', { name: DesktopUiMessages.navImport }).click();
  main.answerDialogs([folder]);
  await page.getByRole('button', { name: DesktopUiMessages.pickFolder }).click();
}

test.describe('desktop folder import', () => {
  let folder = '';
  test.beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'folio-import-'));
    await writeBlogFolder(folder);
  });
  test.afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('previews a folder, imports the chosen files with their images and reports each one', async ({ desktop, folio, main }) => {
    const existingId = await createServerArticle(folio, { title: '服务器上已有', content: '旧版本' });
    await previewFolder(desktop, folio.url, main, folder);
    const rows = desktop.getByTestId('import-candidate');
    await expect(rows).toHaveCount(4);
    const hello = rows.filter({ hasText: 'hello.md' });
    await expect(hello).toContainText('你好，世界');
    await expect(hello).toContainText('随笔');
    await expect(hello).toContainText('旅行');
    // The file with the missing image is flagged and left out until the owner accepts the broken link.
    const missing = rows.filter({ hasText: 'missing.md' });
    await expect(missing).toContainText(DesktopMessages.importImageMissing('./nowhere.png'));
    await expect(
      missing.getByRole('checkbox', { name: DesktopUiMessages.selectFile('posts/2024/missing.md') }),
    ).not.toBeChecked();
    await expect(missing.getByRole('checkbox', { name: DesktopUiMessages.selectFile('posts/2024/missing.md') })).toBeDisabled();
    // The duplicate title is flagged; the owner chooses to update the server's article.
    const duplicate = rows.filter({ hasText: '服务器上已有' });
    await duplicate.getByRole('combobox').click();
    await desktop.getByRole('option', { name: DesktopUiMessages.duplicateUpdate }).click();

    await desktop.getByRole('button', { name: DesktopUiMessages.startImport(3) }).click();
    await expect(desktop.getByTestId('import-summary')).toBeVisible();
    const results = desktop.getByTestId('import-result');
    await expect(results).toHaveCount(3);
    await expect(results.filter({ hasText: 'hello.md' })).toHaveAttribute('data-status', 'imported');
    await expect(results.filter({ hasText: 'toml.md' })).toHaveAttribute('data-status', 'imported');
    await expect(results.filter({ hasText: '已存在.md' })).toHaveAttribute('data-status', 'updated');

    // Progress went to the page as the files were imported, ending at the total.
    const progress = main.sentEvents.filter((sent) => sent.event.endsWith('folderImport.progress')).map((sent) => sent.payload);
    expect(progress).toContainEqual(expect.objectContaining({ done: 3, total: 3 }));

    const articles = await serverArticles(folio);
    expect(articles).toHaveLength(3);
    const toml = articles.find((article) => article.title === 'TOML 写的文章');
    // Both references to the one local image now point at the same uploaded file.
    const links = toml?.content.match(/\/uploads\/[^)"\s]+/g) ?? [];
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(1);
    expect(articles.find((article) => article.id === existingId)?.content).toContain('本地的新版本');
  });

  test('shows the rough edges in the preview: an SVG skipped, broken front matter, repeated titles, a broken link to accept', async ({
    desktop,
    folio,
    main,
  }) => {
    test.setTimeout(180_000);
    const rough = path.join(folder, 'rough');
    await writeRoughFolder(rough);
    await previewFolder(desktop, folio.url, main, rough);
    const rows = desktop.getByTestId('import-candidate');
    await expect(rows).toHaveCount(5);
    const row = (relativePath: string) => desktop.locator(`[data-testid="import-candidate"][data-path="${relativePath}"]`);
    const tick = (relativePath: string) =>
      row(relativePath).getByRole('checkbox', { name: DesktopUiMessages.selectFile(relativePath) });

    // categories: [游记, 高原] reads as the category 游记 and the tag 高原; the SVG is a warning, the file still ticked.
    await expect(row('trip.md')).toContainText('游记');
    await expect(row('trip.md')).toContainText('高原');
    await expect(row('trip.md')).toContainText(F.categoriesAsTags('高原'));
    await expect(row('trip.md')).toContainText(F.imageUnsupported('/images/logo.svg'));
    await expect(tick('trip.md')).toBeChecked();
    // Broken front matter: titled from the file name, with the warning, still ticked.
    await expect(row('2023-05-06-雪山.md')).toContainText('雪山');
    await expect(row('2023-05-06-雪山.md')).toContainText(F.frontMatterBroken);
    await expect(tick('2023-05-06-雪山.md')).toBeChecked();
    // Two files of one title: both flagged, only the first ticked.
    await expect(row('posts/same-a.md')).toContainText(F.sameTitleInFolderBadge);
    await expect(row('posts/same-b.md')).toContainText(F.sameTitleInFolder('posts/same-a.md'));
    await expect(tick('posts/same-a.md')).toBeChecked();
    await expect(tick('posts/same-b.md')).not.toBeChecked();
    // The missing image: flagged, not ticked, and not tickable until the broken link is accepted.
    await expect(row('posts/lost.md')).toContainText(DesktopMessages.importImageMissing('./nowhere.png'));
    await expect(tick('posts/lost.md')).not.toBeChecked();
    await expect(tick('posts/lost.md')).toBeDisabled();
    await expect(desktop.getByRole('button', { name: DesktopUiMessages.startImport(3) })).toBeEnabled();
    await expect(row('trip.md')).toContainText(`${DesktopUiMessages.columnImages} 1/2`);
    await shootPreview(desktop, 'preview-warnings');

    const accept = row('posts/lost.md').getByRole('checkbox', { name: F.acceptBrokenLinks });
    await accept.check();
    await expect(tick('posts/lost.md')).toBeChecked();
    await expect(tick('posts/lost.md')).toBeEnabled();
    await expect(row('posts/lost.md')).toHaveAttribute('data-selected', 'true');
    await shootPreview(desktop, 'preview-accepted');

    await desktop.getByRole('button', { name: DesktopUiMessages.startImport(4) }).click();
    const results = desktop.getByTestId('import-result');
    await expect(results).toHaveCount(4);
    await expect(results.filter({ hasText: 'lost.md' })).toHaveAttribute('data-status', 'imported');
    await expect(results.filter({ hasText: 'lost.md' })).toContainText(F.brokenLinkKept('./nowhere.png'));
    await expect(results.filter({ hasText: 'trip.md' })).toContainText(F.imageUnsupported('/images/logo.svg'));
    await shootPreview(desktop, 'report-warnings');

    const articles = await serverArticles(folio);
    expect(articles.map((article) => article.title).sort()).toEqual(['同名笔记', '川藏线骑行', '缺图的文章', '雪山'].sort());
    const trip = articles.find((article) => article.title === '川藏线骑行');
    expect(trip?.content).toMatch(/!\[路上\]\(\/uploads\/[0-9a-f]{32}\.png\)/);
    expect(trip?.content).toContain('![标志](/images/logo.svg)');
    expect(trip).toMatchObject({ category: '游记' });
    expect(articles.find((article) => article.title === '同名笔记')?.content).toBe('第一份。');
  });
});
