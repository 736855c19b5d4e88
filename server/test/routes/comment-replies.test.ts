import { describe, expect, it } from 'vitest';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started), {
  config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } },
});

interface Shown {
  id: number;
  author: string;
  parent_id: number | null;
  is_owner: boolean;
}

const idOf = (response: { body: EnvelopeBody }) => (response.body.data as { id: number }).id;
const commentsOf = (body: EnvelopeBody) => (body.data as { comments: Shown[] }).comments;

/** A top-level comment, a reply to it, a reply to that reply, then a second top-level comment. */
async function conversation(articleId: number) {
  const first = idOf(await postComment(api, articleId, { author: '甲', content: '第一条' }));
  const reply = idOf(await postComment(api, articleId, { author: '乙', content: '回复甲', parent_id: first }));
  const deeper = idOf(await postComment(api, articleId, { author: '丙', content: '回复乙', parent_id: reply }));
  const second = idOf(await postComment(api, articleId, { author: '丁', content: '第二条' }));
  return { first, reply, deeper, second };
}

describe('replies', () => {
  it('keeps the flat list, pages threads, and counts replies in comment_count and the detail', async () => {
    const articleId = await createArticle(api, token);
    const { first, reply, deeper, second } = await conversation(articleId);

    // The original client's list: every comment flat, newest first, the legacy fields unchanged.
    const flat = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`);
    expect(commentsOf(flat.body).map((comment) => comment.id)).toEqual([second, deeper, reply, first]);
    expect(flat.body).toMatchObject({ total: 4, data: { total: 4 } });
    expect(commentsOf(flat.body)[1]).toMatchObject({ author: '丙', content: '回复乙', parent_id: reply, is_owner: false });

    const threads = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments?threads=1&per_page=1`);
    expect(commentsOf(threads.body).map((comment) => comment.id)).toEqual([second]);
    expect(threads.body.data).toMatchObject({ total: 2, pages: 2, comment_total: 4 });
    const page2 = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments?threads=1&per_page=1&page=2`);
    expect(commentsOf(page2.body).map((comment) => comment.id)).toEqual([first, reply, deeper]);

    const detail = await api<EnvelopeBody>('GET', `/api/articles/${articleId}`);
    const data = detail.body.data as { comment_count: number; comments: Shown[]; comment_threads: Shown[] };
    expect(data.comment_count).toBe(4);
    expect(data.comments.map((comment) => comment.id)).toEqual([second, deeper, reply, first]);
    expect(data.comment_threads.map((comment) => comment.id)).toEqual([second, first, reply, deeper]);
    const list = await api<EnvelopeBody>('GET', '/api/articles');
    expect((list.body.data as { comment_count: number }[])[0]?.comment_count).toBe(4);
  });

  it('refuses a reply to a missing comment, to another article’s, to a held one, and a bad parent_id', async () => {
    const articleId = await createArticle(api, token);
    const otherArticle = await createArticle(api, token, { title: '另一篇' });
    const elsewhere = idOf(await postComment(api, otherArticle));
    await api('PUT', '/api/admin/settings/comments', {
      token,
      json: { moderation: 'all', blocked_words: [], blocked_addresses: [] },
    });
    const held = idOf(await postComment(api, articleId, { author: '待审' }));
    await api('PUT', '/api/admin/settings/comments', {
      token,
      json: { moderation: 'none', blocked_words: [], blocked_addresses: [] },
    });
    const deleted = idOf(await postComment(api, articleId));
    await api('DELETE', `/api/admin/comments/${deleted}`, { token });

    for (const parentId of [9999, elsewhere, held, deleted, 'abc', 1.5, 0]) {
      const response = await postComment(api, articleId, { parent_id: parentId });
      expect(response.status, String(parentId)).toBe(400);
      expect(response.body.msg).toBe('回复的评论不存在');
    }
    const all = await api<EnvelopeBody>('GET', `/api/admin/comments?article_id=${articleId}`, { token });
    expect(commentsOf(all.body)).toHaveLength(1);
  });

  it('answers a POST without parent_id as before, with parent_id null, is_owner false and status published', async () => {
    const articleId = await createArticle(api, token);
    const response = await postComment(api, articleId, { parent_id: null });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ msg: '评论发布成功', id: idOf(response) });
    expect(response.body.data).toMatchObject({ parent_id: null, is_owner: false, status: 'published' });
  });

  it('deletes a comment with every reply under it, and says which', async () => {
    const articleId = await createArticle(api, token);
    const { first, reply, deeper, second } = await conversation(articleId);
    const response = await api<EnvelopeBody>('DELETE', `/api/admin/comments/${first}`, { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ id: first, deleted_ids: [first, reply, deeper] });
    const flat = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`);
    expect(commentsOf(flat.body).map((comment) => comment.id)).toEqual([second]);
    const detail = await api<EnvelopeBody>('GET', `/api/articles/${articleId}`);
    expect((detail.body.data as { comment_count: number }).comment_count).toBe(1);
  });
});

describe('the owner’s replies', () => {
  it('carry the 作者 mark under the site’s author name, only through the admin route', async () => {
    await api('PUT', '/api/admin/site-blocks', {
      token,
      json: { blocks: [{ name: 'home', content: { author: '<b>李雷</b>' } }] },
    });
    const articleId = await createArticle(api, token);
    const visitor = idOf(await postComment(api, articleId, { author: '韩梅梅', content: '请教一下' }));

    const reply = await api<EnvelopeBody>('POST', `/api/admin/comments/${visitor}/replies`, {
      token,
      json: { content: ' 好的 ' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({
      article_id: articleId,
      author: '李雷',
      content: '好的',
      parent_id: visitor,
      is_owner: true,
      status: 'published',
      email: '',
      reply_to_author: '韩梅梅',
    });
    const shown = commentsOf((await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body);
    expect(shown[0]).toMatchObject({ author: '李雷', is_owner: true, parent_id: visitor });

    // A visitor cannot claim the mark: the field is ignored, the owner's names are refused.
    const claimed = await postComment(api, articleId, { author: '路人', is_owner: true, parent_id: visitor });
    expect(claimed.status).toBe(201);
    expect(claimed.body.data).toMatchObject({ is_owner: false });
    for (const author of ['李雷', 'admin']) expect((await postComment(api, articleId, { author })).status).toBe(400);

    expect((await api('POST', '/api/admin/comments/9999/replies', { token, json: { content: '在吗' } })).status).toBe(404);
    const empty = await api<EnvelopeBody>('POST', `/api/admin/comments/${visitor}/replies`, { token, json: { content: '  ' } });
    expect([empty.status, empty.body.msg]).toEqual([400, '回复内容不能为空']);
    expect((await api('POST', `/api/admin/comments/${visitor}/replies`, { json: { content: '在吗' } })).status).toBe(401);
  });

  it('falls back to the admin username without an author name, and approves a held comment it answers', async () => {
    await api('PUT', '/api/admin/site-blocks', { token, json: { blocks: [{ name: 'home', content: { author: '' } }] } });
    await api('PUT', '/api/admin/settings/comments', {
      token,
      json: { moderation: 'all', blocked_words: [], blocked_addresses: [] },
    });
    try {
      const articleId = await createArticle(api, token);
      const held = idOf(await postComment(api, articleId, { author: '新访客' }));
      const reply = await api<EnvelopeBody>('POST', `/api/admin/comments/${held}/replies`, { token, json: { content: '欢迎' } });
      expect(reply.body.data).toMatchObject({
        author: server.app.context.config.adminUsername,
        is_owner: true,
        status: 'published',
      });
      const shown = commentsOf((await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body);
      expect(shown.map((comment) => comment.id)).toEqual([idOf(reply), held]);
    } finally {
      await api('PUT', '/api/admin/settings/comments', {
        token,
        json: { moderation: 'none', blocked_words: [], blocked_addresses: [] },
      });
    }
  });
});
