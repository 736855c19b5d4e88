import { expect, test } from '../fixtures.js';
import { openSignedIn } from './admin-helpers.js';

type Api = (
  method: string,
  path: string,
  options?: { token?: string; json?: unknown },
) => Promise<{ status: number; body: { data: unknown } }>;

async function comment(api: Api, articleId: number, author: string, content: string, parentId?: number): Promise<number> {
  const answer = await api('POST', `/api/articles/${articleId}/comments`, {
    json: { author, email: '', content, ...(parentId ? { parent_id: parentId } : {}) },
  });
  expect(answer.status).toBe(201);
  return (answer.body.data as { id: number }).id;
}

test.use({ serverOptions: { seed: true, config: { commentRateLimits: { perMinute: 100, perHour: 100 } } } });

test('the admin list says why each comment was held, and a new reply sits under the comment it answers', async ({
  page,
  server,
  api,
}) => {
  const token = await server.login();
  const [article] = (await api('GET', '/api/admin/articles', { token })).body.data as { id: number }[];
  const articleId = article?.id ?? 0;
  const earliest = await comment(api, articleId, '读者甲', '最早的一条');
  await comment(api, articleId, '读者乙', '后来的一条');
  await comment(api, articleId, '读者丙', '回复最早的那条', earliest);
  const put = (settings: object) =>
    api('PUT', '/api/admin/settings/comments', {
      token,
      json: { moderation: 'none', blocked_words: [], blocked_addresses: [], ...settings },
    });
  await put({ moderation: 'first', blocked_words: ['广告'] });
  await comment(api, articleId, '新来的读者', '第一次留言');
  await comment(api, articleId, '读者甲', '这里有广告');
  await put({ moderation: 'all' });
  await comment(api, articleId, '读者乙', '全部审核时的留言');
  await put({});

  await openSignedIn(page, server, '/admin/comments');
  const rows = page.getByTestId('comment-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toContainText('当前设置为全部审核');
  await expect(rows.nth(1)).toContainText('含有屏蔽词');
  await expect(rows.nth(2)).toContainText('首次评论，等待审核');
  // The shown ones by conversation: the reply under the comment it answers, that thread first.
  await expect(rows.nth(3)).toContainText('最早的一条');
  await expect(rows.nth(4)).toContainText('回复最早的那条');
  await expect(rows.nth(5)).toContainText('后来的一条');
});
