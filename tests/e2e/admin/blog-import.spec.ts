import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { BlogImportJob } from '@folio/shared';
import { expect, test } from '../fixtures.js';
import { openSignedIn } from './admin-helpers.js';
import {
  blockAdminSocket,
  buildJob,
  buildReport,
  chooseImportFile,
  fakeAdminSocket,
  fakeImportRoutes,
  JOB_ID,
  phaseBar,
} from './blog-import-helpers.js';

test.use({ serverOptions: { seed: false } });

/** Where the 导入博客 screenshots go (FOLIO_SCREENS_DIR to put them elsewhere). */
const SCREENS_DIR = process.env.FOLIO_SCREENS_DIR ?? '/tmp/shots-blog-import';

const WXR = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>旧博客</title></channel></rss>`;

const FINISHED_TOTALS = { reading: 8_400_000, articles: 4, comments: 9, images: 5, redirects: 250 };

/** A finished import with something in every part of the report; 250 redirects, more than are listed. */
function succeededJob(): BlogImportJob {
  return buildJob(
    'redirects',
    250,
    250,
    {
      status: 'succeeded',
      finished_at: '2026-11-29T09:01:00.000Z',
      report: buildReport({
        articles_imported: 3,
        articles_already_present: 1,
        pages_imported: 1,
        comments_imported: 9,
        comments_already_present: 2,
        skipped: [
          { reason: '回收站中的文章', count: 2, examples: ['旧草稿', '测试文章'] },
          { reason: '垃圾评论', count: 14, examples: [] },
        ],
        images_fetched: 3,
        images_from_archive: 0,
        images_failed: [
          { url: 'https://old.example.com/wp-content/uploads/2020/05/missing.jpg', reason: '服务器返回 404' },
          { url: 'http://10.0.0.8/photo.png', reason: '不允许访问内网地址' },
        ],
        redirects: Array.from({ length: 250 }, (_, index) => ({
          from: `/2020/05/post-${index + 1}/`,
          to: `/articles/post-${index + 1}`,
        })),
        article_ids: [1, 2, 3, 4],
        warnings: ['第 3 篇文章的短代码 [gallery] 没有图片，已去掉'],
      }),
    },
    FINISHED_TOTALS,
  );
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function startImport(page: Page, options: { siteUrl?: string; pagesCategory?: string } = {}) {
  await chooseImportFile(page, 'old-blog.WordPress.2026-11-29.xml', WXR);
  if (options.siteUrl) await page.getByLabel('原站地址').fill(options.siteUrl);
  if (options.pagesCategory) await page.getByLabel('页面导入到分类').fill(options.pagesCategory);
  await page.getByRole('button', { name: '开始导入' }).click();
}

test('the owner imports a blog: the bars move phase by phase (polled), then the report', async ({ page, server }) => {
  await blockAdminSocket(page);
  const fake = await fakeImportRoutes(page, buildJob('reading', 0, 0, { phases: [] }));
  await openSignedIn(page, server, '/admin/content');
  await page.getByRole('tab', { name: '导入博客' }).click();
  await expect(page).toHaveURL(/\/admin\/blog-import$/);
  await expect(page.getByRole('heading', { name: '导入博客', level: 2 })).toBeVisible();
  await expect(page.getByText('格式按文件内容识别，与文件名和扩展名无关')).toBeVisible();

  await page.getByRole('button', { name: '开始导入' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请先选择要导入的文件' })).toBeVisible();
  expect(fake.starts).toHaveLength(0);

  await startImport(page, { siteUrl: ' https://old.example.com ', pagesCategory: '页面' });
  await expect(page.getByText('正在导入')).toBeVisible();
  const sent = fake.starts[0]?.postDataBuffer()?.toString('utf8') ?? '';
  expect(sent).toContain('filename="old-blog.WordPress.2026-11-29.xml"');
  expect(sent).toContain('<rss version="2.0"');
  expect(sent).toContain('{"site_url":"https://old.example.com","pages_category":"页面"}');

  // Reading with no total yet: an indeterminate bar; the others wait at 0.
  await expect(phaseBar(page, 'reading')).not.toHaveAttribute('aria-valuenow');
  await expect(phaseBar(page, 'articles')).toHaveAttribute('aria-valuenow', '0');

  fake.current = buildJob('articles', 2, 4);
  await expect(phaseBar(page, 'articles')).toHaveAttribute('aria-valuenow', '2');
  await expect(phaseBar(page, 'articles')).toHaveAttribute('aria-valuemax', '4');
  await expect(page.getByTestId('import-phase-articles')).toContainText('2 / 4');
  await expect(phaseBar(page, 'reading')).toHaveAttribute('aria-valuenow', '1');
  const cancelAt = await page.getByRole('button', { name: '取消' }).boundingBox();

  fake.current = buildJob('comments', 5, 9, {}, { articles: 4 });
  await expect(phaseBar(page, 'comments')).toHaveAttribute('aria-valuenow', '5');
  await expect(phaseBar(page, 'articles')).toHaveAttribute('aria-valuenow', '4');
  await expect(page.getByTestId('import-phase-articles')).toHaveAttribute('data-state', 'done');
  // Numbers grow in place: nothing below the bars moves.
  expect(await page.getByRole('button', { name: '取消' }).boundingBox()).toEqual(cancelAt);

  fake.current = buildJob('images', 1, 5, {}, { articles: 4, comments: 9 });
  await expect(phaseBar(page, 'images')).toHaveAttribute('aria-valuenow', '1');
  expect(fake.gets).toBeGreaterThanOrEqual(3);

  fake.current = succeededJob();
  const outcome = page.getByRole('status').filter({ hasText: '导入完成' });
  await expect(outcome).toContainText('导入了 3 篇文章、1 个页面、9 条评论。');
  await expect(outcome).toContainText('1 篇文章和 2 条评论之前已经导入过，这次没有重复添加。');
  for (const phase of ['reading', 'articles', 'comments', 'images', 'redirects'] as const) {
    await expect(page.getByTestId(`import-phase-${phase}`)).toHaveAttribute('data-state', 'done');
  }
  await expect(page.getByRole('button', { name: '取消' })).toHaveCount(0);

  const counts = page.getByRole('table', { name: '导入的内容' });
  await expect(counts.getByRole('row')).toHaveText([/类别新导入之前已导入/, /文章31/, /页面1—/, /评论92/]);
  const skipped = page.getByTestId('import-report-skipped');
  await expect(skipped).toContainText('回收站中的文章：2 项');
  await expect(skipped).toContainText('例如：旧草稿、测试文章');
  await expect(skipped).toContainText('垃圾评论：14 项');
  const images = page.getByTestId('import-report-images');
  await expect(images).toContainText('从网上下载3');
  await expect(page.getByTestId('import-failed-images')).toBeHidden();
  await images.getByRole('button', { name: '下载失败的 2 张图片' }).click();
  await expect(page.getByTestId('import-failed-images').getByRole('listitem')).toHaveText([
    'https://old.example.com/wp-content/uploads/2020/05/missing.jpg服务器返回 404',
    'http://10.0.0.8/photo.png不允许访问内网地址',
  ]);
  const redirects = page.getByTestId('import-report-redirects');
  await expect(redirects).toContainText('建立了 250 条重定向');
  await redirects.getByRole('button', { name: '查看 250 条重定向' }).click();
  await expect(page.getByTestId('import-redirects').getByRole('listitem')).toHaveCount(200);
  await expect(page.getByTestId('import-redirects').getByRole('listitem').first()).toHaveText(
    '/2020/05/post-1/ → /articles/post-1',
  );
  await expect(redirects).toContainText('还有 50 条未列出');
  await expect(page.getByTestId('import-report-warnings')).toContainText('第 3 篇文章的短代码 [gallery] 没有图片，已去掉');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: '再导入一个文件' }).click();
  await expect(page.getByRole('button', { name: '开始导入' })).toBeEnabled();
  await expect(page.getByTestId('blog-import-file')).toHaveText('还没有选择文件');
});

test('progress arrives over the admin socket; a second import of the same file says it added nothing', async ({
  page,
  server,
}) => {
  const socket = await fakeAdminSocket(page);
  // The GET never moves: whatever the bars show beyond it came over the socket.
  await fakeImportRoutes(page, buildJob('reading', 0, 0, { phases: [] }));
  await openSignedIn(page, server, '/admin/blog-import');
  await startImport(page);
  await expect(page.locator('html')).toHaveAttribute('data-import-realtime', 'connected');

  socket.emit('admin:import-progress', buildJob('articles', 3, 7));
  await expect(phaseBar(page, 'articles')).toHaveAttribute('aria-valuenow', '3');
  // Another job's progress is not this screen's.
  socket.emit('admin:import-progress', buildJob('images', 2, 2, { id: 'imp_other' }));
  socket.emit('admin:import-progress', buildJob('articles', 6, 7));
  await expect(phaseBar(page, 'articles')).toHaveAttribute('aria-valuenow', '6');
  await expect(phaseBar(page, 'images')).toHaveAttribute('aria-valuenow', '0');

  socket.emit(
    'admin:import-progress',
    buildJob(
      'redirects',
      0,
      0,
      {
        status: 'succeeded',
        finished_at: '2026-11-29T09:01:00.000Z',
        report: buildReport({ articles_already_present: 7, comments_already_present: 12 }),
      },
      { articles: 7, comments: 12 },
    ),
  );
  await expect(page.getByRole('status')).toContainText('这个文件里的内容之前都已导入过，这次没有新增任何文章、页面或评论。');
  await expect(page.getByRole('table', { name: '导入的内容' }).getByRole('row')).toHaveText([
    /类别/,
    /文章07/,
    /页面0—/,
    /评论012/,
  ]);
  await expect(page.getByTestId('import-report-redirects')).toContainText('没有建立重定向。');
  // The screen's socket closes with the job.
  await expect(page.locator('html')).not.toHaveAttribute('data-import-realtime');
});

test('the owner cancels an import after confirming, and a reload meanwhile keeps following it', async ({ page, server }) => {
  await blockAdminSocket(page);
  const fake = await fakeImportRoutes(page, buildJob('reading', 0, 0, { phases: [] }));
  await openSignedIn(page, server, '/admin/blog-import');
  await startImport(page);
  fake.current = buildJob('articles', 1, 5);
  await expect(phaseBar(page, 'articles')).toHaveAttribute('aria-valuenow', '1');

  // Leaving and coming back (here: a reload) shows the same job, not an empty form.
  await page.reload();
  await expect(phaseBar(page, 'articles')).toHaveAttribute('aria-valuenow', '1');

  await page.getByRole('button', { name: '取消' }).click();
  const dialog = page.getByRole('alertdialog', { name: '取消导入？' });
  await expect(dialog).toContainText('网站不会有任何改动');
  await dialog.getByRole('button', { name: '继续导入' }).click();
  await expect(dialog).toBeHidden();
  expect(fake.cancels).toHaveLength(0);

  await page.getByRole('button', { name: '取消' }).click();
  fake.cancelAnswer = buildJob('articles', 1, 5, { status: 'cancelled', finished_at: '2026-11-29T09:00:30.000Z' });
  await dialog.getByRole('button', { name: '取消导入' }).click();
  await expect(page.getByRole('status')).toHaveText('已取消，网站没有任何改动');
  expect(fake.cancels).toHaveLength(1);
  expect(fake.cancels[0]?.url()).toContain(`/api/admin/imports/${JOB_ID}/cancel`);
  await expect(page.getByTestId('import-report-counts')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '取消' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '再导入一个文件' })).toBeVisible();
});

test('a file the server refuses, and an import that fails halfway, say why and that nothing changed', async ({
  page,
  server,
}) => {
  await blockAdminSocket(page);
  const fake = await fakeImportRoutes(page, buildJob('reading', 0, 0, { phases: [] }));
  fake.startError = { status: 400, msg: '无法识别的文件：不是 WordPress（WXR）、Ghost 导出文件或静态博客的 zip' };
  await openSignedIn(page, server, '/admin/blog-import');
  await startImport(page);
  const refused = page.getByRole('alert').filter({ hasText: '导入没有开始' });
  await expect(refused).toContainText('无法识别的文件：不是 WordPress（WXR）、Ghost 导出文件或静态博客的 zip 网站没有任何改动。');
  // The form keeps the file and the options for another try.
  await expect(page.getByTestId('blog-import-file')).toContainText('old-blog.WordPress.2026-11-29.xml');

  fake.startError = null;
  await page.getByRole('button', { name: '开始导入' }).click();
  fake.current = buildJob('articles', 40, 120, {
    status: 'failed',
    error: 'XML 在第 2841 行中断：文件不完整，请重新导出',
    finished_at: '2026-11-29T09:00:20.000Z',
  });
  const outcome = page.getByRole('status');
  await expect(outcome).toContainText('导入失败');
  await expect(outcome).toContainText('XML 在第 2841 行中断：文件不完整，请重新导出 网站没有任何改动。');
  await expect(page.getByTestId('import-phase-articles')).toContainText('40 / 120');
  await expect(page.getByTestId('import-report-counts')).toHaveCount(0);
});

test('导入博客 screenshots at 1280 and 390 px, light and dark: the form, a running import and the report', async ({
  page,
  server,
}) => {
  await mkdir(SCREENS_DIR, { recursive: true });
  await blockAdminSocket(page);
  const fake = await fakeImportRoutes(page, buildJob('reading', 0, 0, { phases: [] }));
  await openSignedIn(page, server, '/admin/blog-import');

  const shoot = async (state: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const size of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await page.setViewportSize(size);
        // Nothing is wider than the window once the layout for this width applies: no sideways scrolling.
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        // The bars' width transitions end first: a shot mid-way shows a finished phase not quite full.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
        // From the top: a full-page shot of a scrolled page paints the sticky admin bar mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SCREENS_DIR}/blog-import-${state}-${size.width}-${scheme}.png`, fullPage: true });
      }
    }
  };

  await chooseImportFile(page, 'old-blog.WordPress.2026-11-29.xml', WXR);
  await page.getByLabel('原站地址').fill('https://old.example.com');
  await shoot('form');

  await page.getByRole('button', { name: '开始导入' }).click();
  fake.current = buildJob(
    'comments',
    620,
    1480,
    { report: buildReport({ format: 'wordpress' }) },
    { reading: 8_400_000, articles: 412 },
  );
  await expect(phaseBar(page, 'comments')).toHaveAttribute('aria-valuenow', '620');
  await shoot('running');

  fake.current = succeededJob();
  await expect(page.getByRole('status')).toContainText('导入完成');
  await page.getByRole('button', { name: '下载失败的 2 张图片' }).click();
  await shoot('report');
});
