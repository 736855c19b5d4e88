import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import type { UploadLogFile } from '../../src/store/records.js';
import { UPLOAD_GRACE_MS } from '../../src/store/startup-sweeps.js';
import { fileEntry } from '../fixtures/backup.js';
import { buildImage, imageForm } from '../fixtures/images.js';
import type { ImageKind } from '../fixtures/images.js';
import { jpegWithGps } from '../fixtures/photos.js';

type Api = ReturnType<typeof apiClient>;
interface Signed {
  server: TestServer;
  api: Api;
  token: string;
}

let source: Signed;
let target: Signed | undefined;

beforeAll(async () => {
  source = await startSignedIn();
});
afterAll(async () => {
  await source.server.close();
  await target?.server.close();
});

/** Uploads an image through the route a body's images use; resolves with its URL. */
async function bodyImage(kind: ImageKind): Promise<string> {
  const { api, token } = source;
  const response = await api<EnvelopeBody>('POST', '/api/admin/articles/images', {
    token,
    body: imageForm(buildImage(kind), `photo.${kind}`),
  });
  expect(response.status).toBe(201);
  return (response.body.data as { url: string }).url;
}

async function createArticle(json: Record<string, unknown>): Promise<number> {
  const response = await source.api<EnvelopeBody>('POST', '/api/admin/articles', { token: source.token, json });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

const nameOf = (url: string) => url.replace('/uploads/', '');

describe('a backup carries the images inside article bodies', () => {
  it('embeds each once, cleaned, and a fresh server restores, shows and keeps them', async () => {
    const { api, token, server } = source;
    const cover = await source.api<EnvelopeBody>('POST', '/api/admin/articles/cover', {
      token,
      body: imageForm(buildImage('jpg'), 'c.jpg'),
    });
    const coverUrl = cover.body.url as string;
    const own = await bodyImage('png');
    const shared = await bodyImage('webp');
    const onlyBinned = await bodyImage('png');
    const onlyInHistory = await bodyImage('gif');
    // A photo with its GPS position as an older server left it: nothing has cleaned it yet.
    await server.app.context.services.imageSizes.whenIdle();
    const oldPhoto = '/uploads/old-body-photo-with-gps.jpg';
    await writeFile(path.join(server.dataDir, 'uploads', nameOf(oldPhoto)), await jpegWithGps());

    const publishedId = await createArticle({
      title: '正文有图',
      cover: coverUrl,
      content: `先有一张\n\n![旧图](${onlyInHistory})`,
    });
    const edited = await api('PUT', `/api/admin/articles/${publishedId}`, {
      token,
      json: { title: '正文有图', cover: coverUrl, content: `![自己的](${own})\n\n![共用][pic]\n\n[pic]: ${shared}` },
    });
    expect(edited.status).toBe(200);
    // A draft shows the shared image too, and the old photo in an HTML tag.
    await createArticle({
      title: '草稿',
      status: 'draft',
      content: `![共用](${shared})\n\n<img src="${oldPhoto}" alt="旧照片">`,
    });
    const binnedId = await createArticle({ title: '将被删除', content: `![](${onlyBinned})` });
    expect((await api('DELETE', `/api/admin/articles/${binnedId}`, { token })).status).toBe(200);

    const response = await fetch(`${server.url}/api/admin/export`, { headers: { Authorization: `Bearer ${token}` } });
    const text = await response.text();
    const exported = (JSON.parse(text) as { data: { files: Record<string, { base64: string }> } }).data;
    const travelled = [coverUrl, own, shared, oldPhoto].map(nameOf);
    expect(Object.keys(exported.files).sort()).toEqual([...travelled].sort());
    // Two articles show the shared image; its bytes are in the stream once.
    expect(text.split(`"${nameOf(shared)}":{`)).toHaveLength(2);
    const oldBytes = Buffer.from(exported.files[nameOf(oldPhoto)]?.base64 ?? '', 'base64');
    expect((await sharp(oldBytes).metadata()).exif).toBeUndefined();

    // A file no record names is stored like an upload nothing uses yet: the start-up sweep judges it.
    const stray = 'a1b2c3d4e5f60718293a4b5c6d7e8f90.png';
    exported.files[stray] = fileEntry(buildImage('png'));
    target = await startSignedIn();
    const imported = await target.api<EnvelopeBody>('POST', '/api/admin/import', { token: target.token, json: exported });
    expect(imported.status).toBe(200);
    expect((imported.body.data as { warnings: string[] }).warnings).toEqual([]);
    await target.server.app.context.services.imageSizes.whenIdle();
    for (const url of [own, shared, oldPhoto]) {
      const restored = await fetch(`${target.server.url}${url}`);
      expect(restored.status, url).toBe(200);
      expect(Buffer.from(await restored.arrayBuffer()), url).toEqual(
        Buffer.from(exported.files[nameOf(url)]?.base64 ?? '', 'base64'),
      );
    }

    // The page shows the restored body images as <picture>, their sizes made in the background.
    const html = await (await fetch(`${target.server.url}/articles/${publishedId}`)).text();
    expect(html.match(/<picture>/g)).toHaveLength(3);
    for (const url of [coverUrl, own, shared]) expect(html).toMatch(new RegExp(`<img[^>]*src="${url}"`));

    // Past the grace period, a restart keeps every restored image a body names and drops the stray file.
    await target.server.stop();
    const logFile = path.join(target.server.dataDir, 'upload-log.json');
    const log = JSON.parse(await readFile(logFile, 'utf8')) as UploadLogFile;
    for (const entry of log.items) entry.written_at = new Date(Date.now() - UPLOAD_GRACE_MS - 60_000).toISOString();
    await writeFile(logFile, JSON.stringify(log));
    target = await startSignedIn({ dataDir: target.server.dataDir });
    expect((await readdir(path.join(target.server.dataDir, 'uploads'))).sort()).toEqual([...travelled].sort());
  });

  it('warns about a body image whose file is neither in the backup nor on the server', async () => {
    const fresh = await startSignedIn();
    try {
      const missing = '9f3c0e6b1d2a4c5e8f7a6b5c4d3e2f1a.png';
      const response = await fresh.api<EnvelopeBody>('POST', '/api/admin/import', {
        token: fresh.token,
        json: { articles: [{ id: 3, title: '缺图', content: `![](/uploads/${missing})` }] },
      });
      expect(response.status).toBe(200);
      expect((response.body.data as { warnings: string[] }).warnings).toEqual([`articles[0]: 文件 ${missing} 不存在`]);
    } finally {
      await fresh.server.close();
    }
  });
});
