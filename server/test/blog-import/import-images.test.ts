import type { LookupAddress } from 'node:dns';
import type { ServerResponse } from 'node:http';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlogImportImageMessages as M, LIMITS } from '@folio/shared';
import { ImageFetcher } from '../../src/services/blog-import/image-fetcher.js';
import type { HostResolver } from '../../src/services/blog-import/image-fetcher.js';
import { importImages } from '../../src/services/blog-import/import-images.js';
import type { ImportImagesDeps } from '../../src/services/blog-import/import-images.js';
import type { ArchivedImage, BlogSource, SourcePost } from '../../src/services/blog-import/source.js';
import { UploadsService } from '../../src/services/uploads.service.js';
import type { UploadLogFile } from '../../src/store/records.js';
import { UPLOAD_GRACE_MS } from '../../src/store/startup-sweeps.js';
import { Store } from '../../src/store/store.js';
import { UploadsRepository } from '../../src/store/uploads.repository.js';
import { pixelsOf } from '../fixtures/images.js';
import { jpegWithGps } from '../fixtures/photos.js';
import { startImageServer } from './image-server.js';
import type { ImageServer } from './image-server.js';

let images: ImageServer;
let dataDir: string;
let store: Store;
/** The old blog at `old.example.test`, a CDN at `cdn.example.test`: both the loopback server. */
let oldSite: string;
let cdn: string;

const resolveTestNames: HostResolver = async (hostname) => {
  if (!hostname.endsWith('.example.test')) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address: '127.0.0.1', family: 4 } satisfies LookupAddress];
};

beforeEach(async () => {
  images = await startImageServer();
  oldSite = `http://old.example.test:${images.port}`;
  cdn = `http://cdn.example.test:${images.port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-blog-import-images-'));
  store = await Store.open(dataDir);
});
afterEach(async () => {
  await images.close();
  await store.flush();
  await rm(dataDir, { recursive: true, force: true });
});

function deps(fetcher = new ImageFetcher({ allowPrivateHosts: true, resolve: resolveTestNames })): ImportImagesDeps {
  return { uploads: new UploadsService(new UploadsRepository(store), LIMITS.imageBytes), fetcher };
}

function buildPost(fields: Partial<SourcePost> = {}): SourcePost {
  return {
    sourceId: fields.sourceId ?? 'post-1',
    kind: 'post',
    title: '旧文章',
    content: '',
    status: 'published',
    slug: 'old-post',
    summary: '',
    category: '',
    tags: [],
    cover: '',
    oldAddresses: [],
    comments: [],
    ...fields,
  };
}

function buildSource(posts: SourcePost[], archived: Record<string, Buffer> = {}): BlogSource {
  const archivedImages = new Map<string, ArchivedImage>();
  for (const [key, bytes] of Object.entries(archived)) archivedImages.set(key, { path: key, read: async () => bytes });
  return { format: 'wordpress', siteUrl: oldSite, posts, skipped: [], archivedImages, warnings: [] };
}

const png = (red: number) =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: { r: red, g: 40, b: 60 } } })
    .png()
    .toBuffer();

const never = new AbortController().signal;
const uploadsOnDisk = async () => (await readdir(store.uploadsDir)).filter((name) => !name.startsWith('.')).sort();
const fileOf = (url: string | undefined) => path.join(store.uploadsDir, (url ?? '').replace(/^\/uploads\//, ''));

describe('bringing over the images of an imported blog', () => {
  it('fetches every image the posts use, stores each once without its metadata, and rewrites the posts', async () => {
    const photo = await jpegWithGps();
    const small = await png(10);
    const cover = await png(200);
    images.file('/wp-content/uploads/2020/05/photo.jpg', photo);
    images.file('/wp-content/uploads/2020/05/photo-300x200.jpg', small, 'image/png');
    images.file('/content/images/cover.png', cover, 'image/png');
    // The same bytes at another address, on another host.
    images.file('/mirror/photo.jpg', photo);
    images.file('/page.html', Buffer.from('<!doctype html><title>不是图片</title>'), 'text/html');

    const first = buildPost({
      content: [
        `![相片](${oldSite}/wp-content/uploads/2020/05/photo.jpg "在海边")`,
        '',
        `[![小图](/wp-content/uploads/2020/05/photo-300x200.jpg)](/wp-content/uploads/2020/05/photo.jpg)`,
        '',
        '<img src="/content/images/cover.png" alt="封面" width="300">',
        '',
        `![镜像](${cdn}/mirror/photo.jpg)`,
        '',
        '![没了](/wp-content/uploads/2019/01/gone.jpg) ![网页](/page.html)',
        '',
        '```markdown',
        '![写法示例](/wp-content/uploads/2020/05/photo.jpg)',
        '```',
        '',
        '[一篇文章](/2020/05/hello-world/)',
      ].join('\n'),
    });
    const second = buildPost({
      sourceId: 'post-2',
      cover: '/content/images/cover.png',
      content: `再看一次：![相片](/wp-content/uploads/2020/05/photo.jpg)`,
    });
    const progress: Array<[number, number]> = [];
    const result = await importImages(buildSource([first, second]), deps(), never, (done, total) => progress.push([done, total]));

    // Each address fetched once, whatever form the posts wrote it in, and the link to a page never.
    const requested = [...images.requests].sort();
    expect(requested).toEqual(
      [
        '/content/images/cover.png',
        '/mirror/photo.jpg',
        '/page.html',
        '/wp-content/uploads/2019/01/gone.jpg',
        '/wp-content/uploads/2020/05/photo-300x200.jpg',
        '/wp-content/uploads/2020/05/photo.jpg',
      ].sort(),
    );
    expect(result.fetched).toBe(4);
    expect(result.fromArchive).toBe(0);
    expect(progress.at(-1)).toEqual([6, 6]);
    expect(result.failures).toEqual([
      { url: `${oldSite}/wp-content/uploads/2019/01/gone.jpg`, reason: 'HTTP 404' },
      { url: `${oldSite}/page.html`, reason: M.notAnImage },
    ]);

    // The same picture at two addresses is one file; three pictures, three files.
    const photoUrl = result.urls.get(`${oldSite}/wp-content/uploads/2020/05/photo.jpg`);
    expect(result.urls.get('/wp-content/uploads/2020/05/photo.jpg')).toBe(photoUrl);
    expect(result.urls.get(`${cdn}/mirror/photo.jpg`)).toBe(photoUrl);
    expect(result.filenames).toHaveLength(3);
    expect(await uploadsOnDisk()).toEqual([...result.filenames].sort());

    // Stored as an upload is: the EXIF (with its GPS position) is gone, the picture is the same.
    const stored = await readFile(fileOf(photoUrl));
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    expect((await pixelsOf(stored)).length).toBe((await pixelsOf(photo)).length);

    const coverUrl = result.urls.get('/content/images/cover.png');
    const smallUrl = result.urls.get('/wp-content/uploads/2020/05/photo-300x200.jpg');
    expect(result.rewrite(first.content)).toBe(
      [
        `![相片](${photoUrl} "在海边")`,
        '',
        `[![小图](${smallUrl})](${photoUrl})`,
        '',
        `<img src="${coverUrl}" alt="封面" width="300">`,
        '',
        `![镜像](${photoUrl})`,
        '',
        // What failed keeps its old address.
        '![没了](/wp-content/uploads/2019/01/gone.jpg) ![网页](/page.html)',
        '',
        '```markdown',
        '![写法示例](/wp-content/uploads/2020/05/photo.jpg)',
        '```',
        '',
        '[一篇文章](/2020/05/hello-world/)',
      ].join('\n'),
    );
    expect(result.rewrite(second.content)).toBe(`再看一次：![相片](${photoUrl})`);
    expect(result.rewriteCover(second.cover)).toBe(coverUrl);
    expect(result.rewriteCover('/wp-content/uploads/2019/01/gone.jpg')).toBe('/wp-content/uploads/2019/01/gone.jpg');

    // The old site's image paths (resized variants included) lead to the new files; the CDN's are not ours.
    expect(result.redirects).toEqual(
      expect.arrayContaining([
        { from: '/wp-content/uploads/2020/05/photo.jpg', to: photoUrl },
        { from: '/wp-content/uploads/2020/05/photo-300x200.jpg', to: smallUrl },
        { from: '/content/images/cover.png', to: coverUrl },
      ]),
    );
    expect(result.redirects).toHaveLength(3);
  });

  it('takes an image from the uploaded file before fetching anything', async () => {
    const photo = await jpegWithGps();
    const elsewhere = await png(90);
    images.file('/wp-content/uploads/2020/05/photo.jpg', photo);
    images.file('/content/images/other.png', elsewhere, 'image/png');
    let reads = 0;
    const source = buildSource([
      buildPost({
        content: `![a](${oldSite}/wp-content/uploads/2020/05/photo.jpg) ![b](/wp-content/uploads/2020/05/photo.jpg) ![c](/content/images/other.png)`,
      }),
      buildPost({ sourceId: 'bundle', content: '![同目录](./photo.jpg)', cover: 'cover.png' }),
    ]);
    source.archivedImages.set('wp-content/uploads/2020/05/photo.jpg', {
      path: 'wp-content/uploads/2020/05/photo.jpg',
      read: async () => {
        reads += 1;
        return photo;
      },
    });
    const bundled = await png(150);
    source.archivedImages.set('photo.jpg', { path: 'content/posts/bundle/photo.jpg', read: async () => bundled });
    source.archivedImages.set('cover.png', { path: 'content/posts/bundle/cover.png', read: async () => bundled });

    const result = await importImages(source, deps(), never);
    expect(images.requests).toEqual(['/content/images/other.png']);
    expect(reads).toBe(1);
    expect(result.fromArchive).toBe(3);
    expect(result.fetched).toBe(1);
    expect(result.failures).toEqual([]);
    const photoUrl = result.urls.get('/wp-content/uploads/2020/05/photo.jpg');
    expect(result.urls.get(`${oldSite}/wp-content/uploads/2020/05/photo.jpg`)).toBe(photoUrl);
    expect((await sharp(await readFile(fileOf(photoUrl))).metadata()).exif).toBeUndefined();
    // Two archive entries with the same bytes are one file.
    expect(result.urls.get('./photo.jpg')).toBe(result.rewriteCover('cover.png'));
    expect(result.rewrite('![同目录](./photo.jpg)')).toBe(`![同目录](${result.urls.get('./photo.jpg')})`);
  });

  it('lists an image it cannot fetch safely and keeps its address: a private host without the switch', async () => {
    const photo = await jpegWithGps();
    images.file('/wp-content/uploads/photo.jpg', photo);
    const source = buildSource([buildPost({ content: `![a](${images.origin}/wp-content/uploads/photo.jpg)` })]);
    const strict = deps(new ImageFetcher({ allowPrivateHosts: false }));
    const result = await importImages(source, strict, never);
    expect(images.requests).toEqual([]);
    expect(result.failures).toEqual([{ url: `${images.origin}/wp-content/uploads/photo.jpg`, reason: M.privateAddress }]);
    expect(result.urls.size).toBe(0);
    expect(result.rewrite(source.posts[0]?.content ?? '')).toBe(source.posts[0]?.content);
    expect(await uploadsOnDisk()).toEqual([]);
  });

  it('stops promptly when the job is cancelled, rejecting with the cancellation', async () => {
    const held: ServerResponse[] = [];
    images.route('/held.jpg', (_request, response) => held.push(response));
    const posts = Array.from({ length: 8 }, (_, at) => buildPost({ sourceId: `p${at}`, content: `![](/held.jpg?n=${at})` }));
    const cancel = new AbortController();
    const running = importImages(buildSource(posts), deps(), cancel.signal);
    await vi.waitFor(() => expect(held).toHaveLength(4));
    cancel.abort(new DOMException('导入已取消', 'AbortError'));
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    // Four at a time: the other four never reached the server.
    expect(images.requests).toHaveLength(4);
    expect(images.maxActive).toBe(4);
    await vi.waitFor(() => expect(images.closedEarly).toHaveLength(4));
    expect(await uploadsOnDisk()).toEqual([]);
  });

  it('leaves images of an import never applied to the sweep, which removes them as it does an abandoned upload', async () => {
    const photo = await jpegWithGps();
    images.file('/wp-content/uploads/photo.jpg', photo);
    const source = buildSource([buildPost({ content: '![a](/wp-content/uploads/photo.jpg)' })]);
    const result = await importImages(source, deps(), never);
    expect(result.filenames).toHaveLength(1);
    const [stored = ''] = result.filenames;
    expect(await uploadsOnDisk()).toEqual([stored]);
    // The job failed here: no article was applied, nothing refers to the file.
    await store.flush();
    const logFile = path.join(dataDir, 'upload-log.json');
    const log = JSON.parse(await readFile(logFile, 'utf8')) as UploadLogFile;
    expect(log.items.map((entry) => entry.filename)).toEqual([stored]);

    // A restart within the grace keeps it (an upload may wait for its article)...
    store = await Store.open(dataDir);
    expect(await uploadsOnDisk()).toEqual([stored]);
    await store.flush();
    // ...and once the grace has passed, the sweep removes it.
    for (const entry of log.items) entry.written_at = new Date(Date.now() - UPLOAD_GRACE_MS - 60_000).toISOString();
    await writeFile(logFile, JSON.stringify(log));
    store = await Store.open(dataDir);
    expect(await uploadsOnDisk()).toEqual([]);
  });
});
