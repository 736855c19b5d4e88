import { describe, expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { createArticle, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let api: Api;
let token: string;

useArticleServer((started) => ({ api, token } = started), {
  config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } },
});

type Settings = { moderation: string; blocked_words: string[]; blocked_addresses: string[] };
const NONE: Settings = { moderation: 'none', blocked_words: [], blocked_addresses: [] };
interface Listed {
  id: number;
  status: string;
  held_reason: string | null;
}

const putSettings = (json: unknown) => api<EnvelopeBody>('PUT', '/api/admin/settings/comments', { token, json });
const idOf = (response: { body: EnvelopeBody }) => (response.body.data as { id: number }).id;
const adminList = async (query = '') =>
  ((await api<EnvelopeBody>('GET', `/api/admin/comments?per_page=100${query}`, { token })).body.data as { comments: Listed[] })
    .comments;
const heldState = (id: number, heldToken: string) =>
  api<EnvelopeBody>('GET', `/api/comments/${id}/held?token=${encodeURIComponent(heldToken)}`);

async function withSettings(settings: Partial<Settings>, work: () => Promise<void>): Promise<void> {
  expect((await putSettings({ ...NONE, ...settings })).status).toBe(200);
  try {
    await work();
  } finally {
    await putSettings(NONE);
  }
}

describe('why a comment was held', () => {
  it('is stored with it and shown in the admin list: first comment, blocked word, every comment held', async () => {
    const articleId = await createArticle(api, token);
    let first = 0;
    let blocked = 0;
    let all = 0;
    await withSettings({ moderation: 'first', blocked_words: ['赌博'] }, async () => {
      first = idOf(await postComment(api, articleId, { author: '新读者', email: 'new@example.com', content: '第一次来' }));
      blocked = idOf(await postComment(api, articleId, { author: '某人', email: 'x@example.com', content: '这里有赌博' }));
    });
    await withSettings({ moderation: 'all' }, async () => {
      all = idOf(await postComment(api, articleId, { author: '常客', email: 'regular@example.com', content: '又来了' }));
    });
    const shown = idOf(await postComment(api, articleId, { author: '路人', email: '', content: '不审核时直接发布' }));

    const reasons = Object.fromEntries((await adminList()).map((comment) => [comment.id, comment.held_reason]));
    expect(reasons).toMatchObject({ [first]: 'first', [blocked]: 'blocked_word', [all]: 'all', [shown]: null });
    // Approved, the comment is no longer held, and the reason goes with it.
    await api('POST', `/api/admin/comments/${first}/approve`, { token });
    expect((await adminList()).find((comment) => comment.id === first)).toMatchObject({ status: 'published', held_reason: null });
  });
});

describe('a held comment, seen from the browser that posted it', () => {
  it('gets a token with which that browser alone learns whether it is still held, shown or deleted', async () => {
    const articleId = await createArticle(api, token);
    await withSettings({ moderation: 'all' }, async () => {
      const posted = await postComment(api, articleId, { content: '请审核我' });
      const { id, held_token: heldToken } = posted.body.data as { id: number; held_token: string };
      expect(typeof heldToken).toBe('string');
      expect((await heldState(id, heldToken)).body).toMatchObject({ code: 0, data: { id, status: 'pending' } });
      // The token answers for this comment only, and a guessed one for nothing.
      const other = idOf(await postComment(api, articleId, { content: '另一条' }));
      expect((await heldState(other, heldToken)).status).toBe(404);
      expect((await heldState(id, 'x'.repeat(43))).status).toBe(404);
      expect((await api('GET', `/api/comments/${id}/held`)).status).toBe(404);

      await api('POST', `/api/admin/comments/${id}/approve`, { token });
      expect((await heldState(id, heldToken)).body.data).toEqual({ id, status: 'published' });
      await api('DELETE', `/api/admin/comments/${id}`, { token });
      expect((await heldState(id, heldToken)).body.data).toEqual({ id, status: 'deleted' });
    });
    // A comment shown at once carries no token: there is nothing to wait for.
    const shown = await postComment(api, articleId, { content: '直接发布' });
    expect(shown.body.data).not.toHaveProperty('held_token');
  });
});

describe('the admin list', () => {
  it('puts a new reply with its thread, under the comment it answers, not alone at the top', async () => {
    const articleId = await createArticle(api, token);
    const old = idOf(await postComment(api, articleId, { author: '甲', content: '最早的评论' }));
    const middle = idOf(await postComment(api, articleId, { author: '乙', content: '后来的评论' }));
    const reply = idOf(await postComment(api, articleId, { author: '丙', content: '回复最早的', parent_id: old }));
    const ids = (await adminList(`&article_id=${articleId}`)).map((comment) => comment.id);
    // The thread with the newest activity comes first, its comments in conversation order.
    expect(ids).toEqual([old, reply, middle]);
  });
});
