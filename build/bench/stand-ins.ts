import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROCESS_ADMIN_PASSWORD } from '../../server/test/support/server-process.js';

/**
 * Loopback stand-ins for what a landing page loads from elsewhere, so Lighthouse sees the page as a
 * visitor with a working network would, without leaving this machine: the code host's repository
 * API (HTTPS, reached through Chromium's host-resolver rules) and a contribution-calendar image.
 */
export interface StandIns {
  /** Chromium flags that send api.github.com to the HTTPS stand-in. */
  chromeFlags: string[];
  calendarUrl: string;
  close(): Promise<void>;
}

const CALENDAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="722" height="112" viewBox="0 0 722 112">${Array.from(
  { length: 53 * 7 },
  (_, cell) =>
    `<rect x="${Math.floor(cell / 7) * 13 + 30}" y="${(cell % 7) * 13 + 15}" width="10" height="10" fill="${['#ebedf0', '#9be9a8', '#40c463', '#30a14e'][(cell * 7919) % 4]}"/>`,
).join('')}</svg>`;

const REPOS = Array.from({ length: 8 }, (_, index) => ({
  name: `bench-project-${index + 1}`,
  description: index % 3 === 2 ? null : `一个用于基准测试的示例项目 ${index + 1}`,
  html_url: `https://github.com/folio-bench/bench-project-${index + 1}`,
  stargazers_count: 100 - index * 7,
  language: ['TypeScript', 'Go', 'Rust'][index % 3],
  fork: false,
  updated_at: '2026-11-01T00:00:00Z',
}));

function answer(request: IncomingMessage, response: ServerResponse): void {
  if (request.url?.startsWith('/users/')) {
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify(REPOS));
  } else if (request.url === '/calendar.svg') {
    response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
    response.end(CALENDAR_SVG);
  } else {
    response.writeHead(404).end();
  }
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );

export async function startStandIns(): Promise<StandIns> {
  // A throw-away self-signed certificate; Chromium is told to accept it.
  const certDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-tls-'));
  const key = path.join(certDir, 'key.pem');
  const cert = path.join(certDir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=api.github.com'],
    {
      stdio: 'ignore',
    },
  );
  const tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, answer);
  const plain = createServer(answer);
  const [tlsPort, plainPort] = await Promise.all([listen(tls), listen(plain)]);
  rmSync(certDir, { recursive: true, force: true });
  return {
    chromeFlags: [`--host-resolver-rules=MAP api.github.com 127.0.0.1:${tlsPort}`, '--ignore-certificate-errors'],
    calendarUrl: `http://127.0.0.1:${plainPort}/calendar.svg`,
    close: async () => {
      await Promise.all([new Promise((resolve) => tls.close(resolve)), new Promise((resolve) => plain.close(resolve))]);
    },
  };
}

/** Points the landing page's code-host link and calendar image at the loopback stand-ins. */
export async function useStandIns(origin: string, calendarUrl: string): Promise<void> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PROCESS_ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token?: string };
  const update = await fetch(`${origin}/api/admin/site-blocks`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? ''}` },
    body: JSON.stringify({
      blocks: [{ name: 'home', content: { github_url: 'https://github.com/folio-bench', github_calendar_url: calendarUrl } }],
    }),
  });
  if (!update.ok) throw new Error(`could not point the site at the stand-ins (HTTP ${update.status})`);
}
