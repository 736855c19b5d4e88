import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { moveWithKeyboard, openSignedIn, toast } from './admin-helpers.js';

async function inputValues(page: Page, label: string): Promise<string[]> {
  return page
    .getByTestId('sortable-card')
    .getByLabel(label)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

test('skills: add, edit, reorder and delete are held until 保存全部更改, then saved in order', async ({
  page,
  context,
  server,
  api,
}) => {
  await openSignedIn(page, server, '/admin/skills');
  await expect(page.getByTestId('sortable-card')).toHaveCount(4);

  await page.getByTestId('sortable-card').nth(1).getByLabel('技能名称').fill('React 19');
  await page.getByRole('button', { name: '在此后添加技能' }).first().click();
  const fresh = page.getByTestId('sortable-card').nth(1);
  await fresh.getByLabel('技能名称').fill('Rust');
  await expect(fresh.getByText('50', { exact: true })).toBeVisible();
  await fresh.getByRole('slider').focus();
  await page.keyboard.press('End');
  await expect(fresh.getByText('100', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: '删除技能：Docker' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('确定要删除该技能卡片吗？此操作不可撤销。');
  await dialog.getByRole('button', { name: '确认删除' }).click();
  await moveWithKeyboard(page, '拖动排序：Node.js', 'ArrowUp', 3);
  expect(await inputValues(page, '技能名称')).toEqual(['Node.js', 'TypeScript', 'Rust', 'React 19']);

  // Nothing reached the server yet, and leaving asks first.
  expect(((await api('GET', '/api/skills')).body.data as { name: string }[]).map((skill) => skill.name)).toEqual([
    'TypeScript',
    'React',
    'Node.js',
    'Docker',
  ]);
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('有未保存的更改，确定要离开吗？');
    void confirm.dismiss();
  });
  await page.getByRole('tab', { name: '联系方式' }).click();
  await expect(page).toHaveURL(/\/admin\/skills$/);

  await page.getByRole('button', { name: '保存全部更改' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  const saved = (await api('GET', '/api/skills')).body.data as { name: string; level: number }[];
  expect(saved.map((skill) => skill.name)).toEqual(['Node.js', 'TypeScript', 'Rust', 'React 19']);
  expect(saved.find((skill) => skill.name === 'Rust')?.level).toBe(100);

  await page.reload();
  await expect(page.getByTestId('sortable-card')).toHaveCount(4);
  expect(await inputValues(page, '技能名称')).toEqual(['Node.js', 'TypeScript', 'Rust', 'React 19']);

  const publicPage = await context.newPage();
  // The seeded calendar image points off-site; do not wait for it to fail loading.
  await publicPage.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(publicPage.getByText('React 19').first()).toBeVisible();
  const text = await publicPage.locator('body').innerText();
  expect(text.indexOf('Node.js')).toBeLessThan(text.indexOf('Rust'));
  expect(text.indexOf('Rust')).toBeLessThan(text.indexOf('React 19'));
  expect(text).not.toContain('Docker');
});

test('contacts: type select, add, delete and reorder are saved together', async ({ page, server, api }) => {
  await openSignedIn(page, server, '/admin/contacts');
  await expect(page.getByTestId('sortable-card')).toHaveCount(3);
  const typeSelect = page.getByTestId('sortable-card').first().getByLabel('类型');
  await expect(typeSelect.locator('option')).toHaveText(['邮箱', '微信', 'QQ', '电话', '其他']);

  await page.getByRole('button', { name: '删除联系方式：folio-dev' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('确定要删除该联系方式卡片吗？此操作不可撤销。');
  await page.getByRole('alertdialog').getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('sortable-card')).toHaveCount(3);
  await page.getByRole('button', { name: '删除联系方式：folio-dev' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确认删除' }).click();

  await page.getByRole('button', { name: '添加联系方式', exact: true }).click();
  const fresh = page.getByTestId('sortable-card').last();
  await expect(fresh.getByLabel('类型')).toHaveValue('email');
  await fresh.getByLabel('类型').selectOption('qq');
  await fresh.getByLabel('内容').fill('123456789');
  await moveWithKeyboard(page, '拖动排序：123456789', 'ArrowUp', 2);
  await page.getByRole('button', { name: '保存全部更改' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  const saved = (await api('GET', '/api/contacts')).body.data as { type: string; value: string }[];
  expect(saved.map(({ type, value }) => `${type}:${value}`)).toEqual([
    'qq:123456789',
    'email:hello@example.com',
    'phone:+86 138 0000 0000',
  ]);
});

test('a skill the server rejects reports the save failure with its message', async ({ page, server }) => {
  await openSignedIn(page, server, '/admin/skills');
  await page.getByTestId('sortable-card').first().getByLabel('技能名称').fill('   ');
  await page.getByRole('button', { name: '保存全部更改' }).click();
  await expect(toast(page, '保存失败: 技能名称不能为空')).toBeVisible();
});
