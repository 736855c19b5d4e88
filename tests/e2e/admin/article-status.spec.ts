import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { openSignedIn, toast } from './admin-helpers.js';

// The owner sits in Shanghai (UTC+8, no summer time): the picker's local time must reach the server as UTC.
test.use({ timezoneId: 'Asia/Shanghai' });

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A whole minute `minutes` ahead, as the picker's local value and as the UTC ISO the server should store. */
function minutesAhead(minutes: number): { local: string; utc: string; clock: string } {
  const at = new Date(Math.floor(Date.now() / 60_000 + minutes) * 60_000);
  const local = new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16);
  return { local, utc: at.toISOString(), clock: local.slice(11, 16) };
}

/** The admin's writes (POST/PUT/DELETE under /api/admin/articles) as the server received them. */
function recordWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/admin/articles')) writes.push(request);
  });
  return writes;
}

test('a new article: 保存草稿, 定时发布 through the picker (a past time refused), 撤回为草稿 and 发布, with the table status and filter', async ({
  page,
  server,
  api,
}) => {
  test.setTimeout(120_000);
  const token = await openSignedIn(page, server, '/admin/articles');
  const writes = recordWrites(page);
  const adminArticle = async (id: number) =>
    (await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body.data as {
      status: string;
      publish_at: string | null;
    };

  await page.getByRole('button', { name: '写文章' }).click();
  await expect(page.getByRole('heading', { name: '新增文章' })).toBeVisible();
  await page.getByRole('textbox', { name: '标题' }).fill('定时发布的文章');
  await page.locator('.cm-content').fill('这篇文章先是草稿，然后定时发布。');
  // Title and body are there: the article exists on the server as a draft at once.
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\/edit$/);
  const id = Number(/articles\/(\d+)\/edit/.exec(page.url())?.[1]);
  expect(await adminArticle(id)).toMatchObject({ status: 'draft', publish_at: null });

  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(toast(page, '草稿已保存')).toBeVisible();
  await expect(page.getByTestId('article-status')).toHaveText('草稿');
  expect((await api('GET', `/api/articles/${id}`)).status).toBe(404);

  // 定时发布: a past time is refused in the dialog and nothing is sent.
  await page.getByRole('button', { name: '定时发布' }).click();
  const dialog = page.getByRole('dialog', { name: '定时发布' });
  await expect(dialog.getByText('按本机时区（Asia/Shanghai）')).toBeVisible();
  const sentBefore = writes.length;
  await dialog.getByLabel('发布时间').fill(minutesAhead(-5).local);
  await dialog.getByRole('button', { name: '定时发布' }).click();
  await expect(dialog.getByText('定时发布时间必须晚于当前时间')).toBeVisible();
  const future = minutesAhead(3);
  await dialog.getByLabel('发布时间').fill(future.local);
  await dialog.getByRole('button', { name: '定时发布' }).click();
  await expect(toast(page, `已设为定时发布：${future.clock}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const scheduleWrites = writes
    .slice(sentBefore)
    .filter((request) => request.method() === 'PUT' && !request.url().endsWith('/autosave'));
  expect(scheduleWrites).toHaveLength(1);
  expect(scheduleWrites[0]?.postDataJSON()).toMatchObject({ status: 'scheduled', publish_at: future.utc });
  const stored = await adminArticle(id);
  expect(stored.status).toBe('scheduled');
  expect(Date.parse(stored.publish_at ?? '')).toBe(Date.parse(future.utc));
  await expect(page.getByTestId('article-status')).toHaveText(`定时 ${future.clock}`);
  await expect(page.getByText(/^将于 .+ 发布$/)).toBeVisible();
  expect((await api('GET', `/api/articles/${id}`)).status).toBe(404);

  // The table: 状态 column and the filter (the seeded site has three published articles).
  await page.getByRole('button', { name: '返回文章列表' }).click();
  const row = page.getByTestId('article-row').filter({ hasText: '定时发布的文章' });
  await expect(row.getByTestId('article-status')).toHaveText(`定时 ${future.clock}`);
  await expect(page.getByTestId('article-row')).toHaveCount(4);
  const filter = page.getByRole('combobox', { name: '按状态筛选' });
  await filter.selectOption({ label: '定时' });
  await expect(page.getByTestId('article-row')).toHaveCount(1);
  await expect(row).toBeVisible();
  await filter.selectOption({ label: '草稿' });
  await expect(page.getByText('暂无文章')).toBeVisible();
  await filter.selectOption({ label: '已发布' });
  await expect(page.getByTestId('article-row')).toHaveCount(3);
  await expect(page.getByTestId('article-status').filter({ hasText: '已发布' })).toHaveCount(3);
  await filter.selectOption({ label: '全部' });
  await expect(page.getByTestId('article-row')).toHaveCount(4);

  // The title opens the editor: 撤回为草稿, then 发布.
  await row.getByRole('link', { name: '定时发布的文章' }).click();
  await expect(page.getByRole('heading', { name: '编辑文章' })).toBeVisible();
  await page.getByRole('button', { name: '撤回为草稿' }).click();
  await expect(toast(page, '已撤回为草稿')).toBeVisible();
  await expect(page.getByTestId('article-status')).toHaveText('草稿');
  expect(await adminArticle(id)).toMatchObject({ status: 'draft', publish_at: null });
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(toast(page, '已发布')).toBeVisible();
  await expect(page.getByTestId('article-status')).toHaveText('已发布');
  await expect(page.getByRole('button', { name: '撤回为草稿' })).toBeVisible();
  await expect(page.getByRole('button', { name: '定时发布' })).toHaveCount(0);
  expect((await adminArticle(id)).status).toBe('published');
  expect((await api('GET', `/api/articles/${id}`)).status).toBe(200);

  // Every write named the browser as its source, in the one API client.
  expect(writes.length).toBeGreaterThan(0);
  for (const request of writes) expect(await request.headerValue('x-folio-source')).toBe('browser');

  await page.getByRole('button', { name: '返回文章列表' }).click();
  await filter.selectOption({ label: '已发布' });
  await expect(page.getByTestId('article-row')).toHaveCount(4);
});

test('batch AI suggestions are saved as written by the AI, other admin saves by the browser', async ({ page, server, api }) => {
  const token = await openSignedIn(page, server, '/admin/articles');
  const [first] = (await api('GET', '/api/admin/articles', { token })).body.data as { id: number; title: string }[];
  const id = first?.id ?? 0;
  await page.getByRole('checkbox', { name: `选择 ${first?.title}` }).check();
  await page.getByRole('button', { name: '批量AI分析' }).click();
  await expect(toast(page, '批量分析完成：成功1篇，失败0篇')).toBeVisible();
  await page.getByRole('button', { name: `编辑 ${first?.title}` }).click();
  const dialog = page.getByRole('dialog', { name: '编辑文章' });
  await dialog.getByLabel('标题').fill('浏览器里改的标题');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog).toBeHidden();

  // A last change from the API makes both versions previous ones, each listed with its source.
  await api('PUT', `/api/admin/articles/${id}`, { token, json: { title: '之后的标题' } });
  const history = (await api('GET', `/api/admin/articles/${id}/revisions`, { token })).body.data as {
    title: string;
    source: string;
  }[];
  expect(history.slice(0, 2).map(({ title, source }) => ({ title, source }))).toEqual([
    { title: '浏览器里改的标题', source: 'browser' },
    { title: first?.title, source: 'ai' },
  ]);
});

test('an open scheduled article shows 已发布 when its time comes, and keeps what the owner is typing', async ({
  page,
  server,
  api,
}) => {
  const token = await openSignedIn(page, server, '/admin/articles');
  const publishAt = `${new Date(Date.now() + 6000).toISOString().slice(0, 19)}Z`;
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: '到点发布', content: '正文', status: 'scheduled', publish_at: publishAt },
  });
  const id = (created.body.data as { id: number }).id;
  await page.goto(`/admin/articles/${id}/edit`);
  await expect(page.getByTestId('article-status')).toContainText('定时');
  await page.getByRole('textbox', { name: '摘要' }).fill('正在写的摘要');
  await expect(page.getByTestId('article-status')).toHaveText('已发布', { timeout: 12_000 });
  await expect(page.getByRole('textbox', { name: '摘要' })).toHaveValue('正在写的摘要');
  // The editor's actions are those of a published article now.
  await expect(page.getByRole('button', { name: '撤回为草稿' })).toBeVisible();
});
