import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { buildSite, snapshotDir } from '../fixtures/backup.js';
import type { BuiltSite } from '../fixtures/backup.js';

interface FileEntry {
  content_type: string;
  size: number;
  sha256: string;
  base64: string;
}
interface ExportData {
  format: string;
  version: number;
  exported_at: string;
  site_blocks: Record<string, unknown>[];
  skills: Record<string, unknown>[];
  contacts: Record<string, unknown>[];
  avatars: Record<string, unknown>[];
  articles: Record<string, unknown>[];
  comments: Record<string, unknown>[];
  comment_settings: Record<string, unknown>;
  files: Record<string, FileEntry>;
}

let source: TestServer;
let sourceApi: ReturnType<typeof apiClient>;
let sourceToken: string;
let site: BuiltSite;

beforeAll(async () => {
  source = await startTestServer({ seed: true });
  sourceApi = apiClient(source.url);
  sourceToken = await source.login();
  site = await buildSite(source.url, sourceToken);
});
afterAll(() => source.close());

async function exportFrom(api: ReturnType<typeof apiClient>, token: string): Promise<EnvelopeBody> {
  const response = await api<EnvelopeBody>('GET', '/api/admin/export', {
    token,
    headers: { 'Content-Type': 'application/json' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.body;
}

describe('export', () => {
  it('requires a token', async () => {
    expect((await sourceApi('GET', '/api/admin/export')).status).toBe(401);
  });

  it('streams the response instead of building it whole', async () => {
    const response = await fetch(`${source.url}/api/admin/export`, { headers: { Authorization: `Bearer ${sourceToken}` } });
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect(JSON.parse(await response.text())).toMatchObject({ code: 0, msg: '导出成功' });
  });

  it('returns every live item in the portfolio-backup v2 format, with embedded files', async () => {
    const body = await exportFrom(sourceApi, sourceToken);
    expect(body).toMatchObject({ code: 0, msg: '导出成功' });
    const data = body.data as ExportData;
    expect(data).toMatchObject({ format: 'portfolio-backup', version: 2 });
    expect(data.exported_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const home = data.site_blocks.find((block) => block.name === 'home');
    expect(Object.keys(home ?? {}).sort()).toEqual(['content', 'name', 'updated_at']);
    expect(Object.keys(data.skills[0] ?? {}).sort()).toEqual([
      'created_at',
      'description',
      'id',
      'level',
      'name',
      'sort_order',
      'updated_at',
    ]);
    expect(Object.keys(data.contacts[0] ?? {}).sort()).toEqual(['created_at', 'id', 'sort_order', 'type', 'updated_at', 'value']);
    expect(data.avatars.map((avatar) => avatar.filename)).toEqual([site.avatarFiles[1], site.avatarFiles[0]]);
    expect(data.avatars[1]).toMatchObject({
      is_current: false,
      sort_order: 1,
      cropped_info: { x: 10, y: 20, width: 100, height: 100 },
    });

    expect(data.articles.map((article) => article.id)).not.toContain(site.binnedArticleId);
    const article = data.articles.find((candidate) => candidate.id === site.liveArticleId);
    expect(article).toEqual({
      id: site.liveArticleId,
      slug: 'bei-fen-ce-shi',
      title: '备份测试',
      category: '工具使用',
      tags: 'Backup,测试',
      cover: `/uploads/${site.coverFile}`,
      summary: '摘要',
      content: '# 正文\n\n包含 **Markdown**',
      views: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      status: 'published',
      publish_at: article?.created_at,
    });

    expect(data.comments.map((comment) => comment.author).sort()).toEqual(['张三', '李四']);
    expect(data.comments.find((comment) => comment.author === '张三')).toEqual({
      id: expect.any(Number),
      article_id: site.liveArticleId,
      author: '张三',
      email: 'zhang@example.com',
      content: '写得好',
      created_at: expect.any(String),
      parent_id: null,
      is_owner: false,
      status: 'published',
    });
    expect(data.comment_settings).toEqual({ moderation: 'none', blocked_words: [], blocked_addresses: [] });

    expect(Object.keys(data.files).sort()).toEqual([...site.avatarFiles, site.coverFile].sort());
    for (const [filename, entry] of Object.entries(data.files)) {
      const bytes = await readFile(path.join(source.dataDir, 'uploads', filename));
      expect(entry).toEqual({
        content_type: { png: 'image/png', webp: 'image/webp', jpg: 'image/jpeg' }[filename.split('.')[1] ?? ''],
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        base64: bytes.toString('base64'),
      });
    }
  });
});

/** Every GET that changes nothing, except the recycle bin (a backup leaves it out by design). */
async function readOnlyPaths(api: ReturnType<typeof apiClient>, token: string): Promise<string[]> {
  const list = await api<EnvelopeBody>('GET', '/api/admin/articles?per_page=100', { token });
  const ids = (list.body.data as { id: number }[]).map((article) => article.id);
  return [
    '/api/site-blocks',
    '/api/admin/site-blocks',
    '/api/skills',
    '/api/admin/skills',
    '/api/contacts',
    '/api/admin/contacts',
    '/api/avatars',
    '/api/admin/avatars',
    '/api/articles?per_page=100',
    '/api/categories',
    '/api/tags',
    '/api/admin/articles?per_page=100',
    ...ids.flatMap((id) => [`/api/admin/articles/${id}`, `/api/articles/${id}/comments`]),
  ];
}

/**
 * An answer without the diagram drawings, which an export does not carry (server/API.md §E5):
 * the restored site's admin draws them again when it starts.
 */
function withoutDrawings(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutDrawings);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key !== 'drawn_diagrams' && key !== 'diagrams')
      .map(([key, value]) => [key, withoutDrawings(value)]),
  );
}

/** The admin comment list without what a backup leaves out: the bin, IP addresses and user agents. */
async function adminComments(api: ReturnType<typeof apiClient>, token: string): Promise<unknown> {
  const response = await api<EnvelopeBody>('GET', '/api/admin/comments?per_page=100', { token });
  const data = response.body.data as { comments: Record<string, unknown>[] };
  return data.comments
    .filter((comment) => comment.article_id !== site.binnedArticleId)
    .map(({ ip_address: _ip, user_agent: _ua, ...comment }) => comment);
}

describe('export, wipe, import', () => {
  let target: TestServer;
  afterAll(() => target.close());

  it('restores an identical site on a fresh data dir, files byte for byte', async () => {
    const exported = await exportFrom(sourceApi, sourceToken);
    target = await startTestServer();
    const targetApi = apiClient(target.url);
    const targetToken = await target.login();

    // A whole saved export response ({code, msg, data}) is accepted as it is.
    const imported = await targetApi<EnvelopeBody>('POST', '/api/admin/import', { token: targetToken, json: exported });
    expect(imported.status).toBe(200);
    const data = exported.data as ExportData;
    expect(imported.body).toMatchObject({
      code: 0,
      msg: '导入成功',
      data: {
        format: 'v2',
        counts: {
          site_blocks: data.site_blocks.length,
          skills: data.skills.length,
          contacts: data.contacts.length,
          avatars: 2,
          articles: data.articles.length,
          comments: 2,
        },
        warnings: [],
      },
    });

    // Restored images get their page sizes in the background (server/API.md §E11.1); public lists show them.
    await Promise.all([source.app.context.services.imageSizes.whenIdle(), target.app.context.services.imageSizes.whenIdle()]);
    for (const pathName of await readOnlyPaths(sourceApi, sourceToken)) {
      const [before, after] = await Promise.all([
        sourceApi<EnvelopeBody>('GET', pathName, { token: sourceToken }),
        targetApi<EnvelopeBody>('GET', pathName, { token: targetToken }),
      ]);
      expect(after.status, pathName).toBe(before.status);
      expect(withoutDrawings(after.body), pathName).toEqual(withoutDrawings(before.body));
    }
    // The sample's drawn diagrams wait on the restored site for its admin to draw them.
    const undrawn = await targetApi<EnvelopeBody>('GET', '/api/admin/diagrams/undrawn', { token: targetToken });
    expect((undrawn.body.data as { article_ids: number[] }).article_ids.length).toBeGreaterThan(0);
    expect(await adminComments(targetApi, targetToken)).toEqual(await adminComments(sourceApi, sourceToken));
    // A public detail adds a view on both sides, so the answers still match.
    const detail = `/api/articles/${site.liveArticleId}`;
    expect(withoutDrawings((await targetApi('GET', detail)).body)).toEqual(
      withoutDrawings((await sourceApi('GET', detail)).body),
    );

    for (const filename of [...site.avatarFiles, site.coverFile]) {
      const [before, after] = await Promise.all([
        fetch(`${source.url}/uploads/${filename}`),
        fetch(`${target.url}/uploads/${filename}`),
      ]);
      expect(after.status).toBe(200);
      expect(Buffer.from(await after.arrayBuffer())).toEqual(Buffer.from(await before.arrayBuffer()));
    }

    // Exporting the restored site gives the same backup.
    const { exported_at: _a, ...again } = (await exportFrom(targetApi, targetToken)).data as ExportData;
    const { exported_at: _b, ...original } = (await exportFrom(sourceApi, sourceToken)).data as ExportData;
    expect(again).toEqual(original);

    // Importing the same backup again restores its data (views included) and rewrites no body.
    const bodiesBefore = await snapshotDir(path.join(target.dataDir, 'article-bodies'));
    expect((await targetApi('POST', '/api/admin/import', { token: targetToken, json: exported.data })).status).toBe(200);
    expect(await snapshotDir(path.join(target.dataDir, 'article-bodies'))).toEqual(bodiesBefore);
    const { exported_at: _c, ...reimported } = (await exportFrom(targetApi, targetToken)).data as ExportData;
    const { exported_at: _e, ...first } = exported.data as ExportData;
    expect(reimported).toEqual(first);

    // Everything is on disk: a restart on the same data dir serves the same backup.
    await target.stop();
    target = await startTestServer({ dataDir: target.dataDir });
    const restartedApi = apiClient(target.url);
    const { exported_at: _d, ...restarted } = (await exportFrom(restartedApi, await target.login())).data as ExportData;
    expect(restarted).toEqual(reimported);
    // The imported comments are stored one file per article, each holding exactly its own.
    for (const articleId of new Set(data.comments.map((comment) => comment.article_id as number))) {
      const file = JSON.parse(await readFile(path.join(target.dataDir, 'comments', `${articleId}.json`), 'utf8')) as {
        items: { id: number; article_id: number }[];
      };
      expect(file.items.map((comment) => comment.id).sort((a, b) => a - b)).toEqual(
        data.comments.filter((comment) => comment.article_id === articleId).map((comment) => comment.id as number),
      );
    }

    // New ids stay above every imported one.
    const restartedToken = await target.login();
    const skill = await restartedApi<EnvelopeBody>('POST', '/api/admin/skills', { token: restartedToken, json: { name: 'Zig' } });
    expect(skill.body.id).toBeGreaterThan(Math.max(...data.skills.map((item) => item.id as number)));
    const article = await restartedApi<EnvelopeBody>('POST', '/api/admin/articles', {
      token: restartedToken,
      json: { title: '新', content: '新' },
    });
    expect(article.body.id).toBeGreaterThan(Math.max(...data.articles.map((item) => item.id as number)));
  });
});
