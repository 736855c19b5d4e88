import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { apiClient } from '../../support/test-server.js';
import { openSignedIn } from './admin-helpers.js';
import { chooseImportFile } from './blog-import-helpers.js';

test.use({ serverOptions: { seed: false } });

test('with the real server: a small WordPress export moves in, its old address answers, and the same file again adds nothing', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const wxr = await readFile(new URL('./fixtures/small-blog.wordpress.xml', import.meta.url), 'utf8');
  await openSignedIn(page, server, '/admin/blog-import');
  const importOnce = async () => {
    await chooseImportFile(page, 'small-blog.wordpress.xml', wxr);
    await page.getByLabel('原站地址').fill('https://old-blog.example.com');
    await page.getByLabel('页面导入到分类').fill('页面');
    await page.getByRole('button', { name: '开始导入' }).click();
    await expect(page.getByTestId('import-outcome')).toBeVisible({ timeout: 60_000 });
  };

  await importOnce();
  const outcome = page.getByRole('status');
  await expect(outcome).toContainText('导入完成');
  await expect(page.getByTestId('import-job')).toContainText('识别为 WordPress（WXR）');
  await expect(page.getByRole('table', { name: '导入的内容' }).getByRole('row')).toHaveText([
    /类别/,
    /文章20/,
    /页面1—/,
    /评论20/,
  ]);
  // The spam comment is left out, with why; the image on a loopback address is refused and keeps its URL.
  await expect(page.getByTestId('import-report-skipped').getByRole('listitem')).not.toHaveCount(0);
  await page.getByRole('button', { name: '下载失败的 1 张图片' }).click();
  await expect(page.getByTestId('import-failed-images')).toContainText('http://127.0.0.1:9/wp-content/uploads/2020/05/view.jpg');
  await page.getByRole('button', { name: /查看 \d+ 条重定向/ }).click();
  await expect(page.getByTestId('import-redirects')).toContainText('/2020/05/first-post/');

  await page.getByRole('button', { name: '再导入一个文件' }).click();
  await importOnce();
  await expect(outcome).toContainText('这个文件里的内容之前都已导入过，这次没有新增任何文章、页面或评论。');
  await expect(page.getByRole('table', { name: '导入的内容' }).getByRole('row')).toHaveText([
    /类别/,
    /文章03/,
    /页面0—/,
    /评论02/,
  ]);

  // A reader following the old address lands on the imported article.
  await page.goto('/2020/05/first-post/');
  await expect(page.getByRole('heading', { name: '搬家前的第一篇', level: 1 })).toBeVisible();
});

test('with the real server: an export cut off halfway fails with the reason, and the site is as it was', async ({
  page,
  server,
}) => {
  const wxr = await readFile(new URL('./fixtures/small-blog.wordpress.xml', import.meta.url), 'utf8');
  const cut = wxr.slice(0, wxr.indexOf('<title><![CDATA[经典编辑器写的第二篇'));
  await openSignedIn(page, server, '/admin/blog-import');
  await chooseImportFile(page, 'cut.xml', cut);
  await page.getByRole('button', { name: '开始导入' }).click();
  const outcome = page.getByTestId('import-outcome');
  await expect(outcome).toContainText('导入失败', { timeout: 60_000 });
  await expect(outcome).toContainText('网站没有任何改动。');
  await expect(page.getByTestId('import-report-counts')).toHaveCount(0);

  const token = await server.login();
  const articles = await apiClient(server.url)<EnvelopeBody & { data: unknown[] }>('GET', '/api/admin/articles', { token });
  expect(articles.body.data).toEqual([]);
});
