import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_ADMIN_PASSWORD, spawnServer, stopServer } from '../../server/test/support/server-process.js';
import type { ServerProcess } from '../../server/test/support/server-process.js';
import { buildImage, imageForm } from '../../server/test/fixtures/images.js';
import { apiClient, login } from '../../tests/support/test-server.js';
import type { EnvelopeBody } from '../../tests/support/test-server.js';
import { bundleServer } from './bundle-server.js';

const compiledEntry = path.resolve(import.meta.dirname, '../../server/dist/main.js');

/** What `npm start` runs: the one-file server bundle, with the Node flags of the start script. */
describe('the compiled server', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    await bundleServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'folio-compiled-'));
    server = await spawnServer({ dataDir, compiled: true, startTimeoutMs: 60_000 });
  }, 120_000);
  afterAll(async () => {
    await stopServer(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is one ASCII-only file, so Node keeps its source as one-byte text', async () => {
    const source = await readFile(compiledEntry, 'utf8');
    // No expect(source).toMatch: a failure would print megabytes of bundle.
    expect([...source.matchAll(/[\u0080-\uffff]/gu)].length).toBe(0);
  });

  it('serves the server-rendered landing page, the API and its Chinese messages', async () => {
    const page = await fetch(`${server?.url ?? ''}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Rendered on the server: the sample site's sections are in the HTML before any script runs.
    // (React marks its Suspense boundaries with comments such as `<!--$-->`.)
    expect(html).toMatch(/<div id="root">\s*(?:<!--[^>]*-->\s*)*<[a-z]/u);
    expect(html).toContain('id="articles"');

    const missing = await fetch(`${server?.url ?? ''}/api/articles/999999`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { msg: string }).msg).toBe('文章不存在或已被删除');

    const search = await fetch(`${server?.url ?? ''}/api/articles?search=${encodeURIComponent('的')}`);
    expect(search.status).toBe(200);
  });

  it('maps the image library (sharp and libvips) into the process at the first image upload, not at start', async () => {
    const url = server?.url ?? '';
    // Linux's view of the native libraries the process has loaded.
    const imageLibraryMapped = async () => /sharp|libvips/u.test(await readFile(`/proc/${server?.pid ?? 0}/maps`, 'utf8'));
    expect((await fetch(`${url}/`)).status).toBe(200);
    expect(await imageLibraryMapped()).toBe(false);

    const token = await login(url, { password: PROCESS_ADMIN_PASSWORD });
    const uploaded = await apiClient(url)('POST', '/api/admin/avatars', { token, body: imageForm(buildImage('png')) });
    expect(uploaded.status).toBe(201);
    expect(await imageLibraryMapped()).toBe(true);
  });

  it('makes slugs from Chinese and other scripts with the libraries the bundle loads on demand', async () => {
    const url = server?.url ?? '';
    const api = apiClient(url);
    const token = await login(url, { password: PROCESS_ADMIN_PASSWORD });
    const slugOf = async (title: string) => {
      const created = await api<EnvelopeBody>('POST', '/api/admin/articles', { token, json: { title, content: '正文' } });
      expect(created.status).toBe(201);
      const read = await api<EnvelopeBody>('GET', `/api/admin/articles/${String(created.body.id)}`, { token });
      return (read.body.data as { slug: string }).slug;
    };
    expect(await slugOf('你好世界')).toBe('ni-hao-shi-jie');
    expect(await slugOf('Привет мир')).toBe('privet-mir');
  });

  it('cleans an uploaded diagram in its worker thread, built beside main.js', async () => {
    const url = server?.url ?? '';
    const api = apiClient(url);
    const token = await login(url, { password: PROCESS_ADMIN_PASSWORD });
    const source = 'graph TD\n  A --> B\n';
    const created = await api<EnvelopeBody>('POST', '/api/admin/articles', {
      token,
      json: { title: '图', content: `\`\`\`mermaid\n${source}\`\`\`\n` },
    });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20"></rect></svg>';
    const upload = await api<EnvelopeBody>('POST', `/api/admin/articles/${String(created.body.id)}/diagrams`, {
      token,
      json: { source, light: svg, dark: svg },
    });
    expect(upload.status).toBe(200);
    expect(upload.body.data).toMatchObject({ width: 40, height: 20 });
  });
});
