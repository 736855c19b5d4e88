import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFilesBase } from '../../src/common/server-files-path';
import { ProfileStore } from '../../src/core/profiles';
import { APP_ORIGIN } from '../../src/main/app-origin';
import { createAppProtocolHandler } from '../../src/main/app-protocol';
import { contentSecurityPolicy } from '../../src/main/csp';
import { createServerFilesHandler } from '../../src/main/server-files';
import { startTestServer } from '../../../tests/support/test-server';
import type { TestServer } from '../../../tests/support/test-server';

/**
 * Covers and avatars of a server signed in to while the app runs: the page's CSP was fixed when
 * it loaded, so they load from the app's own origin (`app://folio/server-files/...`) and main
 * fetches them from the server of the profile named in the path, looked up per request.
 */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let other: http.Server;
let otherUrl: string;
let dataDir: string;
let profiles: ProfileStore;
let serve: (request: Request) => Promise<Response>;
let coverPath: string;
const seenByOther: { url: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const token = await server.login();
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'dot.png');
  const upload = await fetch(`${server.url}/api/admin/articles/cover`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  coverPath = ((await upload.json()) as { data: { url: string } }).data.url;

  // Something that is not a Folio server: an SVG, a page, and a redirect to elsewhere.
  other = http.createServer((request, response) => {
    seenByOther.push({ url: request.url ?? '', authorization: request.headers.authorization });
    if (request.url === '/uploads/logo.svg') response.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg/>');
    else if (request.url === '/uploads/moved.png') response.writeHead(302, { Location: `${server.url}${coverPath}` }).end();
    else response.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>alert(1)</script>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;

  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-server-files-'));
  profiles = await ProfileStore.open(dataDir);
  // As main.ts wires it: built once at start, with no profile saved yet.
  serve = createAppProtocolHandler({
    rendererDir: path.join(dataDir, 'renderer'),
    contentSecurityPolicy: () =>
      contentSecurityPolicy(
        APP_ORIGIN,
        profiles.list().profiles.map((profile) => profile.url),
      ),
    serverFiles: createServerFilesHandler({ serverUrl: (profileId) => profiles.get(profileId)?.url }),
  });
});
afterAll(async () => {
  await new Promise((resolve) => other.close(resolve));
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const fileUrl = (profileId: string, filePath: string) => `${APP_ORIGIN}${serverFilesBase(profileId)}${filePath}`;

describe('server images through app://folio/server-files', () => {
  it('serves the images of a server added after the app started, from the app origin', async () => {
    const page = await serve(new Request(`${APP_ORIGIN}/index.html`));
    const pageCsp = page.headers.get('content-security-policy') ?? '';
    expect(pageCsp).not.toContain(server.url);

    const profile = await profiles.save({ name: '新服务器', url: server.url, username: 'admin', remember: false });
    const response = await serve(new Request(fileUrl(profile.id, coverPath)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The bytes the server serves (it stores an upload cleaned of its metadata, not as sent).
    const served = Buffer.from(await (await fetch(`${server.url}${coverPath}`)).arrayBuffer());
    expect(Buffer.from(await response.arrayBuffer())).toEqual(served);
    // The page loaded before the profile existed still allows it: app images are 'self'.
    expect(pageCsp).toMatch(/img-src 'self'/);
  });

  it('answers 404 for a profile that is not saved (or was removed) and for paths that leave the server', async () => {
    const profile = await profiles.save({ name: '临时', url: `${server.url}/`, username: 'admin', remember: false });
    expect((await serve(new Request(fileUrl('no-such-profile', coverPath)))).status).toBe(404);
    expect((await serve(new Request(`${APP_ORIGIN}/server-files/`))).status).toBe(404);
    expect((await serve(new Request(fileUrl(profile.id, '/%2e%2e/%2e%2e/etc/passwd')))).status).toBe(404);
    await profiles.remove(profile.id);
    expect((await serve(new Request(fileUrl(profile.id, coverPath)))).status).toBe(404);
  });

  it('passes only the image types Folio stores: no SVG, no pages, no redirects, no writes, no token', async () => {
    const profile = await profiles.save({ name: '别的服务', url: otherUrl, username: 'admin', remember: false });
    expect((await serve(new Request(fileUrl(profile.id, '/uploads/logo.svg')))).status).toBe(415);
    const page = await serve(new Request(fileUrl(profile.id, '/uploads/page.png')));
    expect(page.status).toBe(415);
    expect(await page.text()).not.toContain('<script>');
    expect((await serve(new Request(fileUrl(profile.id, '/uploads/moved.png')))).status).toBe(404);
    expect((await serve(new Request(fileUrl(profile.id, '/uploads/a.png'), { method: 'POST', body: 'x' }))).status).toBe(405);
    expect(seenByOther.every((request) => request.authorization === undefined)).toBe(true);
  });

  it('answers 502 when the server does not answer', async () => {
    const profile = await profiles.save({ name: '关掉的', url: 'http://127.0.0.1:9', username: 'admin', remember: false });
    expect((await serve(new Request(fileUrl(profile.id, '/uploads/a.png')))).status).toBe(502);
  });
});
