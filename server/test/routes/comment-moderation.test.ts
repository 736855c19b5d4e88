import { describe, expect, it } from 'vitest';
import { connectRealtime } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, postComment, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started), {
  config: { commentRateLimits: { perMinute: 10_000, perHour: 10_000 } },
});

type Settings = { moderation: string; blocked_words: string[]; blocked_addresses: string[] };
const NONE: Settings = { moderation: 'none', blocked_words: [], blocked_addresses: [] };

const putSettings = (json: unknown) => api<EnvelopeBody>('PUT', '/api/admin/settings/comments', { token, json });
const idOf = (response: { body: EnvelopeBody }) => (response.body.data as { id: number }).id;
const commentIds = (body: EnvelopeBody) => (body.data as { comments: { id: number }[] }).comments.map((comment) => comment.id);

/** Runs `work` with these settings, then puts the defaults back for the next test. */
async function withSettings(settings: Partial<Settings>, work: () => Promise<void>): Promise<void> {
  expect((await putSettings({ ...NONE, ...settings })).status).toBe(200);
  try {
    await work();
  } finally {
    await putSettings(NONE);
  }
}

describe('comment settings', () => {
  it('start as none with empty lists, and store trimmed lists without empties or repeats', async () => {
    expect((await api<EnvelopeBody>('GET', '/api/admin/settings/comments', { token })).body.data).toEqual(NONE);
    const saved = await putSettings({
      moderation: 'first',
      blocked_words: [' 广告 ', '', '广告', 'SPAM', 'spam'],
      blocked_addresses: ['@spam.example'],
    });
    expect(saved.body).toMatchObject({ msg: '评论设置已保存' });
    const expected = { moderation: 'first', blocked_words: ['广告', 'SPAM'], blocked_addresses: ['@spam.example'] };
    expect(saved.body.data).toEqual(expected);
    expect((await api<EnvelopeBody>('GET', '/api/admin/settings/comments', { token })).body.data).toEqual(expected);
    await putSettings(NONE);
  });

  it('refuse bad values with a Chinese message and change nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...NONE, moderation: 'some' }, '审核方式只能是 none（不审核）、first（首次评论需审核）或 all（全部需审核）'],
      [{ ...NONE, blocked_words: 'spam' }, '屏蔽词必须是文字列表'],
      [{ ...NONE, blocked_words: ['x'.repeat(101)] }, '单个屏蔽词不能超过100个字符'],
      [{ ...NONE, blocked_addresses: Array.from({ length: 501 }, (_, i) => `10.0.${i}.`) }, '禁止的地址不能超过500个'],
    ];
    for (const [body, msg] of cases) {
      const response = await putSettings(body);
      expect([response.status, response.body.msg]).toEqual([400, msg]);
    }
    expect((await api<EnvelopeBody>('GET', '/api/admin/settings/comments', { token })).body.data).toEqual(NONE);
    expect((await api('GET', '/api/admin/settings/comments')).status).toBe(401);
  });
});

describe('held comments', () => {
  it('are answered 待审核 and shown nowhere public until approved, which tells open pages', async () => {
    await withSettings({ moderation: 'all' }, async () => {
      const articleId = await createArticle(api, token);
      const realtime = await connectRealtime(server.url);
      try {
        const response = await postComment(api, articleId, { content: '等待审核的话' });
        expect(response.status).toBe(201);
        expect(response.body).toMatchObject({ msg: '评论已提交，待审核', data: { status: 'pending' } });
        const id = idOf(response);

        expect(commentIds((await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body)).toEqual([]);
        const threads = await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments?threads=1`);
        expect(threads.body.data).toMatchObject({ comments: [], comment_total: 0, total: 0 });
        const detail = (await api<EnvelopeBody>('GET', `/api/articles/${articleId}`)).body.data;
        expect(detail).toMatchObject({ comment_count: 0, comments: [], comment_threads: [] });
        const list = (await api<EnvelopeBody>('GET', '/api/articles')).body.data as { comment_count: number }[];
        expect(list[0]?.comment_count).toBe(0);
        // The server-rendered page (its HTML and the data it hydrates from) leaves it out too.
        const page = await (await fetch(`${server.url}/articles/${articleId}`)).text();
        expect(page).toContain('React 18 新特性');
        expect(page).not.toContain('等待审核的话');
        expect(realtime.events.map((event) => event.name)).not.toContain('comments_updated');

        const approved = await api<EnvelopeBody>('POST', `/api/admin/comments/${id}/approve`, { token });
        expect(approved.status).toBe(200);
        expect(approved.body).toMatchObject({ msg: '已通过', data: { id, status: 'published' } });
        await expect(realtime.waitFor('comments_updated')).resolves.toEqual({ article_id: articleId });
        expect(commentIds((await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body)).toEqual([id]);
        expect(await (await fetch(`${server.url}/articles/${articleId}`)).text()).toContain('等待审核的话');
        expect(
          ((await api<EnvelopeBody>('GET', `/api/articles/${articleId}`)).body.data as { comment_count: number }).comment_count,
        ).toBe(1);
        const again = await api<EnvelopeBody>('POST', `/api/admin/comments/${id}/approve`, { token });
        expect([again.status, again.body.msg]).toEqual([200, '已通过']);
        expect((await api<EnvelopeBody>('POST', '/api/admin/comments/9999/approve', { token })).body.msg).toBe('评论不存在');
      } finally {
        realtime.close();
      }
    });
  });

  it('hold a visitor’s first comment under first: the same email, or nickname from the same IP, passes after approval', async () => {
    await withSettings({ moderation: 'first' }, async () => {
      const articleId = await createArticle(api, token);
      const first = await postComment(api, articleId, { author: '小王', email: 'wang@example.com' });
      expect(first.body.data).toMatchObject({ status: 'pending' });
      // Still no approved comment of theirs: held again.
      expect((await postComment(api, articleId, { author: '小王', email: 'wang@example.com' })).body.data).toMatchObject({
        status: 'pending',
      });
      await api('POST', `/api/admin/comments/${idOf(first)}/approve`, { token });
      expect((await postComment(api, articleId, { author: '别名', email: 'WANG@example.com' })).body.data).toMatchObject({
        status: 'published',
      });
      expect((await postComment(api, articleId, { author: '小王', email: '' })).body.data).toMatchObject({ status: 'published' });
      expect((await postComment(api, articleId, { author: '小李', email: '' })).body.data).toMatchObject({ status: 'pending' });
    });
  });

  it('hold a comment with a blocked word whatever the moderation, and list held ones first', async () => {
    await withSettings({ blocked_words: ['优惠券'] }, async () => {
      const articleId = await createArticle(api, token);
      const held = idOf(await postComment(api, articleId, { content: '领取优惠券' }));
      const heldByName = idOf(await postComment(api, articleId, { author: '送优惠券', content: '你好' }));
      const shown = idOf(await postComment(api, articleId, { content: '普通评论' }));
      expect(commentIds((await api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments`)).body)).toEqual([shown]);

      const admin = await api<EnvelopeBody>('GET', '/api/admin/comments', { token });
      expect(commentIds(admin.body)).toEqual([heldByName, held, shown]);
      expect((admin.body.data as { comments: { status: string }[] }).comments.map((comment) => comment.status)).toEqual([
        'pending',
        'pending',
        'published',
      ]);
      expect(commentIds((await api<EnvelopeBody>('GET', '/api/admin/comments?status=pending', { token })).body)).toEqual([
        heldByName,
        held,
      ]);
      expect((await api('GET', '/api/admin/comments?status=maybe', { token })).status).toBe(400);
    });
  });
});

describe('blocked addresses', () => {
  it('refuse a comment with 403 and store nothing: an IP, an IP prefix, an email, a domain', async () => {
    const articleId = await createArticle(api, token);
    const cases: [string, Record<string, string>][] = [
      ['127.0.0.1', {}],
      ['127.0.', {}],
      ['bad@example.com', { email: 'Bad@Example.com' }],
      ['@spam.example', { email: 'anyone@spam.example' }],
    ];
    for (const [entry, fields] of cases) {
      await withSettings({ blocked_addresses: [entry] }, async () => {
        const response = await postComment(api, articleId, fields);
        expect([response.status, response.body.msg], entry).toEqual([403, '此地址已被禁止评论']);
      });
    }
    await withSettings({ blocked_addresses: ['10.0.0.', '@other.example'] }, async () => {
      expect((await postComment(api, articleId, { email: 'me@example.com' })).status).toBe(201);
    });
    const all = await api<EnvelopeBody>('GET', `/api/admin/comments?article_id=${articleId}`, { token });
    expect(commentIds(all.body)).toHaveLength(1);
  });
});
