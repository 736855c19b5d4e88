import { readFile } from 'node:fs/promises';
import { ADMIN_PASSWORD, expect, signIn, test } from './desktop-fixtures';
import { serverArticles } from './desktop-helpers';
import { screensDir, shootEverySize } from './harness/screenshots';

/**
 * The desktop's admin is the browser's AdminApp, so 导入博客 is one of its tabs. Its requests go
 * through main (the bridge), the file is picked with the same <input type="file"> (Electron opens
 * the system's dialog for it) and, with no socket of its own, the screen follows the job by polling.
 */
test('the desktop admin imports a WordPress export through the bridge and shows the report', async ({ desktop, folio }) => {
  test.setTimeout(120_000);
  const wxr = await readFile(new URL('../admin/fixtures/small-blog.wordpress.xml', import.meta.url));
  await signIn(desktop, folio.url, ADMIN_PASSWORD);
  await expect(desktop).toHaveURL(/#\/admin/);
  await desktop.getByRole('tab', { name: '导入博客' }).click();
  await expect(desktop).toHaveURL(/#\/admin\/blog-import$/);
  await shootEverySize(desktop, screensDir('blog-import-desktop'), 'blog-import-form');

  const chooser = desktop.waitForEvent('filechooser');
  await desktop.getByRole('button', { name: '选择文件' }).click();
  await (await chooser).setFiles({ name: 'small-blog.wordpress.xml', mimeType: 'text/xml', buffer: wxr });
  await desktop.getByLabel('原站地址').fill('https://old-blog.example.com');
  await desktop.getByRole('button', { name: '开始导入' }).click();

  await expect(desktop.getByTestId('import-outcome')).toContainText('导入完成', { timeout: 60_000 });
  await expect(desktop.getByRole('table', { name: '导入的内容' }).getByRole('row')).toHaveText([
    /类别/,
    /文章20/,
    /页面0—/,
    /评论20/,
  ]);
  // No category named for pages: the page is skipped, and the report says so.
  await expect(desktop.getByTestId('import-report-skipped').getByRole('listitem')).not.toHaveCount(0);
  const titles = (await serverArticles(folio)).map((article) => article.title);
  expect(titles).toEqual(expect.arrayContaining(['搬家前的第一篇', '经典编辑器写的第二篇']));
  expect(titles).not.toContain('关于我');
  await shootEverySize(desktop, screensDir('blog-import-desktop'), 'blog-import-report');
});
