import { expect, test } from '../fixtures.js';
import { SAMPLE_REPOS, openPage, repoJson, routeExternal } from './helpers.js';

const SAMPLE_TITLES = ['described-many-stars', 'described-few-stars', 'popular-no-description'];

test.describe('projects, fetched by the server from the code host (server/API.md §E20)', () => {
  test('shows the owner’s repositories without forks, described first, then by stars; the browser never asks the code host', async ({
    page,
    codeHost,
  }) => {
    const requested = await routeExternal(page);
    await openPage(page, '/');
    const cards = page.getByTestId('project-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('h3')).toHaveText(SAMPLE_TITLES);
    await expect(cards.nth(2)).toContainText('暂无描述');
    await expect(cards.nth(0).getByRole('link', { name: /查看项目/ })).toHaveAttribute(
      'href',
      'https://github.com/octocat/described-many-stars',
    );
    expect(codeHost.requests).toEqual(['/users/octocat/repos?per_page=100&sort=updated']);
    expect(requested.filter((url) => url.includes('api.github.com'))).toEqual([]);
    // Nothing is kept in the browser: the server keeps the last good fetch.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('project')))).toEqual([]);
  });

  test('a failing code host with nothing fetched before shows the warning and no cards, never made-up projects', async ({
    page,
    codeHost,
  }) => {
    codeHost.reply({ kind: 'status', status: 403 });
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('projects-warning')).toContainText('获取GitHub项目数据时遇到问题');
    await expect(page.getByTestId('projects-warning')).toContainText('403');
    await expect(page.getByTestId('projects-warning')).toContainText('暂时无法显示项目');
    await expect(page.getByTestId('project-card')).toHaveCount(0);
    await expect(page.locator('#projects')).toContainText('暂无项目');
  });

  test('a failing code host shows the owner’s real projects from the last good fetch the server kept, to a new visitor too', async ({
    page,
    codeHost,
    server,
  }) => {
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('project-card')).toHaveCount(3);
    codeHost.reply({ kind: 'status', status: 503 });
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(page.getByTestId('projects-warning')).toContainText('503');
    await expect(page.getByTestId('projects-warning')).toContainText('显示上次获取的项目');
    const cards = page.getByTestId('project-card');
    await expect(cards.locator('h3')).toHaveText(SAMPLE_TITLES);
    // Each card still leads to its own repository, not one shared link.
    const links = await cards.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(new Set(links).size).toBe(3);

    // A visitor who never saw the projects (a fresh browser, nothing stored) gets them from the server.
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const visitor = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
    try {
      const fresh = await visitor.newPage();
      await routeExternal(fresh);
      await openPage(fresh, '/');
      await expect(fresh.getByTestId('projects-warning')).toContainText('显示上次获取的项目');
      await expect(fresh.getByTestId('project-card').locator('h3')).toHaveText(SAMPLE_TITLES);
    } finally {
      await visitor.close();
    }
  });

  test('a reload uses the server’s fresh fetch and 刷新 fetches again', async ({ page, codeHost }) => {
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('project-card')).toHaveCount(3);
    expect(codeHost.requests).toHaveLength(1);

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByTestId('project-card')).toHaveCount(3);
    expect(codeHost.requests).toHaveLength(1);

    codeHost.reply({
      kind: 'json',
      body: repoJson([...SAMPLE_REPOS, { name: 'brand-new', description: '刚刚创建', stargazers_count: 1000 }]),
    });
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(page.getByTestId('project-card').first()).toContainText('brand-new');
    expect(codeHost.requests).toHaveLength(2);
  });

  test('repository names and descriptions with markup show as text', async ({ page, codeHost }) => {
    codeHost.reply({
      kind: 'json',
      body: repoJson([
        {
          name: '<img src=x onerror="window.__pwned=1">',
          description: '<b onmouseover="window.__pwned=2">粗体</b>',
          stargazers_count: 5,
        },
      ]),
    });
    await routeExternal(page);
    await openPage(page, '/');
    const card = page.getByTestId('project-card');
    await expect(card.locator('h3')).toHaveText('<img src=x onerror="window.__pwned=1">');
    await expect(card.locator('p')).toHaveText('<b onmouseover="window.__pwned=2">粗体</b>');
    await expect(card.locator('img, b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});

test.describe('a code host that does not answer', () => {
  test.use({ codeHostTiming: { minIntervalMs: 0, timeoutMs: 1500 } });

  test('is given up by the server after its time-out, with the warning and no cards', async ({ page, codeHost }) => {
    codeHost.reply({ kind: 'hang' });
    await routeExternal(page);
    await openPage(page, '/');
    await expect(page.getByTestId('projects-warning')).toContainText('请求超时');
    await expect(page.getByTestId('projects-warning')).toContainText('暂时无法显示项目');
    await expect(page.getByTestId('project-card')).toHaveCount(0);
  });
});
