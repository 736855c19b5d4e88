import { request as httpRequest } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRealtime } from '../../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../../tests/support/test-server.js';
import { backupArticle as article, freshServer } from '../fixtures/backup.js';

const LEGACY_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/legacy-backup.json');
const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('import of the original (legacy) format', () => {
  let ctx: Awaited<ReturnType<typeof freshServer>>;
  beforeAll(async () => {
    ctx = await freshServer();
  });
  afterAll(() => ctx.server.close());

  it('imports the example of server/API.md §15, converting dates, nulls and missing sort_order, and emits one event per section', async () => {
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
      {
        id: 1,
        name: 'Python',
        description: '',
        level: 90,
        sort_order: 0,
        created_at: '2025-08-10T09:07:06Z',
        updated_at: '2025-08-11T10:00:00Z',
      },
      {
        id: 3,
        name: 'Go',
        description: '并发',
        level: 0,
        sort_order: 1,
        created_at: '2025-08-09T01:02:03Z',
        updated_at: '2025-08-09T01:02:03Z',
      },
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
      // Made from the title: the original's backups have no slugs (server/API.md §E19).
      slug: 'hello-world',
      title: 'Hello World',
      category: '前端开发',
      tags: 'React,JavaScript',
      cover: '',
      summary: '',
      // Without a summary the excerpt is the body's opening as plain text (server/API.md §E18).
      excerpt: '第一篇文章',
      share_image: '',
      content: '# Hello\n\n第一篇文章',
      views: 0,
      comment_count: 0,
      created_at: '2025-08-10T09:07:06Z',
      updated_at: '2025-08-10T09:07:06Z',
      revision: 1,
      drawn_diagrams: [],
      // The original's articles were all public: published when they were created.
      status: 'published',
      publish_at: '2025-08-10T09:07:06Z',
      has_autosave: false,
      notify_subscribers: true,
      subscribers_notified_at: null,
      autosave: null,
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
      const response = await other.api<EnvelopeBody>('POST', '/api/admin/import', {
        token: other.token,
        json: exported.body.data,
      });
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
    await api('PUT', '/api/admin/site-blocks', {
      token,
      json: { blocks: [{ name: 'home', content: { title: '旧', subtitle: '旧副标题' } }] },
    });
    const live = (await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title: '在线', content: '旧正文' } }))
      .body.id as number;
    const binned = (await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title: '回收站', content: '旧' } }))
      .body.id as number;
    await api('DELETE', `/api/admin/articles/${binned}`, { token });
    await api('GET', `/api/articles/${live}`);
    await api('GET', `/api/articles/${live}`);
    const comment = (
      await api<EnvelopeBody>('POST', `/api/articles/${live}/comments`, {
        json: { author: '甲', content: '旧评论' },
        headers: { 'User-Agent': 'agent-x' },
      })
    ).body.id as number;

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
    expect(response.body.data).toMatchObject({
      format: 'v2',
      counts: { site_blocks: 1, skills: 2, articles: 2, comments: 1, contacts: 0, avatars: 0 },
    });

    const skills = (await api<EnvelopeBody>('GET', '/api/skills')).body.data as {
      id: number;
      name: string;
      sort_order: number;
    }[];
    expect(skills.map((skill) => [skill.id, skill.name, skill.sort_order])).toEqual([
      [second, 'B2', 0],
      [first, 'A', 1],
      [10, 'C', 2],
    ]);
    expect((await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: 'D' } })).body.id).toBe(11);

    const home = ((await api<EnvelopeBody>('GET', '/api/site-blocks')).body.data as { name: string; content: unknown }[]).find(
      (block) => block.name === 'home',
    );
    expect(home?.content).toEqual({ title: '新' });

    const liveDetail = (await api<EnvelopeBody>('GET', `/api/admin/articles/${live}`, { token })).body.data;
    expect(liveDetail).toMatchObject({ title: '在线新', content: `正文${live}`, views: 2 });
    const revived = (await api<EnvelopeBody>('GET', `/api/admin/articles/${binned}`, { token })).body.data;
    expect(revived).toMatchObject({ title: '复活', views: 7 });
    expect((await api<EnvelopeBody>('GET', '/api/admin/recycle-bin', { token })).body.data).toEqual([]);

    const comments = (await api<EnvelopeBody>('GET', '/api/admin/comments', { token })).body.data as {
      comments: Record<string, unknown>[];
    };
    expect(comments.comments).toEqual([
      expect.objectContaining({ id: comment, author: '乙', content: '新评论', user_agent: 'agent-x' }),
    ]);
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
      json: {
        avatars: [
          avatar('2024-01-01T00:00:00Z', 5, true),
          avatar('2025-01-01T00:00:00Z', 6, true),
          avatar('2023-01-01T00:00:00Z', 7, false),
        ],
      },
    });
    const list = async () =>
      (
        (await api<EnvelopeBody>('GET', '/api/avatars')).body.data as { id: number; is_current: boolean; sort_order: number }[]
      ).map((item) => [item.id, item.is_current, item.sort_order]);
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
        expect(realtime.events.map((event) => event.name).sort()).toEqual([
          'articles_updated',
          'comments_updated',
          'skills_updated',
        ]);
      } finally {
        realtime.close();
      }
    } finally {
      await server.close();
    }
  });
});
