import { request } from 'node:http';
import { mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, login, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import type { UploadLogFile } from '../../src/store/records.js';
import { UPLOAD_GRACE_MS, referencedNames } from '../../src/store/startup-sweeps.js';
import { buildArticleRecord } from '../support/article-record.js';
import { buildImage, imageForm } from '../fixtures/images.js';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../support/server-process.js';
import type { ServerProcess } from '../support/server-process.js';

let server: TestServer | undefined;
let child: ServerProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await server?.close();
  await stopServer(child);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  server = undefined;
  child = undefined;
  dataDir = undefined;
});

const uploadsOf = async (dir: string) => (await readdir(path.join(dir, 'uploads'))).sort();
const longAgo = () => new Date(Date.now() - UPLOAD_GRACE_MS - 60_000).toISOString();

/** Rewrites the upload log as if the named uploads had been written before the grace period. */
async function ageUploads(dir: string, filenames: readonly string[]): Promise<void> {
  const file = path.join(dir, 'upload-log.json');
  const log = JSON.parse(await readFile(file, 'utf8')) as UploadLogFile;
  for (const entry of log.items) if (filenames.includes(entry.filename)) entry.written_at = longAgo();
  await writeFile(file, JSON.stringify(log));
}

describe('start-up sweeps of uploads', () => {
  it('removes, once past the grace period, an upload nothing refers to, and keeps every referenced or recent one', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    const upload = async (route = '/api/admin/articles/images') => {
      const response = await api<EnvelopeBody>('POST', route, { token, body: imageForm(buildImage('png')) });
      expect(response.status).toBe(201);
      return (response.body.data as { filename: string }).filename;
    };
    const avatar = await upload('/api/admin/avatars');
    const cover = await upload('/api/admin/articles/cover');
    const inBody = await upload();
    const inAbout = await upload();
    const inSkill = await upload();
    const forgotten = await upload();
    const recent = await upload();
    const article = { title: '有图', cover: `/uploads/${cover}`, content: `![图](/api/admin/articles/cover/${inBody})` };
    expect((await api('POST', '/api/admin/articles', { token, json: article })).status).toBe(201);
    const about = { blocks: [{ name: 'about', content: { hobbies: `<img src="/uploads/${inAbout}">` } }] };
    expect((await api('PUT', '/api/admin/site-blocks', { token, json: about })).status).toBe(200);
    const skill = { name: '画图', description: `![](/uploads/${inSkill})` };
    expect((await api('POST', '/api/admin/skills', { token, json: skill })).status).toBe(201);

    const dir = server.dataDir;
    await server.stop();
    // A file put in the folder by hand (say, before importing a backup that names it) is never judged.
    const byHand = `${'e'.repeat(32)}.png`;
    await writeFile(path.join(dir, 'uploads', byHand), buildImage('png'));
    const old = new Date(Date.now() - 2 * UPLOAD_GRACE_MS);
    await utimes(path.join(dir, 'uploads', byHand), old, old);
    await ageUploads(dir, [avatar, cover, inBody, inAbout, inSkill, forgotten]);

    server = await startTestServer({ dataDir: dir });
    const kept = [avatar, cover, inBody, inAbout, inSkill, recent, byHand].sort();
    expect(await uploadsOf(dir)).toEqual(kept);
    for (const filename of kept) expect((await fetch(`${server.url}/uploads/${filename}`)).status).toBe(200);
    // Judged uploads leave the log; the recent one waits for its turn.
    const log = JSON.parse(await readFile(path.join(dir, 'upload-log.json'), 'utf8')) as UploadLogFile;
    expect(log.items.map((entry) => entry.filename)).toEqual([recent]);
  });

  it('keeps, past the grace period, an upload only an article in the bin or an unsaved autosave shows', async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    const token = await server.login();
    const upload = async () => {
      const response = await api<EnvelopeBody>('POST', '/api/admin/articles/images', {
        token,
        body: imageForm(buildImage('png')),
      });
      return (response.body.data as { filename: string }).filename;
    };
    const [binnedCover, binnedBody, autosaved] = [await upload(), await upload(), await upload()];
    const create = async (json: Record<string, string>) =>
      ((await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json })).body.data as { id: number }).id;
    const binned = await create({
      title: '进了回收站',
      cover: `/uploads/${binnedCover}`,
      content: `![](/uploads/${binnedBody})`,
    });
    expect((await api('DELETE', `/api/admin/articles/${binned}`, { token })).status).toBe(200);
    const drafted = await create({ title: '草稿', content: '还没有图' });
    const unsaved = {
      title: '草稿',
      category: '',
      tags: '',
      summary: '',
      cover: '',
      content: `![](/uploads/${autosaved})`,
      base_revision: 1,
    };
    expect((await api('PUT', `/api/admin/articles/${drafted}/autosave`, { token, json: unsaved })).status).toBe(200);

    const dir = server.dataDir;
    await server.stop();
    await ageUploads(dir, [binnedCover, binnedBody, autosaved]);
    server = await startTestServer({ dataDir: dir });
    expect(await uploadsOf(dir)).toEqual([binnedCover, binnedBody, autosaved].sort());
  });

  it('keeps a multipart upload in the data directory while it streams, and removes what a SIGKILL left there', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'folio-sweep-'));
    child = await spawnServer({ dataDir });
    const token = await login(child.url, { password: PROCESS_ADMIN_PASSWORD });
    const boundary = 'folio-sweep-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    // Promises a large part, sends its start, and never finishes: the process dies mid-upload.
    const outgoing = request(`${child.url}/api/admin/articles/cover`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + 1024 * 1024),
      },
    });
    outgoing.on('error', () => {});
    outgoing.write(head);
    outgoing.write(buildImage('png'));
    const tempDir = path.join(dataDir, 'tmp');
    await expect.poll(async () => (await readdir(tempDir)).length, { timeout: 10_000 }).toBe(1);

    await stopServer(child, 'SIGKILL');
    outgoing.destroy();
    expect(await readdir(tempDir)).toHaveLength(1);
    child = await spawnServer({ dataDir });
    expect(await readdir(tempDir)).toEqual([]);
  });
});

/** Runs `work` while counting the substring searches (`String.prototype.includes`) for one of `needles`. */
async function countingSearchesFor<T>(
  needles: ReadonlySet<string>,
  work: () => Promise<T>,
): Promise<{ result: T; searches: number }> {
  const includes = vi.spyOn(String.prototype, 'includes');
  try {
    const result = await work();
    const searches = includes.mock.calls.filter(([needle]) => typeof needle === 'string' && needles.has(needle)).length;
    return { result, searches };
  } finally {
    includes.mockRestore();
  }
}

describe('which judged uploads stored text names', () => {
  it('looks for every judged name in one pass over each stored text, however many names are judged', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'folio-sweep-names-'));
    dataDir = dir;
    const names = Array.from({ length: 400 }, (_, index) => `${index.toString(16).padStart(32, '0')}.png`);
    const [inBody, atSentenceEnd, inAvatars, inCover, insideLongerWord] = names;
    await mkdir(path.join(dir, 'article-bodies'));
    await mkdir(path.join(dir, 'revisions'));
    for (let index = 0; index < 20; index += 1) {
      await writeFile(
        path.join(dir, 'article-bodies', `${index}.md`),
        `第${index}篇 ![](/uploads/${index === 3 ? inBody : 'x.png'})`,
      );
    }
    await writeFile(path.join(dir, 'article-bodies', 'last.md'), `见 /uploads/${atSentenceEnd}. 完`);
    // An avatar record holds its bare filename; a longer word holding a name still keeps it.
    await writeFile(path.join(dir, 'avatars.json'), JSON.stringify({ items: [{ filename: inAvatars }] }));
    await writeFile(path.join(dir, 'site-blocks.json'), JSON.stringify({ note: `copy-of-${insideLongerWord}-old` }));
    const articles = [buildArticleRecord(1, { cover: `/uploads/${inCover}` })];

    const { result: found, searches } = await countingSearchesFor(new Set(names), () => referencedNames(dir, articles, names));
    expect([...found].sort()).toEqual([inBody, atSentenceEnd, inAvatars, inCover, insideLongerWord].sort());
    // Looking for the names one by one searches every text once per name: 400 names × 20-odd texts.
    expect(searches).toBe(0);
  });
});
