import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { backupArticle, freshServer, snapshotDir } from '../fixtures/backup.js';

type Fresh = Awaited<ReturnType<typeof freshServer>>;
const SETTINGS = { moderation: 'first', blocked_words: ['广告'], blocked_addresses: ['@spam.example'] };
const DEFAULTS = { moderation: 'none', blocked_words: [], blocked_addresses: [] };

/** The admin list without what a backup leaves out (IP address, user agent). */
async function adminComments({ api, token }: Fresh): Promise<Record<string, unknown>[]> {
  const response = await api<EnvelopeBody>('GET', '/api/admin/comments?per_page=100', { token });
  return (response.body.data as { comments: Record<string, unknown>[] }).comments.map(
    ({ ip_address: _ip, user_agent: _ua, ...comment }) => comment,
  );
}

const settingsOf = async ({ api, token }: Fresh) =>
  (await api<EnvelopeBody>('GET', '/api/admin/settings/comments', { token })).body.data;

describe('comments in the backup', () => {
  let source: Fresh;
  let target: Fresh;
  beforeAll(async () => {
    [source, target] = await Promise.all([freshServer(), freshServer()]);
  });
  afterAll(async () => {
    await Promise.all([source.server.close(), target.server.close()]);
  });

  it('carry replies, the owner’s mark, held comments and the settings through export and import', async () => {
    const { api, token } = source;
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title: '文章', content: '正文' } });
    const articleId = created.body.id as number;
    const post = async (json: Record<string, unknown>) =>
      (
        (await api<EnvelopeBody>('POST', `/api/articles/${articleId}/comments`, { json: { author: '访客', ...json } })).body
          .data as {
          id: number;
        }
      ).id;
    const top = await post({ content: '第一条', email: 'v@example.com' });
    await api('POST', `/api/admin/comments/${top}/replies`, { token, json: { content: '博主回复' } });
    await post({ content: '访客再回复', parent_id: top });
    await api('PUT', '/api/admin/settings/comments', { token, json: SETTINGS });
    await post({ author: '新人', content: '待审核的' });

    const exported = (await api<EnvelopeBody>('GET', '/api/admin/export', { token })).body;
    const data = exported.data as { comments: Record<string, unknown>[]; comment_settings: unknown };
    expect(data.comment_settings).toEqual(SETTINGS);
    expect(data.comments.map(({ author, parent_id, is_owner, status }) => ({ author, parent_id, is_owner, status }))).toEqual([
      { author: '访客', parent_id: null, is_owner: false, status: 'published' },
      { author: 'admin', parent_id: top, is_owner: true, status: 'published' },
      { author: '访客', parent_id: top, is_owner: false, status: 'published' },
      { author: '新人', parent_id: null, is_owner: false, status: 'pending' },
    ]);

    const imported = await target.api<EnvelopeBody>('POST', '/api/admin/import', { token: target.token, json: exported });
    expect(imported.status).toBe(200);
    expect(await settingsOf(target)).toEqual(SETTINGS);
    expect(await adminComments(target)).toEqual(await adminComments(source));
    const shown = await target.api<EnvelopeBody>('GET', `/api/articles/${articleId}/comments?threads=1`);
    expect(shown.body.data).toMatchObject({ comment_total: 3, total: 1 });
    // What a backup brings is the owner's past, not news.
    const unread = await target.api<EnvelopeBody>('GET', '/api/admin/comments/unread', { token: target.token });
    expect(unread.body.data).toEqual({ unread: 0, pending: 1 });
  });
});

describe('an older backup and a broken one', () => {
  let ctx: Fresh;
  beforeAll(async () => {
    ctx = await freshServer();
  });
  afterAll(() => ctx.server.close());

  it('imports comments without the new fields as shown top-level ones, keeping the default settings', async () => {
    const json = {
      articles: [backupArticle(7)],
      comments: [
        { id: 3, article_id: 7, author: '张三', email: null, content: '旧评论', created_at: 'Mon, 01 Jan 2024 08:00:00 GMT' },
      ],
    };
    expect((await ctx.api('POST', '/api/admin/import', { token: ctx.token, json })).status).toBe(200);
    expect(await settingsOf(ctx)).toEqual(DEFAULTS);
    const list = await ctx.api<EnvelopeBody>('GET', '/api/articles/7/comments');
    expect((list.body.data as { comments: unknown[] }).comments).toEqual([
      expect.objectContaining({ id: 3, parent_id: null, is_owner: false }),
    ]);
  });

  it('refuses bad settings or a bad comment status and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [
        { articles: [backupArticle(8)], comment_settings: { ...DEFAULTS, moderation: 'strict' } },
        '导入数据格式错误：comment_settings.moderation 审核方式只能是 none（不审核）、first（首次评论需审核）或 all（全部需审核）',
      ],
      [
        {
          articles: [backupArticle(8)],
          comments: [{ id: 9, article_id: 8, author: '甲', content: '乙', created_at: '2024-01-01', status: 'hidden' }],
        },
        '导入数据格式错误：comments[0].status 只能是 published 或 pending',
      ],
    ];
    for (const [json, msg] of cases) {
      const before = await snapshotDir(ctx.server.dataDir);
      const response = await ctx.api<EnvelopeBody>('POST', '/api/admin/import', { token: ctx.token, json });
      expect([response.status, response.body.msg]).toEqual([400, msg]);
      expect(await snapshotDir(ctx.server.dataDir)).toEqual(before);
    }
  });
});
