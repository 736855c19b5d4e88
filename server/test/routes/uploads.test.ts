import { request as httpRequest } from 'node:http';
import { readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { IMAGE_MIME, buildImage, imageForm, pixelsOf } from '../fixtures/images.js';
import type { ImageKind } from '../fixtures/images.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

const uploadsDir = () => path.join(server.dataDir, 'uploads');

/** A raw request, so the path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function uploadCover(kind: ImageKind, bytes = buildImage(kind)): Promise<{ url: string; filename: string; bytes: Buffer }> {
  const response = await api<EnvelopeBody>('POST', '/api/admin/articles/cover', {
    token,
    body: imageForm(bytes, `cover.${kind}`),
  });
  expect(response.status).toBe(201);
  const data = response.body.data as { url: string; filename: string };
  return { ...data, bytes };
}

/** Temp files (where formidable parks uploads) holding exactly these bytes. */
async function tempCopiesOf(bytes: Buffer): Promise<string[]> {
  const copies: string[] = [];
  for (const name of await readdir(tmpdir())) {
    const full = path.join(tmpdir(), name);
    const info = await stat(full).catch(() => undefined);
    if (info?.isFile() && info.size === bytes.length && (await readFile(full)).equals(bytes)) copies.push(full);
  }
  return copies;
}

// The body-image endpoint (server/API.md §E3) is the cover upload under another path: same checks, same answer.
describe.each(['/api/admin/articles/cover', '/api/admin/articles/images'])('image upload at %s', (endpoint) => {
  it('stores a PNG under a new name and serves it back', async () => {
    const bytes = buildImage('png');
    const response = await api<EnvelopeBody>('POST', endpoint, { token, body: imageForm(bytes, '截图.png') });
    expect(response.status).toBe(201);
    const { url, filename } = response.body.data as { url: string; filename: string };
    expect(filename).toMatch(/^[0-9a-f]{32}\.png$/);
    const served = await fetch(`${server.url}${url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await pixelsOf(Buffer.from(await served.arrayBuffer()))).toEqual(await pixelsOf(bytes));
  });

  it('stores a JPEG under a new name and answers 201 with a top-level url', async () => {
    const bytes = buildImage('jpg');
    const response = await api<EnvelopeBody>('POST', endpoint, { token, body: imageForm(bytes, 'photo.JPG') });
    expect(response.status).toBe(201);
    const data = response.body.data as { url: string; filename: string };
    expect(data.filename).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(response.body).toMatchObject({
      code: 0,
      msg: '上传成功',
      url: `/uploads/${data.filename}`,
      data: { url: `/uploads/${data.filename}` },
    });
    expect(await pixelsOf(await readFile(path.join(uploadsDir(), data.filename)))).toEqual(await pixelsOf(bytes));
  });

  it('applies the avatar checks: no file, a non-image named .png, a file over 25 MB, no token', async () => {
    const before = await readdir(uploadsDir());
    const cases: [FormData, number, string][] = [
      [imageForm(undefined), 400, '未上传文件'],
      [imageForm(Buffer.from('%PDF-1.4 not an image at all'), 'cover.png'), 415, '不支持的图片格式'],
      [
        imageForm(Buffer.concat([buildImage('png'), Buffer.alloc(25 * 1024 * 1024 + 1)]), 'cover.png'),
        413,
        '图片大小不能超过25MB',
      ],
    ];
    for (const [body, status, msg] of cases) {
      const response = await api<EnvelopeBody>('POST', endpoint, { token, body });
      expect(response.status, msg).toBe(status);
      expect(response.body).toMatchObject({ code: 1, msg });
    }
    expect((await api('POST', endpoint, { body: imageForm(buildImage()) })).status).toBe(401);
    expect(await readdir(uploadsDir())).toEqual(before);
  });

  it('leaves no temp file behind after an accepted or a rejected upload', async () => {
    const accepted = buildImage('png');
    const rejected = Buffer.concat([Buffer.from('plain text, not an image '), buildImage('png').subarray(-16)]);
    expect((await api('POST', endpoint, { token, body: imageForm(accepted, 'ok.png') })).status).toBe(201);
    expect((await api('POST', endpoint, { token, body: imageForm(rejected, 'bad.png') })).status).toBe(415);
    expect(await tempCopiesOf(accepted)).toEqual([]);
    expect(await tempCopiesOf(rejected)).toEqual([]);
  });
});

describe('file serving', () => {
  it('serves each image type on the canonical path and both aliases, with type from magic bytes and cache headers', async () => {
    for (const kind of ['png', 'jpg', 'gif', 'webp'] as const) {
      const { filename } = await uploadCover(kind);
      const stored = await readFile(path.join(uploadsDir(), filename));
      for (const base of ['/uploads', '/api/admin/avatars/file', '/api/admin/articles/cover']) {
        const response = await fetch(`${server.url}${base}/${filename}`);
        expect(response.status, `${base} ${kind}`).toBe(200);
        expect(response.headers.get('content-type')).toBe(IMAGE_MIME[kind]);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(Buffer.from(await response.arrayBuffer())).toEqual(stored);
      }
    }
  });

  it('answers HEAD with the headers and length but no body', async () => {
    const { filename } = await uploadCover('png');
    const { size } = await stat(path.join(uploadsDir(), filename));
    const response = await fetch(`${server.url}/uploads/${filename}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(size));
    expect(await response.text()).toBe('');
  });

  it('judges the type by content, not by the name of a file copied into the folder', async () => {
    await writeFile(path.join(uploadsDir(), 'legacy-photo.png'), buildImage('gif'));
    await writeFile(path.join(uploadsDir(), 'notes.png'), '<script>alert(1)</script>');
    const gif = await fetch(`${server.url}/uploads/legacy-photo.png`);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    const text = await fetch(`${server.url}/uploads/notes.png`);
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toBe('application/octet-stream');
    expect(text.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 文件不存在 for missing files, bad names and every path trick, reading nothing outside uploads/', async () => {
    await writeFile(path.join(server.dataDir, 'secret.png'), buildImage('png'));
    await symlink(path.join(server.dataDir, 'secret.png'), path.join(uploadsDir(), 'link.png'));
    const paths = [
      '/uploads/0123456789abcdef0123456789abcdef.png',
      '/uploads/../meta.json',
      '/uploads/..%2Fmeta.json',
      '/uploads/%2e%2e%2fmeta.json',
      '/uploads/..%5Cmeta.json',
      '/uploads/%2E%2E/secret.png',
      '/uploads/.%2e/secret.png',
      '/uploads/a%2F..%2F..%2Fsecret.png',
      '/uploads/..',
      '/uploads/.hidden',
      '/uploads/',
      '/uploads',
      '/uploads/sub/dir.png',
      '/uploads/link.png',
      '/uploads/%00.png',
      `/uploads/${'a'.repeat(129)}`,
      '/api/admin/avatars/file/..%2F..%2Fmeta.json',
      '/api/admin/avatars/file/../../meta.json',
      '/api/admin/articles/cover/..%2Fsecret.png',
      '/api/admin/articles/cover/missing.png',
    ];
    for (const rawPath of paths) {
      const response = await rawGet(rawPath);
      expect(response.status, rawPath).toBe(404);
      expect(JSON.parse(response.body), rawPath).toMatchObject({ code: 1, error: 'not_found' });
      expect(response.body).not.toContain('folio-data');
    }
    expect(JSON.parse((await rawGet('/uploads/..%2Fmeta.json')).body)).toMatchObject({ msg: '文件不存在' });
  });

  it('is read-only: other methods get 405', async () => {
    const { filename } = await uploadCover('png');
    expect((await api('DELETE', `/uploads/${filename}`, { token })).status).toBe(405);
    expect((await api('PUT', `/api/admin/avatars/file/${filename}`, { token })).status).toBe(405);
    expect((await fetch(`${server.url}/uploads/${filename}`)).status).toBe(200);
  });
});
