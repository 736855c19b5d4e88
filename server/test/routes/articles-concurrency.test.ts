import { describe, expect, it } from 'vitest';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { buildArticle, createArticle, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let api: Api;
let token: string;

useArticleServer((started) => ({ api, token } = started));

const CHANGED_ELSEWHERE = '文章已在别处被修改，本次保存未生效；请先加载服务器上的最新版本';

const getArticle = (id: number) => api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token });
const putArticle = (id: number, json: Record<string, unknown>, ifMatch?: string) =>
  api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, {
    token,
    json,
    ...(ifMatch === undefined ? {} : { headers: { 'If-Match': ifMatch } }),
  });

describe('ETag on admin article reads and writes', () => {
  it('answers the revision as a strong ETag on POST, GET and PUT, and in the JSON', async () => {
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: buildArticle() });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.body.data).toMatchObject({ revision: 1 });
    const id = created.body.id as number;

    const read = await getArticle(id);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.body).toMatchObject({ revision: 1, data: { revision: 1 } });

    const saved = await putArticle(id, { content: '第二版' }, '"1"');
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"2"');
    expect(saved.body.data).toMatchObject({ revision: 2, content: '第二版' });

    const list = await api<EnvelopeBody>('GET', '/api/admin/articles', { token });
    expect(list.body.data).toEqual([expect.objectContaining({ id, revision: 2 })]);
  });

  it('bumps the revision on a metadata-only change, on binning and on restoring', async () => {
    const id = await createArticle(api, token);
    expect((await putArticle(id, { title: '只改标题' })).headers.get('etag')).toBe('"2"');
    expect((await getArticle(id)).body.data).toMatchObject({ title: '只改标题', revision: 2 });

    await api('DELETE', `/api/admin/articles/${id}`, { token });
    await api('POST', `/api/admin/recycle-bin/${id}/restore`, { token });
    // A save prepared before the bin/restore round trip is stale now.
    const stale = await putArticle(id, { title: '旧的保存' }, '"2"');
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe('"4"');
  });
});

describe('If-Match on PUT /api/admin/articles/:id', () => {
  it('refuses a stale revision with 412, the current copy in data and its ETag, and changes nothing', async () => {
    const id = await createArticle(api, token, { title: '原标题', content: '第一个窗口的正文' });
    // Tab A and tab B both opened revision 1; A saves first.
    expect((await putArticle(id, { content: '第一个窗口的正文（已修改）' }, '"1"')).status).toBe(200);
    const before = await getArticle(id);

    const refused = await putArticle(id, { title: '第二个窗口的标题', content: '第二个窗口的正文' }, '"1"');
    expect(refused.status).toBe(412);
    expect(refused.headers.get('etag')).toBe('"2"');
    expect(refused.body).toMatchObject({ code: 412, msg: CHANGED_ELSEWHERE, error: 'precondition_failed' });
    expect(refused.body.data).toEqual(before.body.data);

    const after = await getArticle(id);
    expect(after.body.data).toEqual(before.body.data);
    expect(after.body.data).toMatchObject({ title: '原标题', content: '第一个窗口的正文（已修改）', revision: 2 });
  });

  it('accepts the fresh revision, a list holding it, and * for any live article', async () => {
    const id = await createArticle(api, token);
    expect((await putArticle(id, { summary: 'a' }, '"1"')).status).toBe(200);
    expect((await putArticle(id, { summary: 'b' }, '"7", "2"')).status).toBe(200);
    const any = await putArticle(id, { summary: 'c' }, '*');
    expect(any.status).toBe(200);
    expect(any.headers.get('etag')).toBe('"4"');
  });

  it('never matches a weak tag or a tag that is no revision, and refuses a malformed header with 400', async () => {
    const id = await createArticle(api, token);
    expect((await putArticle(id, { summary: 'x' }, 'W/"1"')).status).toBe(412);
    expect((await putArticle(id, { summary: 'x' }, '"abc"')).status).toBe(412);
    for (const header of ['1', '"1', '"1",', 'abc']) {
      const response = await putArticle(id, { summary: 'x' }, header);
      expect(response.status, header).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg: 'If-Match 请求头格式无效' });
    }
    expect((await getArticle(id)).body.data).toMatchObject({ summary: '介绍 React 18', revision: 1 });
  });

  it('keeps the legacy PUT without If-Match as it was: it overwrites whatever is current', async () => {
    const id = await createArticle(api, token);
    await putArticle(id, { title: '别处的修改' }, '"1"');
    const legacy = await putArticle(id, { title: '原版后台的保存' });
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ code: 0, msg: '更新成功', data: { title: '原版后台的保存', revision: 3 } });
  });

  it('lets exactly one of two saves based on the same revision win', async () => {
    const id = await createArticle(api, token);
    const results = await Promise.all([
      putArticle(id, { content: '窗口甲' }, '"1"'),
      putArticle(id, { content: '窗口乙' }, '"1"'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 412]);
    const winner = results.find((result) => result.status === 200);
    expect((await getArticle(id)).body.data).toMatchObject({
      content: (winner?.body.data as { content: string }).content,
      revision: 2,
    });
  });

  it('answers 404 for a binned article whatever If-Match says', async () => {
    const id = await createArticle(api, token);
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    expect((await putArticle(id, { title: 'x' }, '*')).status).toBe(404);
  });
});
