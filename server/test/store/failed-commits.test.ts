import { promises as fsPromises } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';

let server: TestServer | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

/** Makes every rename onto a file whose path matches `target` fail as a full disk does. */
function failRenamesOnto(target: RegExp): void {
  const realRename = fsPromises.rename.bind(fsPromises);
  vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
    if (target.test(String(to))) throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' });
    return realRename(from, to);
  });
}

interface PublicComment {
  id: number;
  content: string;
}

describe('a commit that fails', () => {
  it('leaves nothing of the change to serve or to write with the next commit, so a retried comment is stored once', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    const article = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '评论的文章', content: '# 正文' },
    });
    const commentsPath = `/api/articles/${String(article.body.id)}/comments`;
    const comment = { author: '读者', content: '只该存一次的评论' };
    const readComments = async () =>
      ((await api<EnvelopeBody>('GET', commentsPath)).body.data as { comments: PublicComment[] }).comments.map(
        (item) => item.content,
      );

    failRenamesOnto(/comments\/\d+\.json$/);
    const refused = await api('POST', commentsPath, { json: comment });
    vi.restoreAllMocks();
    expect(refused.status).toBe(500);
    expect(await readComments()).toEqual([]);

    const retried = await api('POST', commentsPath, { json: comment });
    expect(retried.status).toBe(201);
    expect(await readComments()).toEqual(['只该存一次的评论']);
    const file = JSON.parse(await readFile(path.join(server.dataDir, 'comments', `${String(article.body.id)}.json`), 'utf8')) as {
      items: PublicComment[];
    };
    expect(file.items.map((item) => item.content)).toEqual(['只该存一次的评论']);

    const { dataDir } = server;
    await server.stop();
    server = await startTestServer({ dataDir });
    expect(
      ((await apiClient(server.url)<EnvelopeBody>('GET', commentsPath)).body.data as { comments: PublicComment[] }).comments.map(
        (item) => item.content,
      ),
    ).toEqual(['只该存一次的评论']);
  });

  it('takes changes again once the disk has room, with ids never handed out twice', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    const first = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: 'Go', level: 80 } });
    failRenamesOnto(/skills\.json$/);
    const refused = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: 'Rust', level: 70 } });
    vi.restoreAllMocks();
    expect(refused.status).toBe(500);
    expect(
      ((await api<EnvelopeBody>('GET', '/api/admin/skills', { token })).body.data as { name: string }[]).map(
        (skill) => skill.name,
      ),
    ).toEqual(['Go']);

    const next = await api<EnvelopeBody>('POST', '/api/admin/skills', { token, json: { name: 'Zig', level: 60 } });
    expect(next.status).toBe(201);
    expect(next.body.id).toBeGreaterThan(Number(first.body.id) + 1);
    const skills = JSON.parse(await readFile(path.join(server.dataDir, 'skills.json'), 'utf8')) as { items: { name: string }[] };
    expect(skills.items.map((skill) => skill.name)).toEqual(['Go', 'Zig']);
  });
});
