import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessages as M } from '@folio/shared';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { imageForm } from '../fixtures/images.js';
import {
  animatedGif,
  decompressionBomb,
  heicHead,
  jpegOrientedSix,
  jpegWithGps,
  pngInDisplayP3,
  pngWithText,
  truncatedJpeg,
  webpWithXmp,
} from '../fixtures/photos.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

const storedFiles = async () => (await readdir(path.join(server.dataDir, 'uploads'))).filter((name) => !name.startsWith('.'));

/** Uploads an image and resolves with the bytes the server then serves for it. */
async function uploadAndFetch(endpoint: string, bytes: Buffer, fileName: string): Promise<Buffer> {
  const response = await api<EnvelopeBody>('POST', endpoint, { token, body: imageForm(bytes, fileName) });
  expect(response.status).toBe(201);
  const served = await fetch(`${server.url}${(response.body.data as { url: string }).url}`);
  expect(served.status).toBe(200);
  return Buffer.from(await served.arrayBuffer());
}

describe.each(['/api/admin/articles/cover', '/api/admin/articles/images', '/api/admin/avatars'])(
  'an image uploaded at %s is stored without its metadata',
  (endpoint) => {
    it('drops a JPEG camera EXIF with its GPS position and serial number', async () => {
      const sent = await jpegWithGps();
      expect((await sharp(sent).metadata()).exif).toBeDefined();
      const served = await uploadAndFetch(endpoint, sent, 'holiday.jpg');
      const metadata = await sharp(served).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
      expect(served.includes('FolioCam')).toBe(false);
      expect(served.includes('SN-12345')).toBe(false);
    });

    it('drops the text chunks of a PNG and the XMP of a WebP', async () => {
      const png = await uploadAndFetch(endpoint, await pngWithText('taken at home, 12 Main St'), 'scan.png');
      expect((await sharp(png).metadata()).comments).toBeUndefined();
      expect(png.includes('Main St')).toBe(false);
      const webp = await uploadAndFetch(endpoint, await webpWithXmp(), 'art.webp');
      const metadata = await sharp(webp).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(webp.includes('Secret Author')).toBe(false);
    });
  },
);

describe('what cleaning keeps', () => {
  it('turns an orientation-6 JPEG upright, so its width and height swap and no orientation is left', async () => {
    const served = await uploadAndFetch('/api/admin/articles/cover', await jpegOrientedSix(), 'phone.jpg');
    const metadata = await sharp(served).metadata();
    expect([metadata.width, metadata.height]).toEqual([40, 60]);
    expect(metadata.orientation).toBeUndefined();
  });

  it('converts a Display P3 image to sRGB instead of dropping its profile', async () => {
    const sent = await pngInDisplayP3();
    const rawP3 = await sharp(sent, { ignoreIcc: true }).raw().toBuffer();
    // The stored values are P3's, which read as sRGB would be another colour.
    expect(Math.abs(rawP3[0]! - 200)).toBeGreaterThan(5);
    const served = await uploadAndFetch('/api/admin/articles/images', sent, 'wide-gamut.png');
    expect((await sharp(served).metadata()).icc).toBeUndefined();
    const [r, g, b] = await sharp(served).raw().toBuffer();
    expect([r, g, b].map((value, index) => Math.abs(value! - [200, 100, 50][index]!) <= 3)).toEqual([true, true, true]);
  });

  it('keeps every frame of an animated GIF', async () => {
    const served = await uploadAndFetch('/api/admin/articles/images', await animatedGif(), 'loop.gif');
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe('gif');
    expect(metadata.pages).toBe(3);
    expect(metadata.delay).toEqual([100, 100, 100]);
  });
});

describe('bad images are refused with a 4xx and nothing is stored', () => {
  it.each([
    ['a decompression bomb (10000×10000 pixels)', decompressionBomb, 'bomb.png', 413, M.imageTooManyPixels],
    ['a truncated JPEG', truncatedJpeg, 'cut.jpg', 400, M.imageDamaged],
    [
      'text named like a JPEG',
      () => Promise.resolve(Buffer.from('this is not an image at all\n'.repeat(20))),
      'fake.jpg',
      415,
      M.imageTypeUnsupported,
    ],
    ['an iPhone HEIC photo', () => Promise.resolve(heicHead()), 'IMG_0001.HEIC', 415, M.imageHeicUnsupported],
  ] as const)('%s', async (_label, build, fileName, status, message) => {
    const bytes = await build();
    const before = await storedFiles();
    const avatarsBefore = (await api<EnvelopeBody>('GET', '/api/admin/avatars', { token })).body.data;
    for (const endpoint of ['/api/admin/articles/cover', '/api/admin/avatars']) {
      const response = await api<EnvelopeBody>('POST', endpoint, { token, body: imageForm(bytes, fileName) });
      expect(response.status).toBe(status);
      expect(response.body.msg).toBe(message);
    }
    expect(await storedFiles()).toEqual(before);
    expect((await api<EnvelopeBody>('GET', '/api/admin/avatars', { token })).body.data).toEqual(avatarsBefore);
  });
});
