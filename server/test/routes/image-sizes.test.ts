import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { startSignedIn, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { imageForm } from '../fixtures/images.js';
import { animatedGif, jpegWithGps } from '../fixtures/photos.js';

interface ImageFacts {
  width: number;
  height: number;
  animated: boolean;
  sizes: { width: number; height: number; type: string; url: string }[];
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.close();
});

/** A photo-like JPEG (noise, so it does not compress to nothing) of the given size. */
function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#6a8', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg()
    .toBuffer();
}

const idle = (server: TestServer) => server.app.context.services.imageSizes.whenIdle();

async function facts(server: TestServer, filename: string): Promise<{ status: number; facts: ImageFacts }> {
  const response = await fetch(`${server.url}/api/images/${filename}`);
  const body = (await response.json()) as EnvelopeBody;
  return { status: response.status, facts: body.data as ImageFacts };
}

async function signedIn() {
  const started = await startSignedIn();
  servers.push(started.server);
  return started;
}

type SignedIn = Awaited<ReturnType<typeof signedIn>>;

/** Uploads an image and waits until its sizes are made. */
async function upload(
  { server, api, token }: SignedIn,
  endpoint: string,
  bytes: Buffer,
  fileName: string,
): Promise<{ filename: string; id?: number }> {
  const response = await api<EnvelopeBody>('POST', endpoint, { token, body: imageForm(bytes, fileName) });
  expect(response.status).toBe(201);
  await idle(server);
  return response.body.data as { filename: string; id?: number };
}

const sizeFiles = async (server: TestServer) => (await readdir(path.join(server.dataDir, 'image-sizes'))).sort();

describe('page sizes of an upload', () => {
  it('makes 480, 960 and 1600 wide copies in AVIF and WebP and a 1200-wide JPEG, served for a year under names of their content', async () => {
    const started = await signedIn();
    const { server } = started;
    const { filename } = await upload(started, '/api/admin/articles/cover', await photo(2000, 1250), 'wide.jpg');
    const { status, facts: image } = await facts(server, filename);
    expect(status).toBe(200);
    expect(image).toMatchObject({ width: 2000, height: 1250, animated: false });
    expect(image.sizes.map((size) => [size.width, size.height, size.type])).toEqual([
      [480, 300, 'image/avif'],
      [480, 300, 'image/webp'],
      [960, 600, 'image/avif'],
      [960, 600, 'image/webp'],
      [1600, 1000, 'image/avif'],
      [1600, 1000, 'image/webp'],
      [1200, 750, 'image/jpeg'],
    ]);
    for (const size of image.sizes) {
      expect(size.url).toMatch(/^\/uploads\/sizes\/[0-9a-f]{32}\.(avif|webp|jpg)$/);
      const served = await fetch(`${server.url}${size.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(size.type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([metadata.width, metadata.height]).toEqual([size.width, size.height]);
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('never makes a copy wider than the image, and leaves an animation as it is', async () => {
    const started = await signedIn();
    const { filename } = await upload(started, '/api/admin/articles/images', await photo(300, 200), 'small.jpg');
    const small = await facts(started.server, filename);
    expect(small.facts.sizes.map((size) => [size.width, size.type])).toEqual([
      [300, 'image/avif'],
      [300, 'image/webp'],
    ]);
    const gif = await upload(started, '/api/admin/articles/images', await animatedGif(), 'loop.gif');
    const animated = await facts(started.server, gif.filename);
    expect(animated.facts).toMatchObject({ width: 8, height: 8, animated: true, sizes: [] });
  });

  it("removes an avatar's sizes with the avatar", async () => {
    const started = await signedIn();
    const { server, api, token } = started;
    const { id } = await upload(started, '/api/admin/avatars', await photo(1000, 1000), 'me.jpg');
    expect((await sizeFiles(server)).length).toBe(1 + 2 * 3);
    expect((await api('DELETE', `/api/admin/avatars/${id}`, { token })).status).toBe(200);
    expect(await sizeFiles(server)).toEqual([]);
  });
});

describe('uploads stored before sizes existed', () => {
  it('are cleaned and sized once after a start; a restart does not redo them, and sizes of a removed file go', async () => {
    const first = await startTestServer();
    servers.push(first);
    await first.stop();
    // What an older server left: a photo with its camera EXIF, and a file that is no image.
    const uploads = path.join(first.dataDir, 'uploads');
    await writeFile(path.join(uploads, 'old-photo.jpg'), await jpegWithGps());
    await writeFile(path.join(uploads, 'notes.txt'), 'not an image');

    const second = await startTestServer({ dataDir: first.dataDir });
    servers.push(second);
    await idle(second);
    const cleaned = await sharp(path.join(uploads, 'old-photo.jpg')).metadata();
    expect(cleaned.exif).toBeUndefined();
    expect((await facts(second, 'old-photo.jpg')).facts.sizes).toHaveLength(2);
    expect((await facts(second, 'notes.txt')).status).toBe(404);
    const manifestPath = path.join(first.dataDir, 'image-sizes', 'old-photo.jpg.json');
    const processedAt = (await stat(manifestPath)).mtimeMs;
    const photoAt = (await stat(path.join(uploads, 'old-photo.jpg'))).mtimeMs;
    await second.stop();

    const third = await startTestServer({ dataDir: first.dataDir });
    servers.push(third);
    await idle(third);
    expect((await stat(manifestPath)).mtimeMs).toBe(processedAt);
    expect((await stat(path.join(uploads, 'old-photo.jpg'))).mtimeMs).toBe(photoAt);
    await third.stop();

    await rm(path.join(uploads, 'old-photo.jpg'));
    const fourth = await startTestServer({ dataDir: first.dataDir });
    servers.push(fourth);
    await idle(fourth);
    expect((await sizeFiles(fourth)).filter((name) => !name.startsWith('notes.txt'))).toEqual([]);
  });
});

describe('what an interrupted size job left', () => {
  it('is removed at the next start: size files no manifest names and temp files; named sizes stay', async () => {
    const started = await signedIn();
    const { server } = started;
    const { filename } = await upload(started, '/api/admin/articles/images', await photo(600, 400), 'kept.jpg');
    const made = await sizeFiles(server);
    expect(made).toHaveLength(1 + 2 * 2);
    await server.stop();
    // A kill after the size files were written but before their manifest, and one during a write.
    const dir = path.join(server.dataDir, 'image-sizes');
    await writeFile(path.join(dir, `${'a'.repeat(32)}.avif`), 'half a job');
    await writeFile(path.join(dir, `${'b'.repeat(32)}.webp`), 'half a job');
    await writeFile(path.join(dir, `.${'c'.repeat(32)}.webp.1a2b.tmp`), 'cut short');

    const restarted = await startTestServer({ dataDir: server.dataDir });
    servers.push(restarted);
    await idle(restarted);
    expect(await sizeFiles(restarted)).toEqual(made);
    expect((await facts(restarted, filename)).status).toBe(200);
  });
});
