import { test as base, expect } from '../fixtures.js';
import { startFakeOpenAi } from '../../../server/test/support/fake-openai.js';
import type { FakeOpenAi } from '../../../server/test/support/fake-openai.js';
import { openSignedIn, toast } from './admin-helpers.js';

/** The real server configured with a loopback OpenAI-compatible provider. */
const test = base.extend<{ fakeAi: FakeOpenAi }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  fakeAi: async ({}, use) => {
    const fake = await startFakeOpenAi();
    fake.reply({
      kind: 'answer',
      content: JSON.stringify({ category: '测试分类', tags: ['标签甲', '标签乙'], summary: '模型生成的摘要' }),
    });
    await use(fake);
    await fake.close();
  },
  serverOptions: async ({ fakeAi }, use) => {
    await use({
      seed: true,
      config: { ai: { baseUrl: fakeAi.baseUrl, apiKey: 'test-key', model: 'fake-model', timeoutMs: 5000 } },
    });
  },
});

type AdminArticle = { id: number; title: string; category: string; tags: string; summary: string };

test('the provider suggestions show in the panel and are applied only when asked', async ({ page, server, api, fakeAi }) => {
  const token = await openSignedIn(page, server, '/admin/articles');
  const [article] = (await api('GET', '/api/admin/articles', { token })).body.data as AdminArticle[];
  await page.getByRole('button', { name: `编辑 ${article?.title}` }).click();
  const dialog = page.getByRole('dialog', { name: '编辑文章' });
  await expect(dialog.getByLabel('标题')).toHaveValue(article?.title ?? '');
  await dialog.getByLabel('摘要').fill('');

  await dialog.getByRole('button', { name: 'AI分析', exact: true }).click();
  await expect(toast(page, 'AI分析完成！请查看建议')).toBeVisible();
  await expect(dialog.getByTestId('ai-category')).toHaveText('测试分类');
  await expect(dialog.getByTestId('ai-tags')).toContainText('标签甲');
  await expect(dialog.getByTestId('ai-summary')).toHaveText('模型生成的摘要');
  expect(fakeAi.requests).toHaveLength(1);
  await expect(dialog.getByLabel('分类')).toHaveValue(article?.category ?? '');

  await dialog.getByRole('button', { name: '应用建议' }).click();
  await expect(dialog.getByLabel('分类')).toHaveValue('测试分类');
  await expect(dialog.getByRole('textbox', { name: '标签' })).toHaveValue('标签甲,标签乙');
  await expect(dialog.getByLabel('摘要')).toHaveValue('模型生成的摘要');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const saved = (await api('GET', `/api/admin/articles/${article?.id}`, { token })).body.data as AdminArticle;
  expect(saved).toMatchObject({ category: '测试分类', tags: '标签甲,标签乙', summary: '模型生成的摘要' });
});

test('batch AI runs one by one, counts an empty article as failed and stops when cancelled', async ({
  page,
  server,
  api,
  fakeAi,
}) => {
  const token = await server.login();
  const imported = await api('POST', '/api/admin/import', {
    token,
    json: { articles: [{ id: 100, title: '空文章', content: '' }] },
  });
  expect(imported.status).toBe(200);
  await openSignedIn(page, server, '/admin/articles');
  const seeded = ((await api('GET', '/api/admin/articles', { token })).body.data as AdminArticle[]).filter(
    (article) => article.id !== 100,
  );
  expect(seeded).toHaveLength(3);

  // Hold the second analysis until the owner has pressed 取消, so "midway" is exact.
  let calls = 0;
  let secondArrived!: () => void;
  const second = new Promise<void>((resolve) => (secondArrived = resolve));
  let releaseSecond!: () => void;
  const released = new Promise<void>((resolve) => (releaseSecond = resolve));
  await page.route('**/api/admin/articles/ai-analyze', async (route) => {
    calls += 1;
    if (calls === 2) {
      secondArrived();
      await released;
    }
    await route.continue();
  });

  for (const title of ['空文章', ...seeded.map((article) => article.title)])
    await page.getByRole('checkbox', { name: `选择 ${title}` }).check();
  await page.getByRole('button', { name: '批量AI分析' }).click();
  await second;
  const banner = page.getByTestId('batch-ai-banner');
  await expect(banner).toContainText('正在批量AI分析：2/4');
  await banner.getByRole('button', { name: '取消' }).click();
  releaseSecond();

  const summary = page.getByTestId('batch-ai-summary');
  await expect(summary).toContainText('批量分析已取消：成功2篇，失败1篇');
  await expect(summary).toContainText('空文章：标题或内容为空');
  await expect(toast(page, '批量分析已取消：成功2篇，失败1篇')).toBeVisible();
  expect(fakeAi.requests).toHaveLength(2);

  const after = await Promise.all(
    seeded.map(async (article) => (await api('GET', `/api/admin/articles/${article.id}`, { token })).body.data as AdminArticle),
  );
  expect(after.map((article) => article.category)).toEqual(['测试分类', '测试分类', seeded[2]?.category]);
  expect(after[0]?.tags).toBe('标签甲,标签乙');
});
