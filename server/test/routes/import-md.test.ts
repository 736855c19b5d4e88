import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticleDetail, MarkdownImportSummary } from '@folio/shared';
import { connectRealtime, startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

type Upload = [filename: string, content: string | Uint8Array<ArrayBuffer>];

function form(files: readonly Upload[], field = 'files'): FormData {
  const body = new FormData();
  for (const [filename, content] of files) body.append(field, new Blob([content]), filename);
  return body;
}

const importFiles = (files: readonly Upload[], field?: string) =>
  api<EnvelopeBody & { data: MarkdownImportSummary }>('POST', '/api/admin/articles/import-md', {
    token,
    body: form(files, field),
  });

const readArticle = async (id: number) =>
  (await api<EnvelopeBody & { data: AdminArticleDetail }>('GET', `/api/admin/articles/${id}`, { token })).body.data;

/** Temp files left in the OS temp dir that still hold `marker` (the upload's bytes). */
async function leftoverUploads(marker: string): Promise<string[]> {
  const leftovers: string[] = [];
  for (const name of await readdir(tmpdir())) {
    const file = path.join(tmpdir(), name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || info.size > 2 * 1024 * 1024) continue;
    const content = await readFile(file, 'utf8').catch(() => '');
    if (content.includes(marker)) leftovers.push(file);
  }
  return leftovers;
}

describe('POST /api/admin/articles/import-md', () => {
  it('imports each file on its own, reports every skip reason and warning, and emits articles_updated', async () => {
    const existing = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '已经存在的文章', content: '旧正文' },
    });
    expect(existing.status).toBe(201);
    const marker = `marker-${Date.now()}`;
    const files: Upload[] = [
      [
        'react18.md',
        `---\ntitle: React 18 新特性\ndate: 2024-01-15\ncategories: [前端开发, 其他]\ntags: [React, JavaScript]\ndescription: 并发渲染与自动批处理\ncover: /uploads/react.png\n---\n\n## 并发渲染\n\nReact 18 引入了并发渲染。${marker}\n`,
      ],
      ['notes.md', `# 我的笔记\n\n第一段正文。\n\n# 第二个一级标题\n`],
      ['plain.markdown', '没有标题的正文。'],
      [
        'warnings.md',
        '---\ntitle: 带警告的文章\ndate: yesterday\ncategory: 后端开发\ntags: Go, C++, 并发\ncover: "javascript:alert(1)"\nsummary: 摘要\n---\n正文\n',
      ],
      ['zoned.md', '---\ntitle: 带时区的日期\ndate: 2024-03-01T08:30:00+08:00\n---\n正文'],
      ['no-zone.md', '---\ntitle: 不带时区的日期\ndate: 2024-03-01 08:30\n---\n正文'],
      ['crlf.md', '---\r\ntitle: Windows 换行\r\ntags:\r\n  - Git\r\n...\r\n正文第一行\r\n第二行\r\n'],
      ['bom.md', '\uFEFF# 带BOM的文章\n正文'],
      ['todo.txt', '# 不是Markdown'],
      ['big.md', `# 大文件\n${'x'.repeat(1024 * 1024)}`],
      ['gbk.md', new Uint8Array([0x23, 0x20, 0xd6, 0xd0, 0xce, 0xc4, 0x0a])],
      ['broken.md', '---\ntitle: [没有闭合\n---\n正文'],
      ['list.md', '---\n- a\n- b\n---\n正文'],
      ['unclosed.md', '---\ntitle: 没有结束行\n正文'],
      ['empty.md', '---\ntitle: 空文章\n---\n\n   \n'],
      ['duplicate.md', '---\ntitle: React 18 新特性\n---\n同一请求里的同名文章'],
      ['existing.md', '# 已经存在的文章\n新正文'],
      ['long-category.md', `---\ncategory: ${'类'.repeat(65)}\n---\n正文`],
    ];

    const realtime = await connectRealtime(server.url);
    let response;
    try {
      response = await importFiles(files);
      expect(response.status).toBe(200);
      const { data } = response.body;
      expect(await realtime.waitFor('articles_updated')).toEqual({ ids: data.imported_ids });
    } finally {
      realtime.close();
    }

    const { data } = response.body;
    expect(response.body).toMatchObject({ code: 0, msg: '成功导入8篇文章，跳过10个文件' });
    expect(data.imported_count).toBe(8);
    expect(data.skipped_count).toBe(10);
    expect(data.results.map((result) => [result.filename, result.status, result.reason ?? result.title])).toEqual([
      ['react18.md', 'imported', 'React 18 新特性'],
      ['notes.md', 'imported', '我的笔记'],
      ['plain.markdown', 'imported', 'plain'],
      ['warnings.md', 'imported', '带警告的文章'],
      ['zoned.md', 'imported', '带时区的日期'],
      ['no-zone.md', 'imported', '不带时区的日期'],
      ['crlf.md', 'imported', 'Windows 换行'],
      ['bom.md', 'imported', '带BOM的文章'],
      ['todo.txt', 'skipped', '不是Markdown文件'],
      ['big.md', 'skipped', '文件超过1MB'],
      ['gbk.md', 'skipped', '文件不是UTF-8编码'],
      ['broken.md', 'skipped', 'Front matter 解析失败'],
      ['list.md', 'skipped', 'Front matter 解析失败'],
      ['unclosed.md', 'skipped', 'Front matter 解析失败'],
      ['empty.md', 'skipped', '正文为空'],
      ['duplicate.md', 'skipped', '同名文章已存在'],
      ['existing.md', 'skipped', '同名文章已存在'],
      ['long-category.md', 'skipped', '分类不能超过64个字符'],
    ]);
    const imported = data.results.filter((result) => result.status === 'imported');
    expect(data.imported_ids).toEqual(imported.map((result) => result.id));
    expect(imported.find((result) => result.filename === 'react18.md')?.warnings).toEqual([]);
    expect(
      imported
        .find((result) => result.filename === 'warnings.md')
        ?.warnings?.slice()
        .sort(),
    ).toEqual(['标签 "C++" 含非法字符，已忽略', '封面地址无效，已忽略', '日期格式无效，已忽略'].sort());
    expect(data.results.find((result) => result.filename === 'todo.txt')).toEqual({
      filename: 'todo.txt',
      status: 'skipped',
      reason: '不是Markdown文件',
    });

    const [react, notes, plain, warned, zoned, noZone, crlf, bom] = await Promise.all(data.imported_ids.map(readArticle));
    expect(react).toMatchObject({
      title: 'React 18 新特性',
      category: '前端开发',
      tags: 'React,JavaScript',
      summary: '并发渲染与自动批处理',
      cover: '/uploads/react.png',
      created_at: '2024-01-15T00:00:00Z',
      updated_at: '2024-01-15T00:00:00Z',
    });
    expect(react?.content).toBe(`## 并发渲染\n\nReact 18 引入了并发渲染。${marker}`);
    expect(notes).toMatchObject({ title: '我的笔记', content: '第一段正文。\n\n# 第二个一级标题', category: '', tags: '' });
    expect(plain).toMatchObject({ title: 'plain', content: '没有标题的正文。' });
    expect(warned).toMatchObject({ category: '后端开发', tags: 'Go,并发', cover: '', summary: '摘要' });
    expect(warned?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(warned?.created_at).not.toBe('2024-01-15T00:00:00Z');
    expect(zoned?.created_at).toBe('2024-03-01T00:30:00Z');
    expect(noZone?.created_at).toBe('2024-03-01T08:30:00Z');
    expect(crlf).toMatchObject({ tags: 'Git', content: '正文第一行\n第二行' });
    expect(bom).toMatchObject({ title: '带BOM的文章', content: '正文' });

    expect(await leftoverUploads(marker)).toEqual([]);
  });

  it('answers a request that imports nothing with 200 and code 0, and emits no event for it', async () => {
    const realtime = await connectRealtime(server.url);
    try {
      const nothing = await importFiles([['readme.txt', 'hello']]);
      expect(nothing.status).toBe(200);
      expect(nothing.body).toMatchObject({
        code: 0,
        msg: '成功导入0篇文章，跳过1个文件',
        data: { imported_count: 0, imported_ids: [] },
      });

      const one = await importFiles([['single.md', '# 单独导入\n正文']]);
      expect(one.body.msg).toBe('成功导入1篇文章');
      await realtime.waitFor('articles_updated');
      // Events arrive in order on one socket: only the second request's event is there.
      expect(realtime.events.filter((event) => event.name === 'articles_updated')).toEqual([
        { name: 'articles_updated', payload: { ids: one.body.data.imported_ids } },
      ]);
    } finally {
      realtime.close();
    }
  });

  it('refuses a request without files with 400 未上传文件', async () => {
    const onlyText = new FormData();
    onlyText.append('note', 'no files here');
    const cases = [
      await api<EnvelopeBody>('POST', '/api/admin/articles/import-md', { token, body: onlyText }),
      await importFiles([['a.md', '# A\nB']], 'file'),
      await api<EnvelopeBody>('POST', '/api/admin/articles/import-md', { token, json: { files: [] } }),
    ];
    for (const response of cases) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg: '未上传文件' });
    }
  });

  it('refuses more than 50 files or more than 10 MB with 413 请求体过大', async () => {
    const marker = `too-many-${Date.now()}`;
    const tooMany: Upload[] = Array.from({ length: 51 }, (_, index) => [`f${index}.md`, `# 第${index}篇${marker}\n正文`]);
    const many = await importFiles(tooMany);
    expect(many.status).toBe(413);
    expect(many.body).toMatchObject({ code: 1, msg: '请求体过大', error: 'payload_too_large' });

    const tooBig: Upload[] = Array.from({ length: 6 }, (_, index) => [`big${index}.md`, 'x'.repeat(1900 * 1024)]);
    const big = await importFiles(tooBig);
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('请求体过大');

    const titles = (
      (await api<EnvelopeBody>('GET', '/api/admin/articles?per_page=100', { token })).body.data as { title: string }[]
    ).map((a) => a.title);
    expect(titles).not.toContain(`第0篇${marker}`);
    expect(await leftoverUploads(marker)).toEqual([]);
  });

  it('requires the admin token', async () => {
    const response = await api<EnvelopeBody>('POST', '/api/admin/articles/import-md', { body: form([['a.md', '# A\nB']]) });
    expect(response).toMatchObject({ status: 401, body: { msg: 'Token不存在' } });
  });
});
