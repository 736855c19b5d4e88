import { describe, expect, it } from 'vitest';
import type { AdminArticleDetail, ArticleRevision, ArticleRevisionListItem } from '@folio/shared';
import { connectRealtime } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, useArticleServer } from './articles.fixtures.js';
import type { Api, ArticleInput } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

const fromSource = (source: string | undefined): Record<string, string> => (source ? { 'X-Folio-Source': source } : {});

async function save(id: number, json: Partial<ArticleInput>, source?: string, headers: Record<string, string> = {}) {
  return api<EnvelopeBody & { data: AdminArticleDetail }>('PUT', `/api/admin/articles/${id}`, {
    token,
    json,
    headers: { ...fromSource(source), ...headers },
  });
}

async function saved(id: number, json: Partial<ArticleInput>, source?: string): Promise<AdminArticleDetail> {
  const response = await save(id, json, source);
  expect(response.status).toBe(200);
  return response.body.data;
}

const detail = async (id: number) =>
  (await api<EnvelopeBody & { data: AdminArticleDetail }>('GET', `/api/admin/articles/${id}`, { token })).body.data;

async function history(id: number): Promise<ArticleRevisionListItem[]> {
  const response = await api<EnvelopeBody & { data: ArticleRevisionListItem[] }>('GET', `/api/admin/articles/${id}/revisions`, {
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

const versionAt = (id: number, revision: number | string) =>
  api<EnvelopeBody & { data: ArticleRevision }>('GET', `/api/admin/articles/${id}/revisions/${revision}`, { token });

const restore = (id: number, revision: number, headers: Record<string, string> = {}) =>
  api<EnvelopeBody & { data: AdminArticleDetail }>('POST', `/api/admin/articles/${id}/revisions/${revision}/restore`, {
    token,
    headers,
  });

/** An article written by the desktop at revision 1, retitled in the browser (2), rewritten by AI (3) and by a client that names none (4). */
async function articleWithFourVersions() {
  const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
    token,
    json: { title: '第一版', content: '第一版正文', tags: 'a,b', summary: '摘要一' },
    headers: fromSource('desktop'),
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const first = await detail(id);
  const second = await saved(id, { title: '第二版' }, 'browser');
  const third = await saved(id, { content: 'AI 改写的正文，长一些' }, 'ai');
  const fourth = await saved(id, { tags: 'c', cover: '/uploads/cover.png' });
  return { id, first, second, third, fourth };
}

describe('GET /api/admin/articles/:id/revisions', () => {
  it('lists the versions each change replaced, newest first, with the revision, time and writer of each', async () => {
    const { id, first, second, third, fourth } = await articleWithFourVersions();
    expect(fourth.revision).toBe(4);
    expect(await history(id)).toEqual([
      { revision: 3, saved_at: third.updated_at, source: 'ai', title: '第二版', body_length: 'AI 改写的正文，长一些'.length },
      { revision: 2, saved_at: second.updated_at, source: 'browser', title: '第二版', body_length: 5 },
      { revision: 1, saved_at: first.updated_at, source: 'desktop', title: '第一版', body_length: 5 },
    ]);
    // The current version's writer shows once a change replaces it.
    await saved(id, { title: '第五版' }, 'desktop');
    expect((await history(id))[0]).toMatchObject({ revision: 4, source: 'api', title: '第二版' });
  });

  it('adds no version for a save that changes no field, for the recycle bin and its restore, or for views', async () => {
    const { id } = await articleWithFourVersions();
    const before = await history(id);
    const unchanged = await saved(id, { title: '第二版', content: 'AI 改写的正文，长一些', tags: 'c' }, 'browser');
    expect(unchanged.revision).toBe(5);
    expect((await api('DELETE', `/api/admin/articles/${id}`, { token })).status).toBe(200);
    expect((await api('POST', `/api/admin/recycle-bin/${id}/restore`, { token })).status).toBe(200);
    expect((await api('GET', `/api/articles/${id}`)).status).toBe(200);
    expect(await history(id)).toEqual(before);
    // The version current since revision 4 is still the one a change replaces, with its writer.
    await saved(id, { summary: '新摘要' }, 'browser');
    expect((await history(id))[0]).toMatchObject({ revision: 4, source: 'api' });
  });

  it('is empty for a new article and 404 for a missing or binned one', async () => {
    const id = await createArticle(api, token);
    expect(await history(id)).toEqual([]);
    expect((await api('DELETE', `/api/admin/articles/${id}`, { token })).status).toBe(200);
    for (const path of [`/api/admin/articles/${id}/revisions`, '/api/admin/articles/999999/revisions']) {
      const response = await api<EnvelopeBody>('GET', path, { token });
      expect(response.status, path).toBe(404);
      expect(response.body.msg).toBe('文章不存在或已被删除');
    }
    expect((await api('GET', `/api/admin/articles/1/revisions`)).status).toBe(401);
  });
});

describe('GET /api/admin/articles/:id/revisions/:revision', () => {
  it('answers the version that was current at that revision: a kept one, or the article itself', async () => {
    const { id, first, third, fourth } = await articleWithFourVersions();
    // Revisions 5 and 6 move the article to the bin and back: the fields stay those of revision 4.
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    await api('POST', `/api/admin/recycle-bin/${id}/restore`, { token });
    const oldest = await versionAt(id, 1);
    expect(oldest.status).toBe(200);
    expect(oldest.body.data).toEqual({
      revision: 1,
      saved_at: first.updated_at,
      source: 'desktop',
      title: '第一版',
      category: '',
      tags: 'a,b',
      summary: '摘要一',
      cover: '',
      content: '第一版正文',
    });
    expect((await versionAt(id, 3)).body.data).toMatchObject({ revision: 3, source: 'ai', saved_at: third.updated_at });
    for (const revision of [4, 5, 6]) {
      const current = await versionAt(id, revision);
      expect(current.status, `revision ${revision}`).toBe(200);
      expect(current.body.data).toEqual({
        revision: 4,
        saved_at: fourth.updated_at,
        source: 'api',
        title: '第二版',
        category: '',
        tags: 'c',
        summary: '摘要一',
        cover: '/uploads/cover.png',
        content: 'AI 改写的正文，长一些',
      });
    }
  });

  it('is 404 for a revision the article has not reached and for a path that is no revision', async () => {
    const { id } = await articleWithFourVersions();
    for (const revision of ['5', '0', 'abc', '-1']) {
      const response = await versionAt(id, revision);
      expect(response.status, revision).toBe(404);
      expect(response.body.msg).toBe('该版本不存在或已超出保留范围');
    }
  });
});

describe('POST /api/admin/articles/:id/revisions/:revision/restore', () => {
  it('makes the version current again as a new change that keeps the one it replaces, and tells open pages', async () => {
    const { id, fourth } = await articleWithFourVersions();
    const realtime = await connectRealtime(server.url);
    try {
      const response = await restore(id, 1, { 'If-Match': `"${fourth.revision}"`, 'X-Folio-Source': 'browser' });
      expect(response.status).toBe(200);
      expect(response.body.msg).toBe('已恢复到所选版本');
      expect(response.body.data).toMatchObject({
        id,
        revision: 5,
        title: '第一版',
        tags: 'a,b',
        cover: '',
        content: '第一版正文',
      });
      expect(response.headers.get('etag')).toBe('"5"');
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [id] });
    } finally {
      realtime.close();
    }
    expect(await detail(id)).toMatchObject({ title: '第一版', content: '第一版正文', revision: 5 });
    expect((await api<EnvelopeBody>('GET', `/api/articles/${id}`)).body.data).toMatchObject({ content: '第一版正文' });
    const list = await history(id);
    expect(list.map((version) => [version.revision, version.source, version.title])).toEqual([
      [4, 'api', '第二版'],
      [3, 'ai', '第二版'],
      [2, 'browser', '第二版'],
      [1, 'desktop', '第一版'],
    ]);
    // The restore is itself a version, written by the browser, once something replaces it.
    await saved(id, { title: '之后' });
    expect((await history(id))[0]).toMatchObject({ revision: 5, source: 'browser', title: '第一版' });
  });

  it('refuses a stale If-Match with 412 and the current copy, and an unknown revision with 404, changing nothing', async () => {
    const { id, fourth } = await articleWithFourVersions();
    const before = await history(id);
    const stale = await restore(id, 1, { 'If-Match': '"3"' });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 412, data: { revision: fourth.revision, title: '第二版' } });
    const unknown = await restore(id, 9, { 'If-Match': `"${fourth.revision}"` });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('该版本不存在或已超出保留范围');
    expect(await detail(id)).toMatchObject({ revision: fourth.revision, title: '第二版' });
    expect(await history(id)).toEqual(before);
  });
});

describe('a restore and the rest of the article', () => {
  it('discards the autosave when it changes the fields, as a save does, and answers the detail with what is left', async () => {
    const { id, fourth } = await articleWithFourVersions();
    const autosave = { title: '没保存的标题', category: '', tags: '', summary: '', cover: '', content: '没保存的正文' };
    const kept = await api('PUT', `/api/admin/articles/${id}/autosave`, {
      token,
      json: { ...autosave, base_revision: fourth.revision },
    });
    expect(kept.status).toBe(200);
    expect(await detail(id)).toMatchObject({ autosave: { title: '没保存的标题' } });
    // Restoring the current version changes no field: the autosave stays, and the answer says so.
    const same = await restore(id, fourth.revision);
    expect(same.body.data).toMatchObject({
      revision: fourth.revision + 1,
      has_autosave: true,
      autosave: { title: '没保存的标题' },
    });
    const restored = await restore(id, 1);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ title: '第一版', autosave: null, has_autosave: false });
    expect(await detail(id)).toMatchObject({ autosave: null });
  });

  it('keeps a draft a draft and tells visitors nothing about it', async () => {
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '草稿', content: '第一版', status: 'draft' },
    });
    const id = created.body.id as number;
    await saved(id, { content: '第二版' });
    const realtime = await connectRealtime(server.url);
    try {
      const restored = await restore(id, 1);
      expect(restored.body.data).toMatchObject({ content: '第一版', status: 'draft', publish_at: null });
      // A published article's restore is heard at once (above); a draft's never is.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(realtime.events.filter((event) => event.name === 'articles_updated')).toEqual([]);
    } finally {
      realtime.close();
    }
    expect((await api('GET', `/api/articles/${id}`)).status).toBe(404);
  });
});

describe('X-Folio-Source', () => {
  it('refuses a value that names no client with 400, on a create, a save and a restore, changing nothing', async () => {
    const { id, fourth } = await articleWithFourVersions();
    const message = '请求头 X-Folio-Source 无效：只能是 browser、desktop、import、ai 或 api';
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '不该创建', content: '正文' },
      headers: { 'X-Folio-Source': 'mobile' },
    });
    expect(created.status).toBe(400);
    expect(created.body.msg).toBe(message);
    for (const response of [
      await save(id, { title: '不该保存' }, 'browser, desktop'),
      await restore(id, 1, { 'X-Folio-Source': '' }),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe(message);
    }
    expect(await detail(id)).toMatchObject({ revision: fourth.revision, title: '第二版' });
    const list = await api<EnvelopeBody>('GET', '/api/admin/articles', { token });
    expect((list.body.data as { title: string }[]).map((article) => article.title)).toEqual(['第二版']);
  });

  it('takes a known value in any letter case and with spaces around it', async () => {
    const id = await createArticle(api, token);
    await saved(id, { title: '桌面版改的' }, ' Desktop ');
    await saved(id, { title: '再改' });
    expect((await history(id))[0]).toMatchObject({ revision: 2, source: 'desktop' });
  });
});

describe('imports write versions from the source `import`', () => {
  it('marks an article imported from Markdown as written by import', async () => {
    const body = new FormData();
    body.append('files', new Blob(['---\ntitle: 导入的文章\n---\n导入的正文']), 'imported.md');
    const imported = await api<EnvelopeBody & { data: { imported_ids: number[] } }>('POST', '/api/admin/articles/import-md', {
      token,
      body,
    });
    const [id] = imported.body.data.imported_ids;
    if (id === undefined) throw new Error('nothing imported');
    await saved(id, { content: '改过的正文' }, 'browser');
    expect(await history(id)).toMatchObject([{ revision: 1, source: 'import', title: '导入的文章', body_length: 5 }]);
  });

  it('keeps the version a backup import overwrites, and the backup carries no history', async () => {
    const { id } = await articleWithFourVersions();
    const exported = await api<EnvelopeBody & { data: { articles: Array<Record<string, unknown>> } }>(
      'GET',
      '/api/admin/export',
      {
        token,
      },
    );
    const backup = exported.body.data;
    expect(JSON.stringify(backup)).not.toMatch(/revisions|fields_source|fields_revision|第一版正文/);
    const [article] = backup.articles;
    if (!article) throw new Error('no article exported');
    article.content = '备份里的正文';
    expect((await api('POST', '/api/admin/import', { token, json: backup })).status).toBe(200);
    const afterImport = await detail(id);
    expect(afterImport).toMatchObject({ revision: 5, content: '备份里的正文' });
    expect((await history(id)).map((version) => [version.revision, version.source])).toEqual([
      [4, 'api'],
      [3, 'ai'],
      [2, 'browser'],
      [1, 'desktop'],
    ]);
    // The same backup again changes no field: no version, and the current one is still the import's.
    expect((await api('POST', '/api/admin/import', { token, json: backup })).status).toBe(200);
    expect(await history(id)).toHaveLength(4);
    await saved(id, { title: '导入之后' });
    expect((await history(id))[0]).toMatchObject({ revision: 5, source: 'import', body_length: 6 });
  });
});
