import { expect, test } from '../fixtures.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../support/test-server.js';
import { signInThroughForm, TOKEN_KEY } from './admin-helpers.js';

test.describe('admin sign-in', () => {
  test('rejects a wrong password with the server message, then signs in without remember', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: '管理后台登录' })).toBeVisible();
    await page.getByLabel('用户名').fill(ADMIN_USERNAME);
    await page.getByLabel('密码').fill('wrong password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');

    await page.getByLabel('密码').fill(ADMIN_PASSWORD);
    const loginRequest = page.waitForRequest('**/api/admin/login');
    await page.getByRole('button', { name: '登录' }).click();
    expect((await loginRequest).postDataJSON()).toEqual({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, remember: false });
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: '内容管理' })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();
  });

  test('sends remember when 记住登录状态 is ticked and skips the login page once signed in', async ({ page }) => {
    await page.goto('/admin/login');
    const loginRequest = page.waitForRequest('**/api/admin/login');
    await signInThroughForm(page, { remember: true });
    expect((await loginRequest).postDataJSON()).toMatchObject({ remember: true });
    await expect(page.getByRole('heading', { name: '内容管理' })).toBeVisible();

    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: '管理后台', exact: true })).toBeVisible();
  });

  test('a browser that never signed in is sent to login without being told a login expired', async ({ page }) => {
    await page.goto('/admin/articles');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: '管理后台登录' })).toBeVisible();
    await expect(page.getByText('登录已过期')).toHaveCount(0);
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/articles$/);
  });

  test('an expired token sends the owner to login with the message and back to the remembered path', async ({ page }) => {
    await page.addInitScript((key) => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.localStorage.setItem(key, 'not-a-valid-token');
        window.sessionStorage.setItem('seeded', '1');
      }
    }, TOKEN_KEY);
    await page.goto('/admin/skills');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/skills$/);
    await expect(page.getByRole('heading', { name: '技能管理' })).toBeVisible();
  });

  test('without a token every admin page goes to login, and unknown admin paths go to /admin', async ({ page }) => {
    await page.goto('/admin/avatars');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/avatars$/);
    await page.goto('/admin/no-such-screen');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: '内容管理' })).toBeVisible();
  });

  test('logout revokes the token on the server and returns to login', async ({ page, api }) => {
    await page.goto('/admin/login');
    await signInThroughForm(page);
    await expect(page.getByRole('heading', { name: '内容管理' })).toBeVisible();
    const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    const verify = await api('GET', '/api/admin/verify', { token: token ?? '' });
    expect(verify.status).toBe(401);
  });

  test('the guard re-verifies every 5 minutes and ends a session revoked elsewhere', async ({ page, api }) => {
    await page.clock.install();
    await page.goto('/admin/login');
    await signInThroughForm(page);
    await page.getByRole('tab', { name: '技能管理' }).click();
    await expect(page.getByRole('heading', { name: '技能管理' })).toBeVisible();
    const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    expect((await api('POST', '/api/admin/logout', { token: token ?? '' })).status).toBe(200);

    await page.clock.fastForward('04:00');
    await expect(page.getByRole('heading', { name: '技能管理' })).toBeVisible();
    await page.clock.fastForward('01:01');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
  });
});
