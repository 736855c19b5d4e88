import { readFile } from 'node:fs/promises';
import type { LookupAddress } from 'node:dns';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminArticleDetail, BlogImportJob, RedirectRule } from '@folio/shared';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import type { Api } from './articles.fixtures.js';
import { removeAllArticles } from './articles.fixtures.js';
import { rawRequest } from '../support/raw-request.js';
import { buildImage } from '../fixtures/images.js';
import { startImageServer } from '../blog-import/image-server.js';
import type { ImageServer } from '../blog-import/image-server.js';
import { FIXTURES, zipFixture, zipWorkspace } from '../blog-import/zip-fixtures.js';
import { ImageFetcher } from '../../src/services/blog-import/image-fetcher.js';
import type { HostResolver } from '../../src/services/blog-import/image-fetcher.js';
import { importImages } from '../../src/services/blog-import/import-images.js';

/**
 * Whole imports through the real readers and images step (server/API.md §E21): the WordPress 6
 * export and a Hexo tree the reader tests use, the old site's images on a loopback server.
 */

let server: TestServer;
let api: Api;
let token: string;
let images: ImageServer;
let wxr: string;
let workspace: Awaited<ReturnType<typeof zipWorkspace>>;

/** `*.example.test` is the loopback image server; any other name does not resolve (no test reaches the internet). */
const resolveTestNames: HostResolver = async (hostname) => {
  if (!hostname.endsWith('.example.test')) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address: '127.0.0.1', family: 4 } satisfies LookupAddress];
};

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
  images = await startImageServer();
  const oldSite = `http://old.example.test:${images.port}`;
  wxr = (await readFile(path.join(FIXTURES, 'wordpress-6.xml'), 'utf8')).replaceAll('https://old.example.com', oldSite);
  for (const [, file] of wxr.matchAll(/old\.example\.test:\d+(\/wp-content\/uploads\/[^"' )<\]]+\.(?:jpg|png))/g)) {
    images.file(file!, buildImage(file!.endsWith('.png') ? 'png' : 'jpg'), file!.endsWith('.png') ? 'image/png' : 'image/jpeg');
  }
  const { steps } = server.app.context.services.blogImport;
  // The real images step, with a resolver that sends the old site's name to loopback.
  const fetcher = new ImageFetcher({ allowPrivateHosts: true, resolve: resolveTestNames });
  steps.importImages = (source, signal, progress) =>
    importImages(source, { uploads: server.app.context.services.uploads, fetcher }, signal, progress);
  workspace = await zipWorkspace();
});
afterAll(async () => {
  await server.close();
  await images.close();
  await workspace.cleanup();
});
beforeEach(async () => {
  await removeAllArticles(api, token);
  await api('PUT', '/api/admin/redirects', { token, json: { redirects: [] } });
});

async function importFile(bytes: Uint8Array<ArrayBuffer> | string, name: string, options: unknown): Promise<BlogImportJob> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  form.append('options', JSON.stringify(options));
  const response = await fetch(`${server.url}/api/admin/imports`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const started = (await response.json()) as EnvelopeBody;
  expect([response.status, started.msg]).toEqual([202, '导入已开始']);
  const { id } = started.data as BlogImportJob;
  for (;;) {
    const job = (await api<EnvelopeBody>('GET', `/api/admin/imports/${id}`, { token })).body.data as BlogImportJob;
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const adminArticles = async () =>
  (await api<EnvelopeBody>('GET', '/api/admin/articles?per_page=100', { token })).body.data as AdminArticleDetail[];
const detail = async (id: number) =>
  (await api<EnvelopeBody>('GET', `/api/admin/articles/${id}`, { token })).body.data as AdminArticleDetail;
const page = (address: string) => rawRequest(`${server.url}${address}`, {}, 'GET');

describe('importing a WordPress 6 export (WXR)', () => {
  it('stores posts, the page, threaded comments and images, and answers the old addresses with 301', async () => {
    // Named .txt: the format is told by the content.
    const job = await importFile(wxr, 'export.txt', { pages_category: '页面' });
    expect(job).toMatchObject({ status: 'succeeded', error: null, report: { format: 'wordpress' } });
    expect(job.report).toMatchObject({
      articles_imported: 6,
      pages_imported: 1,
      articles_already_present: 0,
      images_failed: [],
    });
    expect(job.report.comments_imported).toBeGreaterThanOrEqual(5);
    expect(job.report.images_fetched).toBeGreaterThan(0);
    expect(job.report.skipped.map((skip) => skip.reason)).toContain('回收站中的文章');

    const articles = await adminArticles();
    expect(articles).toHaveLength(7);
    const hello = articles.find((article) => article.slug === 'hello-gutenberg')!;
    expect(hello).toMatchObject({ status: 'published', publish_at: '2023-05-02T02:30:00Z', category: '技术' });
    expect(articles.find((article) => article.title === '定时发布的文章')).toMatchObject({
      status: 'scheduled',
      publish_at: '2030-01-01T01:00:00Z',
    });
    expect(articles.find((article) => article.title === '关于我')).toMatchObject({ category: '页面' });
    const body = await detail(hello.id);
    expect(body.content).not.toMatch(/old\.example\.test:\d+\/wp-content/);
    expect(body.content).toMatch(/\/uploads\/[0-9a-f]+\.(?:jpg|jpeg|png|webp)/);
    expect(body.cover).toMatch(/^\/uploads\//);

    for (const [from, to] of [
      ['/2023/05/02/hello-gutenberg/', '/articles/hello-gutenberg'],
      ['/?p=10', '/articles/hello-gutenberg'],
    ]) {
      const moved = await page(from!);
      expect([from, moved.status, moved.headers.location]).toEqual([from, 301, to]);
    }
    const image = await page('/wp-content/uploads/2023/05/harbor-1024x683.jpg');
    expect(image.status).toBe(301);
    expect(image.headers.location).toMatch(/^\/uploads\//);
    const redirects = (
      (await api<EnvelopeBody>('GET', '/api/admin/redirects', { token })).body.data as { redirects: RedirectRule[] }
    ).redirects;
    expect(redirects).toEqual(expect.arrayContaining(job.report.redirects.map((rule) => ({ ...rule, status: 301 }))));
  });

  it('the same file again adds nothing and says so', async () => {
    const first = await importFile(wxr, 'export.xml', { pages_category: '页面' });
    const fetchedBefore = images.requests.length;
    const again = await importFile(wxr, 'export.xml', { pages_category: '页面' });
    expect(again.report).toMatchObject({
      articles_imported: 0,
      pages_imported: 0,
      articles_already_present: 7,
      comments_imported: 0,
      comments_already_present: first.report.comments_imported,
      images_fetched: 0,
      redirects: [],
    });
    expect(images.requests.length).toBe(fetchedBefore);
    expect(await adminArticles()).toHaveLength(7);
  });

  it('XML that breaks halfway fails the job with a Chinese message and changes nothing', async () => {
    const broken = wxr.slice(0, Math.floor(wxr.length / 2));
    const job = await importFile(broken, 'export.xml', {});
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/[\u4e00-\u9fff]/);
    expect(await adminArticles()).toEqual([]);
  });
});

describe('importing a Ghost 5 export (JSON)', () => {
  it('resolves __GHOST_URL__ against site_url, brings the images over and redirects /<slug>/', async () => {
    const ghostSite = `http://ghost.example.test:${images.port}`;
    for (const file of [
      '/content/images/2023/10/cover.jpg',
      '/content/images/2023/10/inline.png',
      '/content/images/2023/11/diagram.png',
    ]) {
      images.file(file, buildImage(file.endsWith('.png') ? 'png' : 'jpg'), file.endsWith('.png') ? 'image/png' : 'image/jpeg');
    }
    const ghost = new Uint8Array(await readFile(path.join(FIXTURES, 'ghost-5.json')));
    const job = await importFile(ghost, 'export', { site_url: ghostSite });
    expect(job).toMatchObject({ status: 'succeeded', report: { format: 'ghost', images_failed: [] } });
    expect(job.report.articles_imported).toBeGreaterThan(0);
    expect(job.report.images_fetched).toBe(3);
    const hello = (await adminArticles()).find((article) => article.slug === 'hello-ghost')!;
    expect(hello.status).toBe('published');
    expect((await detail(hello.id)).content).not.toContain('__GHOST_URL__');
    const moved = await page('/hello-ghost/');
    expect([moved.status, moved.headers.location]).toEqual([301, '/articles/hello-ghost']);
    const again = await importFile(ghost, 'export', { site_url: ghostSite });
    expect(again.report).toMatchObject({ articles_imported: 0, articles_already_present: job.report.article_ids.length });
  });
});

describe('importing a static site (zip of a Hexo tree)', () => {
  it('stores its posts with the images the zip carries', async () => {
    const zip = await zipFixture('hexo', path.join(workspace.dir, 'hexo.zip'));
    const job = await importFile(new Uint8Array(await readFile(zip)), 'blog.bin', {});
    expect(job).toMatchObject({ status: 'succeeded', report: { format: 'static-site' } });
    expect(job.report.articles_imported).toBeGreaterThan(0);
    expect(job.report.images_from_archive).toBeGreaterThan(0);
    expect(await adminArticles()).toHaveLength(job.report.article_ids.length);
    const again = await importFile(new Uint8Array(await readFile(zip)), 'blog.zip', {});
    expect(again.report).toMatchObject({ articles_imported: 0, articles_already_present: job.report.article_ids.length });
  });
});
