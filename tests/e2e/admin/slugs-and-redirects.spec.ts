import { mkdir } from 'node:fs/promises';
import { expect, test } from '../fixtures.js';
import type { EnvelopeBody, TestServer } from '../../support/test-server.js';
import { apiClient } from '../../support/test-server.js';
import { openSignedIn } from './admin-helpers.js';

test.use({ serverOptions: { seed: false } });

/** Where the redirects screen's screenshots go (FOLIO_SCREENS_DIR to put them elsewhere). */
const SCREENS_DIR = process.env.FOLIO_SCREENS_DIR ?? '/tmp/shots-redirects';

async function createArticle(server: TestServer, title: string): Promise<number> {
  const created = await apiClient(server.url)<EnvelopeBody>('POST', '/api/admin/articles', {
    token: await server.login(),
    json: { title, content: '正文', category: '随笔' },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

test('the owner renames an article’s address in the editor and redirects an old blog path; readers follow both', async ({
  page,
  server,
}) => {
  const id = await createArticle(server, '你好世界');
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(`/admin/articles/${id}/edit`);

  const slug = page.getByTestId('slug-input');
  await expect(slug).toHaveValue('ni-hao-shi-jie');
  await expect(page.getByTestId('slug-address')).toHaveText(`文章地址：${server.url}/articles/ni-hao-shi-jie`);
  // Checked as it is typed: a broken rule shows, and nothing can be saved.
  await slug.fill('Hello World');
  await expect(page.getByText('链接名只能由小写英文字母、数字和连字符（-）组成，且不能以连字符开头或结尾')).toBeVisible();
  await expect(page.getByTestId('slug-save')).toBeDisabled();
  await slug.fill('hello-world');
  await expect(page.getByTestId('slug-address')).toHaveText(`文章地址：${server.url}/articles/hello-world`);
  await expect(page.getByText('修改后，旧地址 /articles/ni-hao-shi-jie 会永久跳转到新地址')).toBeVisible();
  await page.getByTestId('slug-save').click();
  await expect(page.getByTestId('slug-save')).toBeDisabled();

  await page.goto('/admin/redirects');
  const rows = page.getByTestId('redirect-row');
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: '旧路径 1' })).toHaveValue('/articles/ni-hao-shi-jie');
  await page.getByRole('button', { name: '添加一条' }).click();
  await page.getByRole('textbox', { name: '旧路径 2' }).fill('/2020/05/hello-world/');
  await page.getByRole('textbox', { name: '新地址 2' }).fill('/2020/05/hello-world');
  // A rule to its own address is a loop: said above the rows, and 保存 waits for a fix.
  await expect(page.getByTestId('redirects-problem')).toContainText('重定向形成循环');
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeDisabled();
  await page.getByRole('textbox', { name: '新地址 2' }).fill('/articles/hello-world');
  await expect(page.getByTestId('redirects-problem')).toHaveCount(0);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.locator('.fui-ToastTitle', { hasText: '重定向已保存' })).toBeVisible();
  await expect(page.getByText('有未保存的修改')).toHaveCount(0);

  await page.goto('/2020/05/hello-world/');
  await expect(page).toHaveURL(`${server.url}/articles/hello-world`);
  await expect(page.getByRole('heading', { name: '你好世界', level: 1 })).toBeVisible();
  await page.goto('/articles/ni-hao-shi-jie');
  await expect(page).toHaveURL(`${server.url}/articles/hello-world`);
  await page.goto(`/articles/${id}`);
  await expect(page).toHaveURL(`${server.url}/articles/hello-world`);
});

test('redirects screen screenshots at 1280 and 390 px, light and dark', async ({ page, server }) => {
  await mkdir(SCREENS_DIR, { recursive: true });
  const api = apiClient(server.url);
  const token = await server.login();
  const saved = await api('PUT', '/api/admin/redirects', {
    token,
    json: {
      redirects: [
        { from: '/2020/05/hello-world/', to: '/articles/hello-world', status: 301 },
        { from: '/articles/ni-hao-shi-jie', to: '/articles/hello-world', status: 301 },
        { from: '/feed/', to: '/rss.xml', status: 302 },
        { from: '/about-me.html', to: 'https://example.com/about', status: 301 },
      ],
    },
  });
  expect(saved.status).toBe(200);
  await openSignedIn(page, server, '/admin/redirects');
  await expect(page.getByTestId('redirect-row')).toHaveCount(4);
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.screenshot({ path: `${SCREENS_DIR}/redirects-${size.width}-${scheme}.png`, fullPage: true });
    }
  }
});
