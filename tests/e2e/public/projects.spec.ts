import { expect, test } from '../fixtures.js';
import { SAMPLE_REPOS, openPage, repoJson, routeExternal } from './helpers.js';

test.describe('projects from the code host', () => {
  test('shows the owner’s repositories without forks, described first, then by stars', async ({ page }) => {
    const requested = await routeExternal(page);
    await openPage(page, '/');
    const cards = page.getByTestId('project-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('h3')).toHaveText(['described-many-stars', 'described-few-stars', 'popular-no-description']);
    await expect(cards.nth(2)).toContainText('暂无描述');
    await expect(cards.nth(0).getByRole('link', { name: /查看项目/ })).toHaveAttribute(
      'href',
      'https://github.com/octocat/described-many-stars',
    );
    expect(requested.some((url) => url.startsWith('https://api.github.com/users/octocat/repos'))).toBe(true);
  });

  test('a failing code host with nothing fetched before shows the warning and no cards, never made-up projects', async ({
    page,
  }) => {
    await routeExternal(page, { github: (route) => route.fulfill({ status: 403, json: { message: 'rate limited' } }) });
    await openPage(page, '/');
    await expect(page.getByTestId('projects-warning')).toContainText('获取GitHub项目数据时遇到问题');
    await expect(page.getByTestId('projects-warning')).toContainText('403');
    await expect(page.getByTestId('project-card')).toHaveCount(0);
    await expect(page.getByTestId('projects-warning')).toContainText('暂时无法显示项目');
    await expect(page.locator('#projects')).toContainText('暂无项目');
    // Nothing made up was kept either: the next good fetch is what shows.
    expect(await page.evaluate(() => localStorage.getItem('folio_projects_cache'))).toBeNull();
  });

  test('a failing code host shows the owner’s real projects from the last good fetch, with the warning', async ({ page }) => {
    let failing = false;
    await routeExternal(page, {
      github: (route) =>
        failing ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.fulfill({ json: repoJson(SAMPLE_REPOS) }),
    });
    await openPage(page, '/');
    await expect(page.getByTestId('project-card')).toHaveCount(3);
    failing = true;
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(page.getByTestId('projects-warning')).toContainText('503');
    await expect(page.getByTestId('projects-warning')).toContainText('显示上次获取的项目');
    const cards = page.getByTestId('project-card');
    await expect(cards.locator('h3')).toHaveText(['described-many-stars', 'described-few-stars', 'popular-no-description']);
    // Each card still leads to its own repository, not one shared link.
    const links = await cards.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(new Set(links).size).toBe(3);
  });

  test('uses the same-day cache and the refresh button forces a fetch', async ({ page }) => {
    let calls = 0;
    let repos = SAMPLE_REPOS;
    await routeExternal(page, {
      github: (route) => {
        calls += 1;
        return route.fulfill({ json: repoJson(repos) });
      },
    });
    await openPage(page, '/');
    await expect(page.getByTestId('project-card')).toHaveCount(3);
    expect(calls).toBe(1);

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByTestId('project-card')).toHaveCount(3);
    expect(calls).toBe(1);

    repos = [...SAMPLE_REPOS, { name: 'brand-new', description: '刚刚创建', stargazers_count: 1000 }];
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(page.getByTestId('project-card').first()).toContainText('brand-new');
    expect(calls).toBe(2);
  });

  test('a cache written on an earlier day is refetched', async ({ page }) => {
    let calls = 0;
    await routeExternal(page, {
      github: (route) => {
        calls += 1;
        return route.fulfill({ json: repoJson(SAMPLE_REPOS) });
      },
    });
    await page.addInitScript(() => {
      const stale = {
        owner: 'octocat',
        day: '2000-01-01',
        projects: [
          {
            title: 'stale',
            description: '',
            link: 'https://github.com/octocat',
            stars: 0,
            language: '',
            updated_at: '2000-01-01T00:00:00Z',
          },
        ],
      };
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('folio_projects_cache', JSON.stringify(stale));
        sessionStorage.setItem('seeded', '1');
      }
    });
    await openPage(page, '/');
    await expect(page.getByTestId('project-card')).toHaveCount(3);
    await expect(page.getByTestId('project-card').filter({ hasText: 'stale' })).toHaveCount(0);
    expect(calls).toBe(1);
  });

  test('a code host that does not answer is given up after 10 s', async ({ page }) => {
    await page.clock.install();
    await routeExternal(page, { github: () => new Promise<void>(() => undefined) });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByTestId('projects-warning')).toHaveCount(0);
    await page.clock.runFor(9_000);
    await expect(page.getByTestId('projects-warning')).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(page.getByTestId('projects-warning')).toContainText('请求超时');
    await expect(page.getByTestId('project-card')).toHaveCount(0);
  });
});
