import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { jpegWithGps } from '../fixtures/photos.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

const imageSizes = () => server.app.context.services.imageSizes;

/**
 * Puts a photo with its camera's EXIF (GPS) in the upload folder as an older server or a backup
 * import left it, after the start's catch-up ran: nothing has cleaned it yet.
 */
async function oldUpload(filename: string): Promise<void> {
  await imageSizes().whenIdle();
  await writeFile(path.join(server.dataDir, 'uploads', filename), await jpegWithGps());
}

describe('an upload the background catch-up has not cleaned yet', () => {
  it('goes into an export already cleaned: the backup carries no EXIF', async () => {
    const filename = 'old-cover-with-gps.jpg';
    await oldUpload(filename);
    const article = { title: '旧封面', cover: `/uploads/${filename}`, content: '正文' };
    expect((await api('POST', '/api/admin/articles', { token, json: article })).status).toBe(201);

    const exported = await api<EnvelopeBody>('GET', '/api/admin/export', { token });
    expect(exported.status).toBe(200);
    const files = (exported.body.data as { files: Record<string, { base64: string; size: number }> }).files;
    const entry = files[filename];
    expect(entry).toBeDefined();
    const bytes = Buffer.from(entry?.base64 ?? '', 'base64');
    expect(bytes.length).toBe(entry?.size);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([60, 40]);
  });

  it('is served without being cached until it is cleaned, then cached for a year with the cleaned bytes', async () => {
    const filename = 'old-photo-with-gps.jpg';
    await oldUpload(filename);
    const before = await fetch(`${server.url}/uploads/${filename}`);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    await before.arrayBuffer();

    await imageSizes().catchUp();
    await imageSizes().whenIdle();
    const after = await fetch(`${server.url}/uploads/${filename}`);
    expect(after.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await after.arrayBuffer())).metadata()).exif).toBeUndefined();
  });
});
