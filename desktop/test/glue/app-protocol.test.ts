import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../src/main/app-origin';
import { createAppProtocolHandler } from '../../src/main/app-protocol';
import { contentSecurityPolicy } from '../../src/main/csp';

let root: string;
let serve: (request: Request) => Promise<Response>;
const csp = contentSecurityPolicy(APP_ORIGIN, [
  'https://blog.example.com/base',
  'http://192.168.1.5:3000',
  'javascript:alert(1)',
]);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-renderer-'));
  await mkdir(path.join(root, 'renderer', 'assets'), { recursive: true });
  await writeFile(path.join(root, 'renderer', 'index.html'), '<!doctype html><title>Folio</title>');
  await writeFile(path.join(root, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(root, 'secret.txt'), 'outside the renderer');
  serve = createAppProtocolHandler({ rendererDir: path.join(root, 'renderer'), contentSecurityPolicy: () => csp });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('serves the renderer files with their type and the CSP header', async () => {
    const page = await serve(new Request('app://folio/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(csp);
    await expect(page.text()).resolves.toContain('<title>Folio</title>');
    const script = await serve(new Request('app://folio/assets/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers index.html for client-side routes and 404 for missing assets', async () => {
    await expect((await serve(new Request('app://folio/drafts/42'))).text()).resolves.toContain('<title>Folio</title>');
    expect((await serve(new Request('app://folio/assets/missing.js'))).status).toBe(404);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const url of ['app://folio/../secret.txt', 'app://folio/%2e%2e/secret.txt', 'app://folio/assets/..%2F..%2Fsecret.txt']) {
      const response = await serve(new Request(url));
      expect(response.status === 403 || response.status === 404).toBe(true);
      expect(await response.text()).not.toContain('outside the renderer');
    }
  });
});

describe('content security policy', () => {
  it('allows scripts only from the app and images from the app and the configured servers', () => {
    const directives = new Map(csp.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    expect(directives.get('script-src')).toBe(`script-src 'self' ${APP_ORIGIN}`);
    expect(directives.get('img-src')).toContain('https://blog.example.com');
    expect(directives.get('img-src')).toContain('http://192.168.1.5:3000');
    expect(directives.get('img-src')).not.toContain('/base');
    expect(csp).not.toContain('javascript:');
    expect(directives.get('connect-src')).toBe(`connect-src 'self' ${APP_ORIGIN}`);
    expect(directives.get('object-src')).toBe(`object-src 'none'`);
    expect(directives.get('frame-ancestors')).toBe(`frame-ancestors 'none'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});
