import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import type { EnvelopeBody } from '../../support/test-server.js';
import { openSignedIn, toast } from './admin-helpers.js';

test.use({ serverOptions: { seed: false } });

const typeBody = (page: Page, text: string) => page.locator('.cm-content').fill(text);

test('two tabs edit one article: the second save is refused with a clear message and never overwrites the first', async ({
  page,
  context,
  server,
  api,
}) => {
  // Two tabs and three rounds of saving: more steps than the 60 s default allows on a busy machine.
  test.setTimeout(180_000);
  const token = await server.login();
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: '两个标签页', content: '原始正文' },
  });
  const id = created.body.id as number;
  const serverCopy = async () =>
    (await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body.data as { content: string; title: string };

  // Tab A: the full-page editor. Tab B: the dialog of the article list. Both load revision 1.
  await openSignedIn(page, server, '/admin/articles');
  await page.goto(`/admin/articles/${id}/edit`);
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('两个标签页');
  const tabB = await context.newPage();
  await openSignedIn(tabB, server, '/admin/articles');
  await tabB.getByRole('button', { name: '编辑 两个标签页' }).click();
  const dialogB = tabB.getByRole('dialog', { name: '编辑文章' });
  await expect(dialogB.getByLabel('标题')).toHaveValue('两个标签页');

  await typeBody(page, '第一个标签页写的正文');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(toast(page, '已发布')).toBeVisible();
  expect((await serverCopy()).content).toBe('第一个标签页写的正文');

  await dialogB.getByLabel('标题').fill('第二个标签页的标题');
  await typeBody(tabB, '第二个标签页写的正文');
  await dialogB.getByRole('button', { name: '保存', exact: true }).click();
  const conflict = tabB.getByRole('alertdialog', { name: '文章已在别处被修改' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('本次保存没有生效');
  expect(await serverCopy()).toMatchObject({ title: '两个标签页', content: '第一个标签页写的正文' });

  // Keep editing: tab B's text stays in the editor, and saving again is refused again.
  await conflict.getByRole('button', { name: '继续编辑' }).click();
  await expect(conflict).toBeHidden();
  await expect(dialogB.getByLabel('标题')).toHaveValue('第二个标签页的标题');
  await expect(tabB.locator('.cm-content')).toHaveText('第二个标签页写的正文');
  await dialogB.getByRole('button', { name: '保存', exact: true }).click();
  await expect(conflict).toBeVisible();
  expect((await serverCopy()).content).toBe('第一个标签页写的正文');

  // Load the server copy: tab B now shows tab A's text and can save on top of it.
  await conflict.getByRole('button', { name: '加载服务器版本' }).click();
  await expect(conflict).toBeHidden();
  await expect(dialogB.getByLabel('标题')).toHaveValue('两个标签页');
  await expect(tabB.locator('.cm-content')).toHaveText('第一个标签页写的正文');
  await dialogB.getByLabel('标题').fill('合并后的标题');
  await dialogB.getByRole('button', { name: '保存', exact: true }).click();
  await expect(toast(tabB, '保存成功')).toBeVisible();
  expect(await serverCopy()).toMatchObject({ title: '合并后的标题', content: '第一个标签页写的正文' });

  // Tab A is now the stale one: its next save is refused the same way on the full-page editor.
  await typeBody(page, '第一个标签页的第二次修改');
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: '文章已在别处被修改' })).toBeVisible();
  expect((await serverCopy()).content).toBe('第一个标签页写的正文');
});
