import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { ServerMessages as M } from '@folio/shared';
import { animatedGif, jpegWithGps, pngWithText, truncatedJpegWithGps, webpWithXmp } from '../fixtures/photos.js';

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
async function oldUpload(filename: string, bytes?: Buffer): Promise<void> {
  await imageSizes().whenIdle();
  await writeFile(path.join(server.dataDir, 'uploads', filename), bytes ?? (await jpegWithGps()));
}

/** True when bytes still carry the camera's EXIF of the photo fixtures: its block, maker or serial number. */
const carriesCameraExif = (bytes: Buffer) => ['Exif\0\0', 'FolioCam', 'SN-12345'].some((mark) => bytes.includes(mark));

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

describe('an old upload that does not decode', () => {
  it('is served without its EXIF (GPS) once processed, cut out without decoding; before that not cached', async () => {
    const filename = 'cut-short-photo-with-gps.jpg';
    const original = await truncatedJpegWithGps();
    expect(carriesCameraExif(original)).toBe(true);
    await oldUpload(filename, original);
    const before = await fetch(`${server.url}/uploads/${filename}`);
    expect(before.headers.get('cache-control')).toBe('no-store');
    await before.arrayBuffer();

    await imageSizes().catchUp();
    await imageSizes().whenIdle();
    const after = await fetch(`${server.url}/uploads/${filename}`);
    expect(after.status).toBe(200);
    const served = Buffer.from(await after.arrayBuffer());
    expect(carriesCameraExif(served)).toBe(false);
    expect(after.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The picture data is all still there, and the file on disk is the stripped one.
    const metadata = await sharp(served).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 400, 300, undefined]);
    expect(original.length - served.length).toBeLessThan(1024);
    expect((await readFile(path.join(server.dataDir, 'uploads', filename))).equals(served)).toBe(true);
  });

  it('is not served when its metadata cannot be cut out, with a message that says why', async () => {
    const filename = 'broken-before-its-picture.jpg';
    // A JPEG start, an EXIF block, then bytes where the next segment should begin.
    const exif = Buffer.from('Exif\0\0FolioCam', 'latin1');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(exif.length + 2);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), length, exif, Buffer.from('not a segment')]);
    await oldUpload(filename, broken);
    await imageSizes().catchUp();
    await imageSizes().whenIdle();

    const response = await fetch(`${server.url}/uploads/${filename}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as EnvelopeBody).msg).toBe(M.imageWithheld);
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
  });
});

describe('an old upload requested before the catch-up reached it', () => {
  let held: TestServer;
  beforeAll(async () => {
    held = await startTestServer();
    // The catch-up never reaches anything on this server: what a request gets is all it does.
    await held.app.context.services.imageSizes.stop();
  });
  afterAll(() => held.close());

  const plant = (filename: string, bytes: Buffer) => writeFile(path.join(held.dataDir, 'uploads', filename), bytes);

  it('is served with its EXIF (GPS) cut out on the fly, not cached, while the file on disk still waits', async () => {
    const filename = 'restored-photo-with-gps.jpg';
    const original = await jpegWithGps();
    expect(carriesCameraExif(original)).toBe(true);
    await plant(filename, original);

    for (const base of ['/uploads', '/api/admin/avatars/file', '/api/admin/articles/cover']) {
      const response = await fetch(`${held.url}${base}/${filename}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const served = Buffer.from(await response.arrayBuffer());
      expect(carriesCameraExif(served)).toBe(false);
      const metadata = await sharp(served).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 60, 40, undefined]);
    }
    expect((await readFile(path.join(held.dataDir, 'uploads', filename))).equals(original)).toBe(true);
  });

  it('is served without the text of a PNG or the XMP of a WebP', async () => {
    await plant('old-with-text.png', await pngWithText('GPS 39.9,116.4'));
    await plant('old-with-xmp.webp', await webpWithXmp());
    const png = await fetch(`${held.url}/uploads/old-with-text.png`);
    const webp = await fetch(`${held.url}/uploads/old-with-xmp.webp`);
    expect([png.status, webp.status]).toEqual([200, 200]);
    expect([png.headers.get('cache-control'), webp.headers.get('cache-control')]).toEqual(['no-store', 'no-store']);
    const pngBytes = Buffer.from(await png.arrayBuffer());
    const webpBytes = Buffer.from(await webp.arrayBuffer());
    expect(pngBytes.includes('GPS 39.9')).toBe(false);
    expect(webpBytes.includes('Secret Author')).toBe(false);
    expect((await sharp(pngBytes).metadata()).width).toBe(20);
    expect((await sharp(webpBytes).metadata()).width).toBe(20);
  });

  it('is served as stored when it is a GIF without metadata, and not cached', async () => {
    const gif = await animatedGif();
    await plant('old-animation.gif', gif);
    const response = await fetch(`${held.url}/uploads/old-animation.gif`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await response.arrayBuffer()).equals(gif)).toBe(true);
  });
});

describe('an old upload whose metadata cannot be cut out, requested before the catch-up reached it', () => {
  it('is not served, and is processed without waiting for the next catch-up', async () => {
    const filename = 'broken-and-never-processed.jpg';
    const exif = Buffer.from('Exif\0\0FolioCam', 'latin1');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(exif.length + 2);
    await oldUpload(filename, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), length, exif, Buffer.from('not a segment')]));

    const response = await fetch(`${server.url}/uploads/${filename}`);
    expect(response.status).toBe(403);
    expect(((await response.json()) as EnvelopeBody).msg).toBe(M.imageWithheld);
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');

    // No catch-up was asked for: the request queued it.
    await imageSizes().whenIdle();
    expect(imageSizes().isWithheld(filename)).toBe(true);
  });
});
