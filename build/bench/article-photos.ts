/**
 * `npx tsx build/bench/article-photos.ts` (after `npm run build`): what an article with ten phone
 * photos costs a phone. It starts the compiled server on an empty data dir, uploads ten 12-megapixel
 * phone-like JPEGs (phone-photos.ts) as body images, waits for their page sizes
 * (server/API.md §E11.1), publishes one article showing them all, and reports:
 *
 * - Lighthouse's mobile run of the article page (its scores, LCP and CLS);
 * - the image bytes a phone downloads reading the whole article (Chromium at 390×844 CSS pixels,
 *   device pixel ratio 3, scrolled to the end so every lazy image loads), beside the bytes of the
 *   originals as served and as the camera wrote them.
 *
 * Figures only: the script fails only when a request does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../../server/test/support/server-process.js';
import { login } from '../../tests/support/test-server.js';
import { answerOffSiteEmpty, launchChromium } from './chromium.js';
import { printLighthouse, runLighthouse } from './lighthouse.js';
import { phonePhoto } from './phone-photos.js';
import { printTable } from './report.js';

const PHOTO_COUNT = 10;
const PHOTO_WIDTH = 4000;
const PHOTO_HEIGHT = 3000;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

interface Uploaded {
  url: string;
  filename: string;
  sentBytes: number;
}

async function uploadPhoto(origin: string, token: string, photo: Buffer): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${origin}/api/admin/articles/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { data?: { url?: string; filename?: string } };
  if (response.status !== 201 || !body.data?.url || !body.data.filename)
    throw new Error(`the upload answered ${response.status}: ${JSON.stringify(body)}`);
  return { url: body.data.url, filename: body.data.filename, sentBytes: photo.length };
}

async function waitForSizes(origin: string, filename: string): Promise<void> {
  const startedAt = performance.now();
  while ((await fetch(`${origin}/api/images/${filename}`)).status !== 200) {
    if (performance.now() - startedAt > 300_000) throw new Error(`the sizes of ${filename} took more than five minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function publishArticle(origin: string, token: string, photos: readonly Uploaded[]): Promise<number> {
  const paragraph = '手机拍下的一张照片，配上几句说明文字，读者在手机上从头滑到尾。';
  const content = photos
    .map((photo, index) => `## 第${index + 1}张\n\n${paragraph}\n\n![照片${index + 1}](${photo.url})\n`)
    .join('\n');
  const response = await fetch(`${origin}/api/admin/articles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: '十张手机照片', summary: '一篇有十张照片的文章', content, status: 'published' }),
  });
  const body = (await response.json()) as { data?: { id?: number } };
  if (response.status !== 201 || body.data?.id === undefined)
    throw new Error(`creating the article answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data.id;
}

/** The bytes of every image a phone loads reading the whole page, scrolled a screen at a time. */
async function imageBytesOnPhone(pageUrl: string): Promise<{ count: number; bytes: number }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await answerOffSiteEmpty(page);
    const bodies: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image')
        bodies.push(
          response
            .body()
            .then((body) => body.length)
            .catch(() => 0),
        );
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += PHONE.viewport.height) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(bodies);
    return { count: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-bench-article-photos-'));
  const server = await spawnServer({ dataDir, startTimeoutMs: 120_000, compiled: true });
  try {
    const token = await login(server.url, { password: PROCESS_ADMIN_PASSWORD });
    const photos: Uploaded[] = [];
    for (let seed = 0; seed < PHOTO_COUNT; seed += 1)
      photos.push(await uploadPhoto(server.url, token, await phonePhoto(PHOTO_WIDTH, PHOTO_HEIGHT, seed + 100)));
    for (const photo of photos) await waitForSizes(server.url, photo.filename);
    let servedBytes = 0;
    for (const photo of photos) servedBytes += (await (await fetch(server.url + photo.url)).arrayBuffer()).byteLength;
    const sentBytes = photos.reduce((sum, photo) => sum + photo.sentBytes, 0);
    const pageUrl = `${server.url}/articles/${await publishArticle(server.url, token, photos)}`;

    const phone = await imageBytesOnPhone(pageUrl);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
    console.info(`An article with ${PHOTO_COUNT} phone photos (${PHOTO_WIDTH}×${PHOTO_HEIGHT} JPEG each)`);
    printTable(
      ['images', 'count', 'MB', 'share of the originals served'],
      [
        ['as the camera wrote them', String(PHOTO_COUNT), mb(sentBytes), ''],
        ['originals served (cleaned)', String(PHOTO_COUNT), mb(servedBytes), '100%'],
        [
          `a phone reading it all (${PHONE.viewport.width} wide, ×${PHONE.deviceScaleFactor})`,
          String(phone.count),
          mb(phone.bytes),
          `${((phone.bytes / servedBytes) * 100).toFixed(0)}%`,
        ],
      ],
    );
    console.info('');
    printLighthouse(await runLighthouse([pageUrl], []), server.url, () => `article with ${PHOTO_COUNT} photos`);
  } finally {
    await stopServer(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
