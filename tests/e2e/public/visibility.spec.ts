import { expect, test } from '../fixtures.js';
import { adminCall, openPage, routeExternal, waitForRealtime } from './helpers.js';

/** A server/API.md §1.4 timestamp `ms` from now, to the second as the server stores it. */
const isoIn = (ms: number) => `${new Date(Date.now() + ms).toISOString().slice(0, 19)}Z`;

const article = (title: string, extra: Record<string, unknown> = {}) => ({ title, content: `${title}的正文`, ...extra });

test('a draft and a scheduled article stay off the public site until the schedule publishes one, live', async ({
  page,
  server,
}) => {
  const draft = await adminCall<{ id: number }>(
    server,
    'POST',
    '/api/admin/articles',
    article('还没写完的草稿', { status: 'draft' }),
  );
  await adminCall(
    server,
    'POST',
    '/api/admin/articles',
    article('补发的旧文', { status: 'published', publish_at: '2020-02-02T00:00:00Z' }),
  );
  await routeExternal(page);
  await openPage(page, '/');
  // Scheduled once the page listens, so the live event of its publication cannot come too early.
  await waitForRealtime(page);
  const scheduled = await adminCall<{ id: number; publish_at: string }>(
    server,
    'POST',
    '/api/admin/articles',
    article('到点上线的文章', { status: 'scheduled', publish_at: isoIn(3000) }),
  );
  const cards = page.getByTestId('article-card');
  // The readers' date is the publication's, not the day the post was written into the site.
  await expect(cards.filter({ hasText: '补发的旧文' })).toContainText('2020年2月2日');
  await expect(cards.filter({ hasText: '还没写完的草稿' })).toHaveCount(0);
  const early = await (await page.request.get('/')).text();
  expect(Date.now()).toBeLessThan(Date.parse(scheduled.publish_at));
  expect(early).not.toContain('到点上线的文章');
  expect(early).not.toContain('还没写完的草稿');

  // At its time the open page shows it without a reload: the live event of a publish by hand.
  await expect(cards.filter({ hasText: '到点上线的文章' })).toHaveCount(1, { timeout: 8000 });
  expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(scheduled.publish_at));
  await expect(cards.filter({ hasText: '还没写完的草稿' })).toHaveCount(0);

  const response = await page.goto(`/articles/${draft.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('还没写完的草稿');
});

test('an article withdrawn while a reader has it open turns into the not-found page, and its URL answers 404', async ({
  page,
  server,
}) => {
  const published = await adminCall<{ id: number }>(server, 'POST', '/api/admin/articles', article('即将撤回的文章'));
  await routeExternal(page);
  await openPage(page, `/articles/${published.id}`);
  await waitForRealtime(page);
  await expect(page.getByRole('heading', { level: 1, name: '即将撤回的文章' })).toBeVisible();

  await adminCall(server, 'PUT', `/api/admin/articles/${published.id}`, { status: 'draft' });
  await expect(page.getByTestId('not-found')).toBeVisible();
  const again = await page.goto(`/articles/${published.id}`);
  expect(again?.status()).toBe(404);
  await openPage(page, '/');
  await expect(page.getByTestId('article-card').filter({ hasText: '即将撤回的文章' })).toHaveCount(0);
});

test('a publication that went out before the page listened shows once the page connects', async ({ page, server }) => {
  await routeExternal(page);
  // The page's realtime connection is held until the test lets it through, as on a slow network
  // or while the server restarts: the live event of the publication below reaches nobody.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
    await released;
    socket.connectToServer();
  });
  await openPage(page, '/');
  const cards = page.getByTestId('article-card');
  await expect(cards.filter({ hasText: '连接之前发布的文章' })).toHaveCount(0);
  await adminCall(server, 'POST', '/api/admin/articles', article('连接之前发布的文章'));
  release();
  await waitForRealtime(page);
  await expect(cards.filter({ hasText: '连接之前发布的文章' })).toHaveCount(1);
});
