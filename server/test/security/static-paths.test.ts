import { request as httpRequest } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { FolioApp } from '../../src/app.js';
import { buildConfig } from '../../src/config.js';
import type { Logger } from '../../src/logger.js';

/** A tiny web build (an index, a hashed asset and its source map), so no real build is needed. */
async function fakeWebBuild(root: string): Promise<string> {
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Folio</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);\n//# sourceMappingURL=app-abc123.js.map\n');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  await writeFile(path.join(root, 'package.json'), '{"name":"not-to-be-served"}');
  return dist;
}

interface Started {
  app: FolioApp;
  port: number;
  logged: string[];
}

async function start(root: string, serveSourceMaps: boolean): Promise<Started> {
  const logged: string[] = [];
  const logger: Logger = {
    info: () => undefined,
    error: (message, error) => logged.push(`${message} ${error instanceof Error ? (error.stack ?? '') : ''}`),
  };
  const dataDir = await mkdtemp(path.join(root, 'data-'));
  const config = buildConfig({
    dataDir,
    webDistDir: path.join(root, 'dist'),
    serveSourceMaps,
    adminPassword: 'correct horse battery staple',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    logLevel: 'silent',
  });
  const app = await createApp(config, { logger, seed: false });
  return { app, port: await app.listen(0, '127.0.0.1'), logged };
}

/** A request with the path sent exactly as written (fetch would normalise `..`). */
function rawGet(port: number, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

let root: string;
let hidden: Started;
let shown: Started;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-static-'));
  await fakeWebBuild(root);
  hidden = await start(root, false);
  shown = await start(root, true);
});
afterAll(async () => {
  await hidden.app.close();
  await shown.app.close();
  await rm(root, { recursive: true, force: true });
});

const HOSTILE_PATHS = [
  '/assets/../../package.json',
  '/assets/..%2f..%2fpackage.json',
  '/assets/..%2F..%2F..%2Fpackage.json',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/assets/%E0%A4%A',
  '/assets/%',
  '/assets/..%5c..%5cpackage.json',
  '/assets/%00',
  '/uploads/../../package.json',
  '/uploads/..%2f..%2fpackage.json',
  '/uploads/%E0%A4%A',
  '/uploads/%',
  '/uploads/%00',
];

/** Outside /assets/ and /uploads/ a path that is not a file is a page (here the app's index). */
const HOSTILE_PAGE_PATHS = ['/%E0%A4%A', '/..%2f..%2fpackage.json', '/../package.json', '/%2e%2e/package.json'];

describe('static files under hostile paths', () => {
  it.each(HOSTILE_PATHS)('answers %s with 400 or 404, never the file, a 500 or a logged stack', async (rawPath) => {
    const response = await rawGet(hidden.port, rawPath);
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain('not-to-be-served');
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
    expect(hidden.logged).toEqual([]);
  });

  it.each(HOSTILE_PAGE_PATHS)('answers the page path %s with the app, never the file or a 500', async (rawPath) => {
    const response = await rawGet(hidden.port, rawPath);
    expect(response.status).toBeLessThan(500);
    expect(response.body).not.toContain('not-to-be-served');
    expect(hidden.logged).toEqual([]);
  });

  it('serves the built assets themselves', async () => {
    const response = await rawGet(hidden.port, '/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.body).toContain('console.log(1)');
  });
});

describe('source maps', () => {
  it('are not served by default, under /assets/ or elsewhere', async () => {
    const response = await rawGet(hidden.port, '/assets/app-abc123.js.map');
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('secret.ts');
  });

  it('are served when SERVE_SOURCE_MAPS says so', async () => {
    const response = await rawGet(shown.port, '/assets/app-abc123.js.map');
    expect(response.status).toBe(200);
    expect(response.body).toContain('secret.ts');
  });
});
