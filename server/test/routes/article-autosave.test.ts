import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectRealtime } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { createArticle, useArticleServer } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;

useArticleServer((started) => ({ server, api, token } = started));

/** What the editor holds after some typing: all six fields, tags as it shows them. */
const typed = (overrides: Record<string, unknown> = {}) => ({
  title: '写到一半的标题',
  category: '随笔',
  tags: 'React, 草稿',
  summary: '',
  cover: '',
  content: '还没写完的正文',
  base_revision: 1,
  ...overrides,
});

const autosavePath = (id: number) => `/api/admin/articles/${id}/autosave`;
const saveTyped = (id: number, json: unknown = typed()) => api<EnvelopeBody>('PUT', autosavePath(id), { token, json });
const detailOf = async (id: number) => (await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body;

/** Every file of the data directory with its size and modification time: what a write would change. */
async function filesOf(dir: string, prefix = ''): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory())
      for (const [inner, info] of await filesOf(path.join(dir, entry.name), `${name}/`)) files.set(inner, info);
    else {
      const info = await stat(path.join(dir, entry.name));
      files.set(name, `${info.size} ${info.mtimeMs}`);
    }
  }
  return files;
}

describe('PUT, GET and DELETE of an article autosave', () => {
  it('keeps the editor fields beside the article, shows them to the admin only, and discards them', async () => {
    const id = await createArticle(api, token, { title: '已发布的文章', content: '读者看到的正文' });
    const saved = await saveTyped(id);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 0, msg: '已自动保存' });
    const receipt = saved.body.data as { saved_at: string; base_revision: number };
    expect(receipt).toEqual({ saved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), base_revision: 1 });

    const detail = await detailOf(id);
    expect(detail.data).toMatchObject({ title: '已发布的文章', content: '读者看到的正文', has_autosave: true, revision: 1 });
    expect((detail.data as { autosave: unknown }).autosave).toEqual({
      title: '写到一半的标题',
      category: '随笔',
      tags: 'React,草稿',
      summary: '',
      cover: '',
      content: '还没写完的正文',
      saved_at: receipt.saved_at,
      base_revision: 1,
    });
    const list = await api<EnvelopeBody>('GET', '/api/admin/articles', { token });
    expect(list.body.data).toEqual([expect.objectContaining({ id, has_autosave: true })]);

    // Readers see the article as it was saved, never the unsaved work.
    const publicDetail = await api<EnvelopeBody>('GET', `/api/articles/${id}`);
    expect(publicDetail.body).toMatchObject({ title: '已发布的文章', content: '读者看到的正文' });
    expect(JSON.stringify(publicDetail.body)).not.toContain('写到一半');
    expect(await (await fetch(`${server.url}/api/articles?search=${encodeURIComponent('写到一半')}`)).json()).toMatchObject({
      total: 0,
    });
    expect(await (await fetch(`${server.url}/articles/${id}`)).text()).not.toContain('写到一半');

    const discarded = await api<EnvelopeBody>('DELETE', autosavePath(id), { token });
    expect(discarded.body).toMatchObject({ code: 0, msg: '已丢弃自动保存的内容' });
    expect((await detailOf(id)).data).toMatchObject({ has_autosave: false, autosave: null });
    // Discarding what is not there is not an error.
    expect((await api('DELETE', autosavePath(id), { token })).status).toBe(200);
  });

  it('costs one small file: the article index and every other file stay as they were, and nothing is announced', async () => {
    const id = await createArticle(api, token, { title: '自动保存的代价' });
    await saveTyped(id);
    await server.app.store.flush();
    const before = await filesOf(server.dataDir);
    const realtime = await connectRealtime(server.url);
    try {
      for (let save = 0; save < 3; save += 1) await saveTyped(id, typed({ content: `第 ${save} 次的正文` }));
      await server.app.store.flush();
      const after = await filesOf(server.dataDir);
      const changed = [...after].filter(([name, info]) => before.get(name) !== info).map(([name]) => name);
      expect(changed).toEqual([`autosaves/${id}.json`]);
      expect([...before.keys()].filter((name) => !after.has(name))).toEqual([]);
      expect(after.get('articles.json')).toBe(before.get('articles.json'));
      expect(Number(after.get(`autosaves/${id}.json`)?.split(' ')[0])).toBeLessThan(1024);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(realtime.events).toEqual([]);
    } finally {
      realtime.close();
    }
  });

  it('is cleared by a save that changes the fields, kept by one that changes only the status, and by a purge', async () => {
    const id = await createArticle(api, token, { title: '清除规则', status: 'draft' });
    await saveTyped(id);
    expect((await api('PUT', `/api/admin/articles/${id}`, { token, json: { status: 'published' } })).status).toBe(200);
    expect((await detailOf(id)).data).toMatchObject({ has_autosave: true });
    // The original client's save of the article as it is changes no field.
    const { autosave: _autosave, has_autosave: _has, ...whole } = (await detailOf(id)).data as Record<string, unknown>;
    await api('PUT', `/api/admin/articles/${id}`, { token, json: whole });
    expect((await detailOf(id)).data).toMatchObject({ has_autosave: true });

    const published = await api<EnvelopeBody>('PUT', `/api/admin/articles/${id}`, {
      token,
      json: { title: '写到一半的标题', content: '还没写完的正文' },
    });
    expect(published.body.data).toMatchObject({ title: '写到一半的标题', has_autosave: false, autosave: null });
    expect(await readdir(path.join(server.dataDir, 'autosaves'))).toEqual([]);

    await saveTyped(id, typed({ content: '再写一点' }));
    await api('DELETE', `/api/admin/articles/${id}`, { token });
    // Binned, it keeps its autosave for when it comes back; purged, the file goes with it.
    expect(await readdir(path.join(server.dataDir, 'autosaves'))).toEqual([`${id}.json`]);
    await api('DELETE', `/api/admin/recycle-bin/${id}`, { token });
    expect(await readdir(path.join(server.dataDir, 'autosaves'))).toEqual([]);
  });

  it('keeps nothing when the fields sent are the article as saved', async () => {
    const id = await createArticle(api, token, { title: '原样', content: '正文', category: '', tags: 'React', summary: '' });
    await saveTyped(id);
    const same = await saveTyped(id, typed({ title: '原样', content: '正文', category: '', tags: 'React', summary: '' }));
    expect(same.status).toBe(200);
    expect((await detailOf(id)).data).toMatchObject({ has_autosave: false, autosave: null });
  });

  it('refuses bad fields with 400 naming them, and missing or binned articles with 404, keeping nothing', async () => {
    const id = await createArticle(api, token, { title: '校验' });
    const cases: [Record<string, unknown>, string][] = [
      [typed({ title: 'x'.repeat(129) }), '标题不能超过128个字符'],
      [typed({ tags: 'C++' }), '标签格式不合法，只能包含中英文、数字、逗号、下划线、短横线'],
      [typed({ cover: 'javascript:alert(1)' }), '封面地址无效'],
      [typed({ base_revision: 0 }), 'base_revision 必须是正整数：编辑器开始编辑时文章的 revision'],
      [typed({ base_revision: undefined }), 'base_revision 必须是正整数：编辑器开始编辑时文章的 revision'],
      [typed({ content: undefined }), '自动保存需要全部六个字段：缺少 content'],
      [typed({ category: undefined }), '自动保存需要全部六个字段：缺少 category'],
    ];
    for (const [json, msg] of cases) {
      const response = await saveTyped(id, json);
      expect(response.status, msg).toBe(400);
      expect(response.body.msg).toBe(msg);
    }
    // While typing, the title and the body may be empty.
    expect((await saveTyped(id, typed({ title: '', content: '' }))).status).toBe(200);
    await api('DELETE', autosavePath(id), { token });

    await api('DELETE', `/api/admin/articles/${id}`, { token });
    for (const target of [id, 999_999]) {
      const response = await saveTyped(target);
      expect(response.status).toBe(404);
      expect(response.body.msg).toBe('文章不存在或已被删除');
    }
    expect(await readdir(path.join(server.dataDir, 'autosaves'))).toEqual([]);
    expect((await api('PUT', autosavePath(id), { json: typed() })).status).toBe(401);
  });
});
