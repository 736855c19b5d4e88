import { expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { createArticle, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let api: Api;
let token: string;

// The default limits (5 comments a minute per address, server/API.md §1.6), not the raised ones other comment tests use.
useArticleServer((started) => ({ api, token } = started));

it('counts held comments against the rate limit, and gives a blocked address’s refused attempts their point back', async () => {
  const articleId = await createArticle(api, token);
  const settings = { moderation: 'all', blocked_words: [], blocked_addresses: ['blocked@example.com'] };
  expect((await api('PUT', '/api/admin/settings/comments', { token, json: settings })).status).toBe(200);

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const refused = await postComment(api, articleId, { email: 'blocked@example.com' });
    expect([refused.status, refused.body.msg]).toEqual([403, '此地址已被禁止评论']);
  }
  for (let held = 0; held < 5; held += 1) {
    const answer = await postComment(api, articleId, { content: `待审核的第 ${held + 1} 条` });
    expect([answer.status, (answer.body.data as { status: string }).status]).toEqual([201, 'pending']);
  }
  const sixth = await postComment(api, articleId, { content: '第六条' });
  expect(sixth.status).toBe(429);

  const admin = await api<EnvelopeBody>('GET', `/api/admin/comments?article_id=${articleId}`, { token });
  expect((admin.body.data as { comments: unknown[] }).comments).toHaveLength(5);
});
