import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import type { apiClient } from '../../support/test-server.js';
import { importMarkdownFiles, openSignedIn, pngBytes, toast } from './admin-helpers.js';

type AdminArticle = {
  id: number;
  title: string;
  category: string;
  tags: string;
  summary: string;
  cover: string;
  content: string;
};

async function articleByTitle(api: ReturnType<typeof apiClient>, token: string, title: string) {
  const list = (await api('GET', `/api/admin/articles?per_page=100`, { token })).body.data as AdminArticle[];
  return list.find((article) => article.title === title);
}

async function typeBody(page: Page, text: string) {
  await page.locator('.cm-content').fill(text);
}

test('create with validation errors, cover upload and built-in AI suggestions, then edit', async ({ page, server, api }) => {
  const token = await openSignedIn(page, server, '/admin/articles');
  await expect(page.getByTestId('article-row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: '批量删除' })).toBeDisabled();

  await page.getByRole('button', { name: '快速新增' }).click();
  const dialog = page.getByRole('dialog', { name: '快速新增文章' });
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '标题和正文必填')).toBeVisible();
  await expect(dialog.getByText('标题必填')).toBeVisible();

  await dialog.getByLabel('标题').fill('测试文章');
  await typeBody(page, '# 你好 React\n\n这篇文章介绍 React Hooks 与 TypeScript 的用法。');
  await expect(dialog.getByRole('region', { name: '预览' }).getByRole('heading', { name: '你好 React' })).toBeVisible();
  await dialog.getByLabel('标签').fill('C++,测试');
  await expect(dialog.getByText('标签格式不合法', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '标签格式不合法，只能包含中英文、数字、逗号、下划线、短横线')).toBeVisible();
  await dialog.getByLabel('标签').fill('测试');

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '上传封面' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(dialog.getByLabel('封面地址')).toHaveValue(/^\/uploads\/[0-9a-f]+\.png$/);

  await dialog.getByRole('button', { name: 'AI分析', exact: true }).click();
  await expect(toast(page, 'AI分析完成！请查看建议')).toBeVisible();
  const suggestedCategory = (await dialog.getByTestId('ai-category').innerText()).trim();
  await dialog.getByRole('button', { name: '应用建议' }).click();
  await expect(toast(page, 'AI建议已应用')).toBeVisible();
  await expect(dialog.getByLabel('分类')).toHaveValue(suggestedCategory);
  const appliedTags = await dialog.getByRole('textbox', { name: '标签' }).inputValue();
  expect(appliedTags.length).toBeGreaterThan(0);

  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('article-row')).toHaveCount(4);
  const created = await articleByTitle(api, token, '测试文章');
  expect(created).toMatchObject({ category: suggestedCategory, tags: appliedTags });
  expect(created?.cover).toMatch(/^\/uploads\//);
  await expect(page.getByRole('img', { name: '测试文章 的封面' })).toHaveAttribute('src', created?.cover ?? '');

  await page.getByRole('button', { name: '编辑 测试文章' }).click();
  const editDialog = page.getByRole('dialog', { name: '编辑文章' });
  await expect(editDialog.getByLabel('标题')).toHaveValue('测试文章');
  await editDialog.getByLabel('标题').fill('测试文章（修订）');
  await editDialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  expect(await articleByTitle(api, token, '测试文章（修订）')).toMatchObject({ id: created?.id });
});

test('batch delete, then restore and purge from the recycle bin', async ({ page, server, api }) => {
  const token = await openSignedIn(page, server, '/admin/articles');
  await expect(page.getByTestId('article-row')).toHaveCount(3);
  const titles = await page.getByTestId('article-row').locator('td:nth-child(2)').allInnerTexts();
  const [first, second, third] = titles.map((title) => title.trim());

  await page.getByRole('checkbox', { name: '全选' }).check();
  await page.getByRole('checkbox', { name: `选择 ${third}` }).uncheck();
  await page.getByRole('button', { name: '批量删除' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('确定要删除选中的文章吗？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确认删除' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(page.getByTestId('article-row')).toHaveCount(1);
  await expect(page.getByTestId('article-row')).toContainText(third ?? '');

  await page.getByRole('tab', { name: '回收站' }).click();
  await expect(page.getByTestId('bin-row')).toHaveCount(2);
  await page.getByRole('button', { name: `恢复 ${first}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '恢复' }).click();
  await expect(toast(page, '已恢复')).toBeVisible();
  await page.getByRole('button', { name: `彻底删除 ${second}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('此操作不可撤销');
  await page.getByRole('alertdialog').getByRole('button', { name: '彻底删除' }).click();
  await expect(toast(page, '已彻底删除')).toBeVisible();
  await expect(page.getByText('回收站为空')).toBeVisible();

  const live = ((await api('GET', '/api/admin/articles', { token })).body.data as AdminArticle[]).map((article) => article.title);
  expect(live.sort()).toEqual([first, third].sort());
  const bin = (await api('GET', '/api/admin/recycle-bin', { token })).body.data as AdminArticle[];
  expect(bin).toHaveLength(0);

  await page.getByRole('tab', { name: '文章列表' }).click();
  await expect(page.getByTestId('article-row')).toHaveCount(2);
});

test('Markdown import of several files reports each file, and the page size resets the page', async ({ page, server }) => {
  await openSignedIn(page, server, '/admin/articles');
  await importMarkdownFiles(page, [
    {
      name: 'front-matter.md',
      text: '---\ntitle: 前置元数据文章\ncategory: 工具使用\ntags: [Vite, 构建]\ndate: 2024-05-01\n---\n\n正文第一段。\n',
    },
    { name: 'heading.md', text: '# 标题来自一级标题\n\n一些正文内容。\n' },
    { name: 'third.markdown', text: '# 第三篇\n\n第三篇的正文。\n' },
    { name: 'notes.txt', mimeType: 'text/plain', text: 'not markdown' },
  ]);
  const report = page.getByRole('dialog', { name: '导入结果' });
  await expect(report).toContainText('成功导入3篇文章，跳过1个文件');
  await expect(report.getByTestId('import-result').filter({ hasText: 'notes.txt' })).toContainText('不是Markdown文件');
  await expect(report.getByTestId('import-result').filter({ hasText: 'front-matter.md' })).toContainText('前置元数据文章');
  await report.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByTestId('article-row')).toHaveCount(6);
  await expect(page.getByRole('cell', { name: '标题来自一级标题', exact: true })).toBeVisible();

  await page.getByRole('combobox', { name: '每页行数' }).selectOption('5');
  await expect(page.getByTestId('article-row')).toHaveCount(5);
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByText('2 / 2')).toBeVisible();
  await expect(page.getByTestId('article-row')).toHaveCount(1);
  await page.getByRole('combobox', { name: '每页行数' }).selectOption('10');
  await expect(page.getByText('1 / 1')).toBeVisible();
  await expect(page.getByTestId('article-row')).toHaveCount(6);

  await page.getByRole('textbox', { name: '按标题搜索' }).fill('一级标题');
  await page.getByRole('textbox', { name: '按标题搜索' }).press('Enter');
  await expect(page.getByTestId('article-row')).toHaveCount(1);
});

test('the full-page editor creates an article with a live preview and reopens it for editing', async ({ page, server, api }) => {
  const token = await openSignedIn(page, server, '/admin/articles');
  await page.goto('/admin/articles/new');
  await expect(page.getByRole('heading', { name: '新增文章' })).toBeVisible();
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(toast(page, '标题和正文必填')).toBeVisible();

  await page.getByRole('textbox', { name: '标题' }).fill('整页编辑的文章');
  await page.getByRole('textbox', { name: '分类' }).fill('工具使用');
  await typeBody(page, '## 小节标题\n\n- 第一项\n- 第二项');
  await expect(page.getByRole('region', { name: '预览' }).getByRole('heading', { name: '小节标题' })).toBeVisible();
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(toast(page, '已发布')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\/edit$/);
  const created = await articleByTitle(api, token, '整页编辑的文章');
  expect(page.url()).toContain(`/admin/articles/${created?.id}/edit`);
  expect(created?.category).toBe('工具使用');

  await page.reload();
  await expect(page.getByRole('heading', { name: '编辑文章' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('整页编辑的文章');
  await page.getByRole('button', { name: '返回文章列表' }).click();
  await expect(page.getByRole('cell', { name: '整页编辑的文章', exact: true })).toBeVisible();
});

test('a row delete asks first and moves the article to the bin, and 清空回收站 empties it', async ({ page, server, api }) => {
  const token = await openSignedIn(page, server, '/admin/articles');
  const [article] = (await api('GET', '/api/admin/articles', { token })).body.data as AdminArticle[];
  await page.getByRole('button', { name: `删除 ${article?.title}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText('文章将移入回收站');
  await page.getByRole('alertdialog').getByRole('button', { name: '确认删除' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(page.getByTestId('article-row')).toHaveCount(2);

  await page.getByRole('tab', { name: '回收站' }).click();
  await expect(page.getByTestId('bin-row')).toHaveCount(1);
  await page.getByRole('button', { name: '清空回收站' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '清空' }).click();
  await expect(toast(page, '回收站已清空')).toBeVisible();
  await expect(page.getByText('回收站为空')).toBeVisible();
  expect((await api('GET', `/api/admin/articles/${article?.id}`, { token })).status).toBe(404);
});
