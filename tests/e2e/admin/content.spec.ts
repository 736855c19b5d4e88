import { expect, test } from '../fixtures.js';
import { openSignedIn, toast } from './admin-helpers.js';

test('about and home edits show in the preview and appear live on an open public page', async ({
  page,
  context,
  server,
  api,
}) => {
  const publicPage = await context.newPage();
  // The seeded calendar image points off-site; do not wait for it to fail loading.
  await publicPage.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(publicPage.getByText('你好，我是 Folio').first()).toBeVisible();

  await openSignedIn(page, server, '/admin/content');
  const hobbies = page.getByLabel('兴趣爱好');
  await hobbies.fill('');
  await expect(page.getByRole('region', { name: '关于我预览' }).getByText('暂无内容')).toBeVisible();
  await hobbies.fill('<p>周末<strong>骑行</strong>与拍照</p>');
  await expect(page.getByRole('region', { name: '关于我预览' }).locator('strong')).toHaveText('骑行');
  await page.getByLabel('标题', { exact: true }).fill('你好，我是新的站长');
  await page.getByRole('button', { name: '保存全部更改' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  const blocks = (await api('GET', '/api/site-blocks')).body.data as { name: string; content: Record<string, string> }[];
  expect(blocks.find((block) => block.name === 'about')?.content.hobbies).toBe('<p>周末<strong>骑行</strong>与拍照</p>');
  expect(blocks.find((block) => block.name === 'home')?.content.title).toBe('你好，我是新的站长');

  await expect(publicPage.getByText('你好，我是新的站长').first()).toBeVisible();
  await expect(publicPage.getByText('骑行').first()).toBeVisible();
});

test('the about editor grows with its text up to 12 rows', async ({ page, server }) => {
  await openSignedIn(page, server, '/admin/content');
  const field = page.getByLabel('个人愿景');
  await field.fill(Array.from({ length: 5 }, (_, index) => `第${index + 1}行`).join('\n'));
  await expect(field).toHaveAttribute('rows', '5');
  await field.fill(Array.from({ length: 30 }, (_, index) => `第${index + 1}行`).join('\n'));
  await expect(field).toHaveAttribute('rows', '12');
});
