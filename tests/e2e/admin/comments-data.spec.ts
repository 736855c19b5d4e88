import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.js';
import { openSignedIn, toast } from './admin-helpers.js';

test('comments: search, then delete one after confirming', async ({ page, server, api }) => {
  const token = await server.login();
  const [article] = (await api('GET', '/api/admin/articles', { token })).body.data as { id: number; title: string }[];
  for (const [author, content] of [
    ['读者甲', '写得很清楚，谢谢分享'],
    ['读者乙', '请问有示例仓库吗？'],
  ]) {
    expect((await api('POST', `/api/articles/${article?.id}/comments`, { json: { author, email: '', content } })).status).toBe(
      201,
    );
  }

  await openSignedIn(page, server, '/admin/comments');
  const rows = page.getByTestId('comment-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(article?.title ?? '');
  await page.getByRole('textbox', { name: '按昵称或内容搜索' }).fill('示例仓库');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('读者乙');
  // What visitors wrote is isolated from the cell's other text.
  for (const text of ['读者乙', '请问有示例仓库吗？']) {
    await expect(rows.locator('bdi').filter({ hasText: text })).toHaveCSS('unicode-bidi', 'isolate');
  }

  await page.getByRole('button', { name: '删除 读者乙 的评论' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('确定要删除这条评论吗？');
  await page.getByRole('alertdialog').getByRole('button', { name: '确认删除' }).click();
  await expect(toast(page, '评论删除成功')).toBeVisible();
  await expect(page.getByText('暂无评论')).toBeVisible();

  const remaining = (await api('GET', `/api/articles/${article?.id}/comments`)).body.data as { comments: { author: string }[] };
  expect(remaining.comments.map((comment) => comment.author)).toEqual(['读者甲']);
});

test('data: export downloads a dated backup that imports back, and a non-JSON file is refused', async ({ page, server, api }) => {
  const token = await openSignedIn(page, server, '/admin/data');
  await expect(page.getByText('回收站中的文章不会被导出')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出数据' }).click();
  const file = await download;
  const today = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`folio_backup_${today}.json`);
  await expect(toast(page, '数据导出成功')).toBeVisible();
  const backupPath = await file.path();
  const backup = JSON.parse(await readFile(backupPath, 'utf8')) as { skills: { id: number; name: string }[] };
  expect(backup.skills.map((skill) => skill.name)).toContain('Docker');

  const docker = backup.skills.find((skill) => skill.name === 'Docker');
  expect((await api('DELETE', `/api/admin/skills/${docker?.id}`, { token })).status).toBe(200);

  const wrongChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '选择文件并导入' }).click();
  await (await wrongChooser).setFiles({ name: 'backup.txt', mimeType: 'text/plain', buffer: Buffer.from('{}') });
  await expect(toast(page, '请选择JSON格式的文件')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '选择文件并导入' }).click();
  await (
    await chooser
  ).setFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: await readFile(backupPath) });
  await expect(toast(page, '数据导入成功')).toBeVisible();
  const skills = (await api('GET', '/api/skills')).body.data as { name: string }[];
  expect(skills.map((skill) => skill.name)).toContain('Docker');

  const brokenChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '选择文件并导入' }).click();
  await (
    await brokenChooser
  ).setFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ skills: [{ id: 1 }] })) });
  await expect(toast(page, /^数据导入失败: 导入数据格式错误：/)).toBeVisible();
});
