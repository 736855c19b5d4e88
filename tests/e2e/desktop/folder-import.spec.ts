import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DesktopUiMessages } from '@folio/shared';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { createServerArticle, serverArticles } from './desktop-helpers';

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
    await signIn(desktop, folio.url, ADMIN_PASSWORD);
    await expect(desktop).toHaveURL(/#\/admin/);
    await desktop.getByRole('tab', { name: DesktopUiMessages.navImport }).click();

    main.answerDialogs([folder]);
    await desktop.getByRole('button', { name: DesktopUiMessages.pickFolder }).click();
    const rows = desktop.getByTestId('import-candidate');
    await expect(rows).toHaveCount(4);
    const hello = rows.filter({ hasText: 'hello.md' });
    await expect(hello).toContainText('你好，世界');
    await expect(hello).toContainText('随笔');
    await expect(hello).toContainText('旅行');
    await expect(rows.filter({ hasText: 'missing.md' })).toContainText('nowhere.png');
    // The duplicate title is flagged; the owner chooses to update the server's article.
    const duplicate = rows.filter({ hasText: '服务器上已有' });
    await duplicate.getByRole('combobox').click();
    await desktop.getByRole('option', { name: DesktopUiMessages.duplicateUpdate }).click();
    // The file with the missing image is left out.
    await rows.filter({ hasText: 'missing.md' }).getByRole('checkbox').uncheck();

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
});
