import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadLimits } from '@folio/shared';
import { loadConfig } from '../../src/config.js';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { buildImage, imageForm } from '../fixtures/images.js';

type Api = ReturnType<typeof apiClient>;

/** A PNG of noise, the way a browser puts a copied photo on the clipboard: many times its JPEG's size. */
async function clipboardPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe('image uploads with the default limit', () => {
  let server: TestServer;
  let api: Api;
  let token: string;
  beforeAll(async () => {
    ({ server, api, token } = await startSignedIn());
  });
  afterAll(() => server.close());

  it('takes an 11 MB PNG pasted from the clipboard (the default limit is 25 MB)', async () => {
    const photo = await clipboardPhoto(2200, 1700);
    expect(photo.length).toBeGreaterThan(10 * 1024 * 1024);
    const response = await api<EnvelopeBody>('POST', '/api/admin/articles/images', {
      token,
      body: imageForm(photo, 'image.png'),
    });
    expect(response.status, response.body.msg).toBe(201);
    expect((response.body.data as { url: string }).url).toMatch(/^\/uploads\/[0-9a-f]+\.png$/);
  }, 60_000);

  it('tells the admin the limits it checks before sending, and only the admin', async () => {
    const response = await api<EnvelopeBody & { data: UploadLimits }>('GET', '/api/admin/upload-limits', { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ image_bytes: 25 * 1024 * 1024, image_pixels: 50_000_000 });
    expect((await api('GET', '/api/admin/upload-limits')).status).toBe(401);
  });

  it('refuses a file over 25 MB with the limit named, storing nothing', async () => {
    const tooBig = Buffer.concat([buildImage('png'), Buffer.alloc(25 * 1024 * 1024)]);
    for (const path of ['/api/admin/articles/images', '/api/admin/articles/cover', '/api/admin/avatars']) {
      const response = await api<EnvelopeBody>('POST', path, { token, body: imageForm(tooBig, 'big.png') });
      expect(response.status, path).toBe(413);
      expect(response.body).toMatchObject({ code: 1, msg: '图片大小不能超过25MB' });
    }
  });
});

describe('image uploads with MAX_IMAGE_MB set', () => {
  let server: TestServer;
  let api: Api;
  let token: string;
  beforeAll(async () => {
    ({ server, api, token } = await startSignedIn({ config: { maxImageBytes: 1024 * 1024 } }));
  });
  afterAll(() => server.close());

  it('refuses past the owner’s limit with that limit in the message, and says it to the editor', async () => {
    const photo = Buffer.concat([buildImage('png'), Buffer.alloc(1024 * 1024)]);
    for (const path of ['/api/admin/articles/images', '/api/admin/avatars']) {
      const response = await api<EnvelopeBody>('POST', path, { token, body: imageForm(photo, 'photo.png') });
      expect(response.status, path).toBe(413);
      expect(response.body).toMatchObject({ code: 1, msg: '图片大小不能超过1MB' });
    }
    const limits = await api<EnvelopeBody & { data: UploadLimits }>('GET', '/api/admin/upload-limits', { token });
    expect(limits.body.data.image_bytes).toBe(1024 * 1024);
  });
});

describe('MAX_IMAGE_MB', () => {
  const load = (env: Record<string, string>) => loadConfig(env, { dotenv: false });

  it('is 25 MB unless set, and takes a number of megabytes', () => {
    expect(load({}).maxImageBytes).toBe(25 * 1024 * 1024);
    expect(load({ MAX_IMAGE_MB: '40' }).maxImageBytes).toBe(40 * 1024 * 1024);
    expect(load({ MAX_IMAGE_MB: '0.5' }).maxImageBytes).toBe(512 * 1024);
  });

  it('refuses a value that is not a positive number of at most 190', () => {
    expect(() => load({ MAX_IMAGE_MB: 'big' })).toThrow(/MAX_IMAGE_MB/);
    expect(() => load({ MAX_IMAGE_MB: '0' })).toThrow(/MAX_IMAGE_MB/);
    expect(() => load({ MAX_IMAGE_MB: '500' })).toThrow(/MAX_IMAGE_MB must be at most 190/);
  });
});
