import { describe, expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { buildArticle, createArticle, idsOf, isoIn, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let api: Api;
let token: string;

useArticleServer((started) => ({ api, token } = started));

interface Detail {
  id: number;
  status: string;
  publish_at: string | null;
  created_at: string;
  revision: number;
  [key: string]: unknown;
}

const detailOf = async (id: number) => (await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body;
const put = (id: number, json: unknown) => api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, { token, json });
const post = (json: unknown) => api<EnvelopeBody>('POST', '/api/admin/articles', { token, json });
const HOUR = 60 * 60 * 1000;

describe('status and publish_at on POST', () => {
  it('publishes at once without a status, as for the original client, and keeps a draft unseen', async () => {
    const published = await post(buildArticle({ title: '原版客户端的文章' }));
    const data = published.body.data as Detail;
    expect(data).toMatchObject({ status: 'published', publish_at: data.created_at });
    const draft = await post({ ...buildArticle({ title: '草稿' }), status: 'draft', publish_at: isoIn(HOUR) });
    // A draft has no time: one sent with it is cleared.
    expect(draft.body.data).toMatchObject({ status: 'draft', publish_at: null });
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/articles')).body)).toEqual([data.id]);
  });

  it('back-dates a published article to the publish_at sent, and takes an import date as its publication', async () => {
    const backDated = await post({
      ...buildArticle({ title: '补发' }),
      status: 'published',
      publish_at: '2020-02-02T08:00:00+08:00',
    });
    expect(backDated.body.data).toMatchObject({ status: 'published', publish_at: '2020-02-02T00:00:00Z' });
    const imported = await post({ ...buildArticle({ title: '旧文' }), created_at: '2019-05-04' });
    expect(imported.body.data).toMatchObject({ publish_at: '2019-05-04T00:00:00Z' });
    // The public list follows publish_at: the newest publication first, whatever the creation order.
    const fresh = await createArticle(api, token, { title: '新文' });
    expect(idsOf((await api<EnvelopeBody>('GET', '/api/articles')).body)).toEqual([
      fresh,
      backDated.body.id as number,
      imported.body.id as number,
    ]);
  });

  it('refuses a schedule that is not in the future, a publication dated later, and bad values, creating nothing', async () => {
    const future = '发布时间 publish_at 不能晚于当前时间：要定时发布，请把 status 设为 scheduled';
    const malformed = '发布时间 publish_at 格式无效：应为 ISO 8601 时间，如 2024-01-15T10:30:00Z';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ status: 'scheduled', publish_at: isoIn(-60_000) }, 'publish_at', '定时发布时间 publish_at 必须晚于当前时间'],
      [{ status: 'scheduled', publish_at: isoIn(0) }, 'publish_at', '定时发布时间 publish_at 必须晚于当前时间'],
      [{ status: 'scheduled' }, 'publish_at', '定时发布需要发布时间 publish_at'],
      [{ status: 'published', publish_at: isoIn(HOUR) }, 'publish_at', future],
      [{ publish_at: isoIn(HOUR) }, 'publish_at', future],
      [{ status: 'scheduled', publish_at: '明天' }, 'publish_at', malformed],
      [{ status: 'scheduled', publish_at: '2030-01-01T10:00:00' }, 'publish_at', malformed],
      [{ status: 'hidden' }, 'status', '发布状态 status 无效：只能是 draft、scheduled 或 published'],
    ];
    for (const [fields, field, msg] of cases) {
      const response = await post({ ...buildArticle(), ...fields });
      expect(response.status, msg).toBe(400);
      expect(response.body).toMatchObject({ code: 1, error: 'validation_failed', msg });
      expect(response.body.data, msg).toEqual({ errors: [{ field, msg }] });
    }
    expect((await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body.data).toEqual([]);
  });
});

describe('status and publish_at on PUT', () => {
  it('keeps the status when none is sent: the original client sends the whole article back', async () => {
    const draft = await createArticle(api, token, { title: '草稿', status: 'draft' });
    const scheduledAt = isoIn(HOUR);
    const scheduled = await createArticle(api, token, { title: '定时', status: 'scheduled', publish_at: scheduledAt });
    for (const [id, status, publishAt] of [
      [draft, 'draft', null],
      [scheduled, 'scheduled', scheduledAt],
    ] as const) {
      // What the original admin does: spread the detail answer into its form and send it all back.
      const { status: _status, publish_at: _publishAt, ...body } = await detailOf(id);
      const saved = await put(id, { ...body, content: `${id} 改过` });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ status, publish_at: publishAt, content: `${id} 改过` });
      // And with the status it read, as the original admin would send it now.
      const again = await put(id, { ...(await detailOf(id)), summary: '又改过' });
      expect(again.body.data).toMatchObject({ status, publish_at: publishAt, summary: '又改过' });
    }
    expect((await api<EnvelopeBody>('GET', '/api/articles')).body.data).toEqual([]);
    for (const id of [draft, scheduled]) expect((await api('GET', `/api/articles/${id}`)).status).toBe(404);
  });

  it('publishes, withdraws, reschedules and back-dates, each a new revision', async () => {
    const id = await createArticle(api, token, { title: '状态变化', status: 'draft' });
    const scheduledAt = isoIn(HOUR);
    expect((await put(id, { status: 'scheduled', publish_at: scheduledAt })).body.data).toMatchObject({
      status: 'scheduled',
      publish_at: scheduledAt,
      revision: 2,
    });
    const before = Date.now() - 1000;
    const published = (await put(id, { status: 'published' })).body.data as Detail;
    // Published now, not at the time it was scheduled for.
    expect(published.status).toBe('published');
    expect(Date.parse(published.publish_at ?? '')).toBeGreaterThanOrEqual(before);
    expect(Date.parse(published.publish_at ?? '')).toBeLessThanOrEqual(Date.now());
    // A save of a published article keeps its date.
    expect((await put(id, { title: '改标题' })).body.data).toMatchObject({ publish_at: published.publish_at });
    expect((await put(id, { publish_at: '2021-03-04T05:06:07Z' })).body.data).toMatchObject({
      publish_at: '2021-03-04T05:06:07Z',
    });
    expect((await put(id, { status: 'draft' })).body.data).toMatchObject({ status: 'draft', publish_at: null, revision: 6 });
  });

  it('refuses a past schedule with 400, changing nothing', async () => {
    const id = await createArticle(api, token, { title: '不变' });
    const before = await detailOf(id);
    const response = await put(id, { status: 'scheduled', publish_at: isoIn(-1000), title: '新标题' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('定时发布时间 publish_at 必须晚于当前时间');
    expect(await detailOf(id)).toEqual(before);
  });

  it('takes a copy read while scheduled, sent back after it went out, as no change of status', async () => {
    const id = await createArticle(api, token, { title: '已按时发布', status: 'scheduled', publish_at: isoIn(1200) });
    const stale = await detailOf(id);
    await expect.poll(async () => (await api('GET', `/api/articles/${id}`)).status, { timeout: 4000 }).toBe(200);
    const saved = await put(id, { ...stale, content: '发布后补的一句' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'published', publish_at: stale.publish_at, content: '发布后补的一句' });
  });
});

describe('GET /api/admin/articles?status=', () => {
  it('filters by status, with the status and time on every row, and refuses an unknown status naming it', async () => {
    const published = await createArticle(api, token, { title: '已发布' });
    const draft = await createArticle(api, token, { title: '草稿', status: 'draft' });
    const scheduled = await createArticle(api, token, { title: '定时', status: 'scheduled', publish_at: isoIn(HOUR) });
    const list = (status: string) => api<EnvelopeBody>('GET', `/api/admin/articles?status=${status}`, { token });
    expect(idsOf((await list('draft')).body)).toEqual([draft]);
    expect(idsOf((await list('scheduled')).body)).toEqual([scheduled]);
    expect(idsOf((await list('published')).body)).toEqual([published]);
    expect((await list('published')).body).toMatchObject({ total: 1 });
    const all = (await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body.data as Detail[];
    expect(all.map(({ id, status, has_autosave }) => ({ id, status, has_autosave }))).toEqual([
      { id: scheduled, status: 'scheduled', has_autosave: false },
      { id: draft, status: 'draft', has_autosave: false },
      { id: published, status: 'published', has_autosave: false },
    ]);
    const refused = await list('hidden');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('发布状态 status 无效：只能是 draft、scheduled 或 published');
    expect(refused.body.data).toEqual({ errors: [{ field: 'status', msg: refused.body.msg }] });
  });
});

describe('the original client on a site with drafts', () => {
  it('never sees a draft through its public reads, and its own articles stay public', async () => {
    const legacy = await createArticle(api, token, { title: '原版客户端' });
    const draft = await createArticle(api, token, { title: '草稿', status: 'draft' });
    const list = await api<EnvelopeBody>('GET', '/api/articles');
    expect((list.body.articles as { id: number }[]).map((article) => article.id)).toEqual([legacy]);
    expect(list.body).toMatchObject({ pages: 1 });
    expect((await api('GET', `/api/articles/${draft}`)).status).toBe(404);
    expect((await api<EnvelopeBody>('GET', `/api/articles/${legacy}`)).body).toMatchObject({ id: legacy, title: '原版客户端' });
  });
});

describe('what a draft must hold, and what publishing needs', () => {
  const refusal = (response: { status: number; body: EnvelopeBody }, field: string, msg: string) => {
    expect(response.status, msg).toBe(400);
    expect(response.body).toMatchObject({ code: 1, error: 'validation_failed', msg });
    expect(response.body.data, msg).toEqual({ errors: [{ field, msg }] });
  };

  it('keeps a draft with only a title or only a body, and refuses one with neither', async () => {
    const titleOnly = await post({ title: '只有标题', content: '', status: 'draft' });
    expect(titleOnly.status).toBe(201);
    expect(titleOnly.body.data).toMatchObject({ status: 'draft', title: '只有标题', content: '' });
    const bodyOnly = await post({ title: '', content: '先写一段', status: 'draft' });
    expect(bodyOnly.body.data).toMatchObject({ status: 'draft', title: '', content: '先写一段' });
    refusal(await post({ title: ' ', content: '\n', status: 'draft' }), 'title', '草稿至少需要标题或正文');
    // Without a status (the original client) or to publish, both are still required.
    refusal(await post({ title: '没有正文', content: '' }), 'content', '标题和正文必填');
    refusal(
      await post({ title: '', content: '没有标题', status: 'scheduled', publish_at: isoIn(HOUR) }),
      'title',
      '标题和正文必填',
    );
    const ids = ((await api<EnvelopeBody>('GET', '/api/admin/articles', { token })).body.data as Detail[]).map((a) => a.id);
    expect(ids.sort()).toEqual([titleOnly.body.id, bodyOnly.body.id].sort());
  });

  it('publishes a draft only once it has both, and never empties a published article', async () => {
    const draft = (await post({ title: '还没写正文', content: '', status: 'draft' })).body.id as number;
    refusal(await put(draft, { status: 'published' }), 'content', '发布前请填写标题和正文');
    refusal(await put(draft, { status: 'scheduled', publish_at: isoIn(HOUR) }), 'content', '发布前请填写标题和正文');
    expect(await detailOf(draft)).toMatchObject({ status: 'draft', revision: 1 });
    refusal(await put(draft, { title: '' }), 'title', '草稿至少需要标题或正文');
    expect((await put(draft, { content: '写好了', status: 'published' })).body.data).toMatchObject({ status: 'published' });
    // The original client's save of a published article with its body cleared is refused as before.
    refusal(await put(draft, { ...(await detailOf(draft)), content: '  ' }), 'content', '标题和正文必填');
    expect(await detailOf(draft)).toMatchObject({ content: '写好了', status: 'published' });
  });
});
