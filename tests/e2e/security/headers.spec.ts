import { request as httpRequest } from 'node:http';
import { expect, test } from '../fixtures.js';
import { articleIdByTitle, articlePathByTitle, WELCOME_TITLE } from '../public/helpers.js';

/** Every kind of HTML answer: landing, article, missing article, unknown path, the admin. */
const htmlPaths = (articleId: number) => [
  '/',
  `/articles/${articleId}`,
  '/articles/99999',
  '/no-such-page',
  '/admin',
  '/admin/login',
  '/admin/articles',
];

/** A GET with headers sent exactly as given (fetch refuses to set Host). */
function rawGet(url: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

test.describe('security headers', () => {
  test('every HTML answer carries the CSP, framing, sniffing, referrer and permissions headers', async ({ request, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    for (const path of htmlPaths(id)) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-type'], path).toContain('text/html');
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp, path).toContain("object-src 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['permissions-policy'], path).toContain('geolocation=()');
    }
  });

  test('the policy allows no inline script: the pages hold none that would run', async ({ request, server }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    for (const path of htmlPaths(id)) {
      const html = await (await request.get(path)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
      for (const attributes of scripts) {
        // External module scripts, or data blocks browsers never execute.
        expect(attributes, path).toMatch(/\bsrc="\/assets\/|type="application\/(json|ld\+json)"/);
      }
    }
  });
});

test.describe('Host header', () => {
  test('a forged Host or X-Forwarded-Host never reaches a page, feed, sitemap, robots.txt, canonical or og:url', async ({
    server,
  }) => {
    const id = await articleIdByTitle(server, WELCOME_TITLE);
    const paths = [...htmlPaths(id), '/rss.xml', '/sitemap.xml', '/robots.txt', '/index.html'];
    for (const path of paths) {
      const response = await rawGet(server.url, path, {
        Host: 'evil.example',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'https',
      });
      expect(response.status, path).toBeLessThan(500);
      expect(response.body, path).not.toContain('evil.example');
    }
    const landing = (await rawGet(server.url, '/', { Host: 'evil.example' })).body;
    expect(landing).toMatch(new RegExp(`<link rel="canonical" href="${server.url}/"`));
    expect(landing).toMatch(new RegExp(`<meta property="og:url" content="${server.url}/"`));
  });
});

test.describe('Host header with PUBLIC_URL', () => {
  test.use({ serverOptions: { seed: true, config: { publicUrl: 'https://blog.example.com' } } });

  test('absolute links come from PUBLIC_URL whatever the Host says', async ({ server }) => {
    const articlePath = await articlePathByTitle(server, WELCOME_TITLE);
    const article = (await rawGet(server.url, articlePath, { Host: 'evil.example' })).body;
    expect(article).toContain(`<link rel="canonical" href="https://blog.example.com${articlePath}"`);
    const rss = (await rawGet(server.url, '/rss.xml', { Host: 'evil.example' })).body;
    expect(rss).toContain(`<link>https://blog.example.com${articlePath}</link>`);
    expect(rss).not.toContain('evil.example');
    const robots = (await rawGet(server.url, '/robots.txt', { Host: 'evil.example' })).body;
    expect(robots).toContain('Sitemap: https://blog.example.com/sitemap.xml');
  });
});
