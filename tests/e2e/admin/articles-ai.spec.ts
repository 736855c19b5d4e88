import type { Page } from '@playwright/test';
import { test as base, expect } from '../fixtures.js';
import type { ServerFixtures } from '../fixtures.js';
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
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const saved = (await api('GET', `/api/admin/articles/${article?.id}`, { token })).body.data as AdminArticle;
  expect(saved).toMatchObject({ category: '测试分类', tags: '标签甲,标签乙', summary: '模型生成的摘要' });
});

/** Imports an empty article (id 100) beside the three seeded ones and opens the article list. */
async function openWithEmptyArticle({ page, server, api }: { page: Page } & Pick<ServerFixtures, 'server' | 'api'>) {
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
  return { token, seeded };
}

/** A gate a route handler waits on until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

test('batch AI runs one by one, counts an empty article as failed and stops the analysis in flight when cancelled', async ({
  page,
  server,
  api,
  fakeAi,
}) => {
  const { token, seeded } = await openWithEmptyArticle({ page, server, api });

  // A slow provider for the second analysis: the request is held until the end of the test, so
  // the summary can only appear if 取消 stops it instead of waiting for its answer.
  let calls = 0;
  const secondArrived = gate();
  const endOfTest = gate();
  await page.route('**/api/admin/articles/ai-analyze', async (route) => {
    calls += 1;
    if (calls === 2) {
      secondArrived.open();
      await endOfTest.opened;
    }
    // The browser may have dropped the request meanwhile (that is the point): nothing to answer.
    await route.continue().catch(() => undefined);
  });

  for (const title of ['空文章', ...seeded.map((article) => article.title)])
    await page.getByRole('checkbox', { name: `选择 ${title}` }).check();
  await page.getByRole('button', { name: '批量AI分析' }).click();
  await secondArrived.opened;
  const banner = page.getByTestId('batch-ai-banner');
  await expect(banner).toContainText('正在批量AI分析：2/4');
  await banner.getByRole('button', { name: '取消' }).click();

  const summary = page.getByTestId('batch-ai-summary');
  await expect(summary).toContainText('批量分析已取消：成功1篇，失败1篇');
  await expect(summary).toContainText('空文章：标题或内容为空');
  await expect(toast(page, '批量分析已取消：成功1篇，失败1篇')).toBeVisible();
  endOfTest.open();
  expect(fakeAi.requests).toHaveLength(1);

  const after = await Promise.all(
    seeded.map(async (article) => (await api('GET', `/api/admin/articles/${article.id}`, { token })).body.data as AdminArticle),
  );
  // Only the first analysed article was saved; the one in flight kept its own values.
  expect(after.map((article) => article.category)).toEqual(['测试分类', seeded[1]?.category, seeded[2]?.category]);
  expect(after[0]?.tags).toBe('标签甲,标签乙');
  expect(after[1]?.tags).toBe(seeded[1]?.tags);
});

test('取消 shows 正在取消… at once while a save already sent finishes', async ({ page, server, api }) => {
  const { seeded } = await openWithEmptyArticle({ page, server, api });
  const saveArrived = gate();
  const releaseSave = gate();
  await page.route('**/api/admin/articles/*', async (route) => {
    if (route.request().method() === 'PUT') {
      saveArrived.open();
      await releaseSave.opened;
    }
    await route.continue();
  });

  await page.getByRole('checkbox', { name: `选择 ${seeded[0]?.title}` }).check();
  await page.getByRole('checkbox', { name: `选择 ${seeded[1]?.title}` }).check();
  await page.getByRole('button', { name: '批量AI分析' }).click();
  await saveArrived.opened;
  const banner = page.getByTestId('batch-ai-banner');
  await banner.getByRole('button', { name: '取消' }).click();
  await expect(banner).toContainText('正在取消…');
  await expect(banner.getByRole('button', { name: '取消' })).toBeDisabled();

  releaseSave.open();
  await expect(page.getByTestId('batch-ai-summary')).toContainText('批量分析已取消：成功1篇，失败0篇');
});
