import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, connectRealtime, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { snapshotDir } from '../fixtures/backup.js';
import { buildImage, imageForm } from '../fixtures/images.js';

const LEGACY_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/legacy-backup.json');
const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

async function freshServer(): Promise<{ server: TestServer; api: ReturnType<typeof apiClient>; token: string }> {
  const server = await startTestServer();
  return { server, api: apiClient(server.url), token: await server.login() };
}

function fileEntry(bytes: Buffer) {
  return { content_type: 'image/png', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), base64: bytes.toString('base64') };
}

const article = (id: number, overrides: Record<string, unknown> = {}) => ({ id, title: `文章${id}`, content: `正文${id}`, ...overrides });

describe('import of the original (legacy) format', () => {
  let ctx: Awaited<ReturnType<typeof freshServer>>;
  beforeAll(async () => {
    ctx = await freshServer();
  });
  afterAll(() => ctx.server.close());

  it('imports the example of API 15, converting dates, nulls and missing sort_order, and emits one event per section', async () => {
    const { api, token, server } = ctx;
    const realtime = await connectRealtime(server.url);
    const legacy = JSON.parse(await readFile(LEGACY_FIXTURE, 'utf8')) as unknown;
    const response = await api<EnvelopeBody>('POST', '/api/admin/import', { token, json: legacy });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      code: 0,
      msg: '导入成功',
      data: {
        format: 'legacy',
        counts: { site_blocks: 2, skills: 2, contacts: 2, avatars: 1, articles: 1, comments: 0 },
        warnings: ['avatars[0]: 文件 9f3c0e6b1d2a4c5e8f7a6b5c4d3e2f1a.png 不存在'],
      },
    });

    try {
      for (const name of ['site_block_updated', 'skills_updated', 'contacts_updated', 'avatars_updated']) {
        await expect(realtime.waitFor(name)).resolves.toBeUndefined();
      }
      await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [] });
      // Events arrive in order on one socket: once this later one is in, an earlier
      // comments_updated would have been too.
      await api('POST', '/api/admin/skills', { token, json: { name: 'marker' } });
      await realtime.waitFor('skills_updated');
      expect(realtime.events.map((event) => event.name)).not.toContain('comments_updated');
    } finally {
      realtime.close();
    }

    const skills = (await api<EnvelopeBody>('GET', '/api/admin/skills', { token })).body.data as Record<string, unknown>[];
    expect(skills.slice(0, 2)).toEqual([
      { id: 1, name: 'Python', description: '', level: 90, sort_order: 0, created_at: '2025-08-10T09:07:06Z', updated_at: '2025-08-11T10:00:00Z' },
      { id: 3, name: 'Go', description: '并发', level: 0, sort_order: 1, created_at: '2025-08-09T01:02:03Z', updated_at: '2025-08-09T01:02:03Z' },
    ]);
    expect(skills[2]).toMatchObject({ name: 'marker', id: 4 });

    const blocks = (await api<EnvelopeBody>('GET', '/api/site-blocks')).body.data as Record<string, unknown>[];
    expect(blocks.find((block) => block.name === 'home')).toMatchObject({
      content: { title: 'HandyWote', desc: '全栈开发者' },
      title: 'HandyWote',
      updated_at: '2025-08-10T09:07:06Z',
    });
    const about = blocks.find((block) => block.name === 'about');
    expect(about).toMatchObject({ content: { education_background: '<p>本科</p>', hobbies: '' } });
    expect(about?.updated_at).toMatch(ISO_SECONDS);

    expect((await api<EnvelopeBody>('GET', '/api/contacts')).body.data).toEqual([
      { id: 1, type: 'email', value: 'handy@example.com', sort_order: 0 },
      { id: 2, type: 'wechat', value: 'handywote', sort_order: 1 },
    ]);
    expect((await api<EnvelopeBody>('GET', '/api/admin/avatars', { token })).body.data).toEqual([
      {
        id: 2,
        filename: '9f3c0e6b1d2a4c5e8f7a6b5c4d3e2f1a.png',
        url: '/uploads/9f3c0e6b1d2a4c5e8f7a6b5c4d3e2f1a.png',
        is_current: true,
        sort_order: 0,
        uploaded_at: '2025-08-10T09:07:06Z',
        cropped_info: null,
      },
    ]);
    expect((await api<EnvelopeBody>('GET', '/api/admin/articles/1', { token })).body.data).toEqual({
      id: 1,
      title: 'Hello World',
      category: '前端开发',
      tags: 'React,JavaScript',
      cover: '',
      summary: '',
      content: '# Hello\n\n第一篇文章',
      views: 0,
      comment_count: 0,
      created_at: '2025-08-10T09:07:06Z',
      updated_at: '2025-08-10T09:07:06Z',
    });
  });

  it('leaves a migrated file that is not a supported image out of the export, which then imports with a warning', async () => {
    const filename = '9f3c0e6b1d2a4c5e8f7a6b5c4d3e2f1a.png';
    // A BMP header: the original server accepted BMP, we do not.
    await writeFile(path.join(ctx.server.dataDir, 'uploads', filename), Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]));
    const exported = await ctx.api<EnvelopeBody>('GET', '/api/admin/export', { token: ctx.token });
    expect((exported.body.data as { files: Record<string, unknown> }).files).toEqual({});

    const other = await freshServer();
    try {
      const response = await other.api<EnvelopeBody>('POST', '/api/admin/import', { token: other.token, json: exported.body.data });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ format: 'v2', warnings: [`avatars[0]: 文件 ${filename} 不存在`] });
    } finally {
      await other.server.close();
    }
  });

  it('accepts the backup wrapped as { data: … }', async () => {
    const legacy = JSON.parse(await readFile(LEGACY_FIXTURE, 'utf8')) as unknown;
    const response = await ctx.api<EnvelopeBody>('POST', '/api/admin/import', { token: ctx.token, json: { data: legacy } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ format: 'legacy', counts: { articles: 1 } });
  });
});

describe('upsert semantics', () => {
  let ctx: Awaited<ReturnType<typeof freshServer>>;
  beforeAll(async () => {
    ctx = await freshServer();
  });
  afterAll(() => ctx.server.close());

  it('overwrites rows with the same key, creates the others, keeps the rest and raises next ids', async () => {
    const { api, token } = ctx;
    const first = (await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: 'A' } })).body.id as number;
    const second = (await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: 'B' } })).body.id as number;
    await api('PUT', '/api/admin/site-blocks', { token, json: { blocks: [{ name: 'home', content: { title: '旧', subtitle: '旧副标题' } }] } });
    const live = (await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title: '在线', content: '旧正文' } })).body.id as number;
    const binned = (await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title: '回收站', content: '旧' } })).body.id as number;
    await api('DELETE', `/api/admin/articles/${binned}`, { token });
    await api('GET', `/api/articles/${live}`);
    await api('GET', `/api/articles/${live}`);
    const comment = (await api<EnvelopeBody>('POST', `/api/articles/${live}/comments`, { json: { author: '甲', content: '旧评论' }, headers: { 'User-Agent': 'agent-x' } })).body.id as number;

    const response = await api<EnvelopeBody>('POST', '/api/admin/import', {
      token,
      json: {
        version: 2,
        site_blocks: [{ name: 'home', content: { title: '新' } }],
        skills: [
          { id: second, name: 'B2', level: 60, sort_order: 0 },
          { id: 10, name: 'C', sort_order: 2 },
        ],
        articles: [article(live, { title: '在线新' }), article(binned, { title: '复活', views: 7 })],
        comments: [{ id: comment, article_id: live, author: '乙', content: '新评论' }],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ format: 'v2', counts: { site_blocks: 1, skills: 2, articles: 2, comments: 1, contacts: 0, avatars: 0 } });

    const skills = (await api<EnvelopeBody>('GET', '/api/skills')).body.data as { id: number; name: string; sort_order: number }[];
    expect(skills.map((skill) => [skill.id, skill.name, skill.sort_order])).toEqual([
      [second, 'B2', 0],
      [first, 'A', 1],
      [10, 'C', 2],
    ]);
    expect((await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: 'D' } })).body.id).toBe(11);

    const home = ((await api<EnvelopeBody>('GET', '/api/site-blocks')).body.data as { name: string; content: unknown }[]).find((block) => block.name === 'home');
    expect(home?.content).toEqual({ title: '新' });

    const liveDetail = (await api<EnvelopeBody>('GET', `/api/admin/articles/${live}`, { token })).body.data;
    expect(liveDetail).toMatchObject({ title: '在线新', content: `正文${live}`, views: 2 });
    const revived = (await api<EnvelopeBody>('GET', `/api/admin/articles/${binned}`, { token })).body.data;
    expect(revived).toMatchObject({ title: '复活', views: 7 });
    expect((await api<EnvelopeBody>('GET', '/api/admin/recycle-bin', { token })).body.data).toEqual([]);

    const comments = (await api<EnvelopeBody>('GET', '/api/admin/comments', { token })).body.data as { comments: Record<string, unknown>[] };
    expect(comments.comments).toEqual([expect.objectContaining({ id: comment, author: '乙', content: '新评论', user_agent: 'agent-x' })]);
  });

  it('re-establishes the avatar rule: the latest current wins, or the first in order when none is current', async () => {
    const { api, token } = ctx;
    const avatar = (uploaded: string, id: number, isCurrent: boolean, sortOrder?: number) => ({
      id,
      filename: `${'a'.repeat(31)}${id}.png`,
      is_current: isCurrent,
      uploaded_at: uploaded,
      ...(sortOrder === undefined ? {} : { sort_order: sortOrder }),
    });
    await api('POST', '/api/admin/import', {
      token,
      json: { avatars: [avatar('2024-01-01T00:00:00Z', 5, true), avatar('2025-01-01T00:00:00Z', 6, true), avatar('2023-01-01T00:00:00Z', 7, false)] },
    });
    const list = async () =>
      ((await api<EnvelopeBody>('GET', '/api/avatars')).body.data as { id: number; is_current: boolean; sort_order: number }[]).map((item) => [
        item.id,
        item.is_current,
        item.sort_order,
      ]);
    expect(await list()).toEqual([
      [6, true, 0],
      [5, false, 1],
      [7, false, 2],
    ]);

    await api('POST', '/api/admin/import', {
      token,
      json: { avatars: [avatar('2023-01-01T00:00:00Z', 7, false, 0), avatar('2025-01-01T00:00:00Z', 6, false, 5)] },
    });
    expect(await list()).toEqual([
      [7, true, 0],
      [5, false, 1],
      [6, false, 2],
    ]);
  });
});

describe('validation: a broken backup changes nothing', () => {
  let ctx: Awaited<ReturnType<typeof freshServer>>;
  let existingUpload: string;
  beforeAll(async () => {
    ctx = await freshServer();
    const uploaded = await ctx.api<EnvelopeBody>('POST', '/api/admin/avatars', { token: ctx.token, body: imageForm(buildImage('png')) });
    existingUpload = (uploaded.body.data as { filename: string }).filename;
    await ctx.api('POST', '/api/admin/skills', { token: ctx.token, json: { name: '原有' } });
    await ctx.api('POST', '/api/admin/articles', { token: ctx.token, json: { title: '原有文章', content: '正文' } });
  });
  afterAll(() => ctx.server.close());

  async function expectRejected(json: unknown, msg: string, firstError?: { field: string; msg: string }): Promise<EnvelopeBody> {
    const before = await snapshotDir(ctx.server.dataDir);
    const response = await ctx.api<EnvelopeBody>('POST', '/api/admin/import', { token: ctx.token, json });
    expect(response.status, msg).toBe(400);
    expect(response.body).toMatchObject({ code: 1, msg });
    if (firstError) expect((response.body.data as { errors: unknown[] }).errors[0]).toEqual(firstError);
    expect(await snapshotDir(ctx.server.dataDir)).toEqual(before);
    return response.body;
  }

  it('rejects one bad article deep in the list, naming it, with valid sections alongside', async () => {
    const articles = [1, 2, 3, 4, 5].map((id) => article(100 + id));
    articles[3] = article(104, { title: '   ' });
    await expectRejected({ skills: [{ id: 50, name: '新技能' }], articles }, '导入数据格式错误：articles[3].title 不能为空', {
      field: 'articles[3].title',
      msg: '不能为空',
    });
  });

  it('rejects a file whose sha256 does not match, leaving uploads/ as it was', async () => {
    const bytes = buildImage('png');
    const entry = { ...fileEntry(bytes), sha256: '0'.repeat(64) };
    await expectRejected(
      { avatars: [{ id: 9, filename: 'b'.repeat(32) + '.png' }], files: { [`${'b'.repeat(32)}.png`]: entry } },
      `导入数据格式错误：files.${'b'.repeat(32)}.png.sha256 sha256 校验失败`,
    );
    await expectRejected(
      { avatars: [{ id: 9, filename: existingUpload }], files: { [existingUpload]: { ...fileEntry(bytes), size: 3 } } },
      `导入数据格式错误：files.${existingUpload}.size 文件大小与 size 不一致`,
    );
  });

  it('reports each kind of problem with its field path', async () => {
    const text = Buffer.from('not an image at all, just text');
    const cases: [unknown, string][] = [
      [{}, '导入数据格式错误：未找到可导入的数据'],
      [{ data: { hello: 1 } }, '导入数据格式错误：未找到可导入的数据'],
      [[1, 2], '导入数据格式错误：未找到可导入的数据'],
      [{ skills: 'Python' }, '导入数据格式错误：skills 必须是数组'],
      [{ skills: [{ id: 1, name: 'Go', level: 101 }] }, '导入数据格式错误：skills[0].level 必须是0到100之间的整数'],
      [{ skills: [{ id: 0, name: 'Go' }] }, '导入数据格式错误：skills[0].id 必须是正整数'],
      [{ skills: [{ id: 1, name: 'A' }, { id: 1, name: 'B' }] }, '导入数据格式错误：skills[1].id 重复'],
      [{ contacts: [{ id: 1, type: 'E MAIL', value: 'x' }] }, '导入数据格式错误：contacts[0].type 联系方式类型无效'],
      [{ site_blocks: [{ name: 'home', content: 'x' }] }, '导入数据格式错误：site_blocks[0].content 必须是对象'],
      [{ avatars: [{ id: 1, filename: '../meta.json' }] }, '导入数据格式错误：avatars[0].filename 文件名无效'],
      [{ articles: [article(1, { created_at: 'yesterday' })] }, '导入数据格式错误：articles[0].created_at 日期格式无效'],
      [{ articles: [article(1, { cover: 'javascript:alert(1)' })] }, '导入数据格式错误：articles[0].cover 封面地址无效'],
      [{ comments: [{ id: 1, article_id: 999, author: 'a', content: 'b' }] }, '导入数据格式错误：comments[0].article_id 对应的文章不存在'],
      [{ version: 3, skills: [] }, '导入数据格式错误：version 不支持的备份版本'],
      [{ skills: [], files: { 'x.png': { ...fileEntry(text) } } }, '导入数据格式错误：files.x.png 不是支持的图片格式'],
      [{ skills: [], files: { 'x.png': { ...fileEntry(text), base64: '@@@' } } }, '导入数据格式错误：files.x.png.base64 base64 内容无效'],
    ];
    for (const [json, msg] of cases) await expectRejected(json, msg);
  });

  it('lists at most 50 problems', async () => {
    const skills = Array.from({ length: 60 }, (_, index) => ({ id: index + 1, name: '' }));
    const body = await expectRejected({ skills }, '导入数据格式错误：skills[0].name 不能为空');
    expect((body.data as { errors: unknown[] }).errors).toHaveLength(50);
    expect(body.error).toBe('validation_failed');
  });

  it('requires a token and a JSON body', async () => {
    const { api, token } = ctx;
    expect((await api('POST', '/api/admin/import', { json: { skills: [] } })).status).toBe(401);
    const wrongType = await api<EnvelopeBody>('POST', '/api/admin/import', { token, body: '{"skills":[]}', headers: { 'Content-Type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ code: 1, msg: '请选择JSON格式的文件' });
    const malformed = await api<EnvelopeBody>('POST', '/api/admin/import', { token, body: '{"skills": [', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('请求体不是合法的JSON');
  });

  it('refuses a body over 200 MB from its declared length, before reading it', async () => {
    const { hostname, port } = new URL(ctx.server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({
        hostname,
        port,
        path: '/api/admin/import',
        method: 'POST',
        headers: { Authorization: `Bearer ${ctx.token}`, 'Content-Type': 'application/json', 'Content-Length': 200 * 1024 * 1024 + 1 },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: text });
        });
      });
      req.on('error', reject);
      req.write('{"skills":[');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 1, msg: '请求体过大', error: 'payload_too_large' });
  });

  it('removes the files it wrote and restores a replaced one when the commit fails', async () => {
    const { api, token, server } = ctx;
    // A directory where the new article's body file must go makes the body write fail.
    await mkdir(path.join(server.dataDir, 'article-bodies', '777-1.md'));
    const before = await snapshotDir(server.dataDir);
    const replacement = buildImage('png');
    const response = await api<EnvelopeBody>('POST', '/api/admin/import', {
      token,
      json: {
        avatars: [{ id: 70, filename: 'c'.repeat(32) + '.png' }, { id: 71, filename: existingUpload }],
        articles: [article(777)],
        files: { [`${'c'.repeat(32)}.png`]: fileEntry(buildImage('png')), [existingUpload]: fileEntry(replacement) },
      },
    });
    expect(response.status).toBe(500);
    expect(await snapshotDir(server.dataDir)).toEqual(before);
    expect((await api<EnvelopeBody>('GET', '/api/admin/avatars', { token })).body.data).toHaveLength(1);
  });
});

describe('one import at a time', () => {
  let ctx: Awaited<ReturnType<typeof freshServer>>;
  beforeAll(async () => {
    ctx = await freshServer();
  });
  afterAll(() => ctx.server.close());

  it('answers 409 while another import is still running, then finishes the first', async () => {
    const { server, api, token } = ctx;
    const body = Buffer.from(JSON.stringify({ skills: [{ id: 1, name: '慢速导入' }] }));
    const { hostname, port } = new URL(server.url);
    const slow = httpRequest({
      hostname,
      port,
      path: '/api/admin/import',
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': body.length },
    });
    const slowResponse = new Promise<{ status: number; body: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      slow.on('error', reject);
    });
    // Half the body: the first import holds the lock while it waits for the rest.
    slow.write(body.subarray(0, 10));

    // Until the server has taken the first request, an empty probe is simply refused (400)
    // and changes nothing; once it has, the probe gets 409.
    let probe: EnvelopeBody | undefined;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const response = await api<EnvelopeBody>('POST', '/api/admin/import', { token, json: {} });
      if (response.status === 409) {
        probe = response.body;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(probe).toMatchObject({ code: 1, msg: '已有导入任务正在进行', error: 'conflict' });

    slow.end(body.subarray(10));
    const finished = await slowResponse;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toMatchObject({ msg: '导入成功', data: { counts: { skills: 1 } } });

    // The lock is released: the next import runs.
    const next = await api<EnvelopeBody>('POST', '/api/admin/import', { token, json: { skills: [{ id: 2, name: '下一个' }] } });
    expect(next.status).toBe(200);
  });
});

describe('realtime', () => {
  it('emits comments_updated with a null article_id and articles_updated with no ids', async () => {
    const { server, api, token } = await freshServer();
    try {
      const realtime = await connectRealtime(server.url);
      try {
        const response = await api('POST', '/api/admin/import', {
          token,
          json: { articles: [article(1)], comments: [{ id: 1, article_id: 1, author: 'a', content: 'b' }] },
        });
        expect(response.status).toBe(200);
        await expect(realtime.waitFor('articles_updated')).resolves.toEqual({ ids: [] });
        await expect(realtime.waitFor('comments_updated')).resolves.toEqual({ article_id: null });
        await api('POST', '/api/admin/skills', { token, json: { name: 'marker' } });
        await realtime.waitFor('skills_updated');
        expect(realtime.events.map((event) => event.name).sort()).toEqual(['articles_updated', 'comments_updated', 'skills_updated']);
      } finally {
        realtime.close();
      }
    } finally {
      await server.close();
    }
  });
});
