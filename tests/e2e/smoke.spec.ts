import { expect, test } from './fixtures.js';

test('the built web app is served at / and client routes survive a reload', async ({ page, api }) => {
  const home = await page.goto('/');
  expect(home?.status()).toBe(200);

  const article = (await api('GET', '/api/articles/1')).body.data as { title: string };
  for (const [path, heading] of [
    ['/articles/1', article.title],
    ['/admin/login', '管理后台登录'],
  ] as const) {
    const first = await page.goto(path);
    expect(first?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();

    const reloaded = await page.reload();
    expect(reloaded?.status(), `${path} after reload`).toBe(200);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
});
