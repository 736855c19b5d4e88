import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { createApp } from '../../server/src/app.js';
import type { FolioApp } from '../../server/src/app.js';
import { buildConfig } from '../../server/src/config.js';
import type { ServerConfig } from '../../server/src/config.js';
import type { Logger } from '../../server/src/logger.js';
import type { BackupHooks } from '../../server/src/services/backups/index.js';
import type { ReaderStatsHooks } from '../../server/src/services/reader-stats/reader-stats.service.js';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestServer {
  url: string;
  dataDir: string;
  app: FolioApp;
  /** Signs in as the owner and returns the bearer token. */
  login(remember?: boolean): Promise<string>;
  /** Stops the server; the data dir is kept so a test can restart on it. */
  stop(): Promise<void>;
  /** Stops the server and deletes the data dir. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Reuse a data dir (to test a restart); a fresh temp dir otherwise. */
  dataDir?: string;
  /** Seed the sample site (default false, so tests start from an empty site). */
  seed?: boolean;
  config?: Partial<ServerConfig>;
  /** Capture what the server logs (silent otherwise). */
  logger?: Logger;
  /** Backup targets, clock and retry delay of scheduled backups (server/API.md §E22). */
  backups?: BackupHooks;
  /** Reader statistics' clock (server/API.md §E23). */
  stats?: ReaderStatsHooks;
}

/**
 * Signs in as the owner on any running server (in-process or a child process) and returns the
 * bearer token; throws when the sign-in is refused. The one login helper of the API tests.
 */
export async function login(
  baseUrl: string,
  credentials: { username?: string; password?: string; remember?: boolean } = {},
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: credentials.username ?? ADMIN_USERNAME,
      password: credentials.password ?? ADMIN_PASSWORD,
      remember: credentials.remember ?? false,
    }),
  });
  const body = (await response.json()) as { token?: unknown };
  if (!response.ok || typeof body.token !== 'string') throw new Error(`login failed: ${response.status}`);
  return body.token;
}

/** The real server, in-process, on an ephemeral port, with its own temp data dir. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'folio-test-')));
  const config = buildConfig({
    dataDir,
    adminUsername: ADMIN_USERNAME,
    adminPassword: ADMIN_PASSWORD,
    jwtSecret: JWT_SECRET,
    logLevel: 'silent',
    ...options.config,
  });
  const app = await createApp(config, {
    seed: options.seed ?? false,
    logger: options.logger,
    backups: options.backups,
    stats: options.stats,
  });
  const port = await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    url,
    dataDir,
    app,
    login: (remember = false) => login(url, { remember }),
    stop,
    async close() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** The envelope as tests read it: loose on purpose, each test asserts the fields it cares about. */
export interface EnvelopeBody {
  code: number;
  msg: string;
  error?: string;
  data: unknown;
  [key: string]: unknown;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** A small HTTP client over fetch that always parses the JSON envelope. */
export function apiClient(baseUrl: string) {
  return async function request<T = EnvelopeBody>(
    method: string,
    pathName: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${baseUrl}${pathName}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON bodies (files, HTML) are returned as text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
}

/** A real socket.io-client connected to the server, recording every event it receives. */
export async function connectRealtime(baseUrl: string): Promise<{
  socket: Socket;
  events: { name: string; payload: unknown }[];
  waitFor(name: string, timeoutMs?: number): Promise<unknown>;
  close(): void;
}> {
  const socket = connectSocket(baseUrl, { path: '/socket.io/', transports: ['websocket'], reconnection: false, forceNew: true });
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    waitFor(name, timeoutMs = 3000) {
      const seen = events.find((event) => event.name === name);
      if (seen) return Promise.resolve(seen.payload);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${name} event within ${timeoutMs} ms`)), timeoutMs);
        socket.once(name, (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
    },
    close: () => socket.close(),
  };
}

/** A started server with an API client and an owner token: the setup most API tests share. */
export async function startSignedIn(
  options: StartOptions = {},
): Promise<{ server: TestServer; api: ReturnType<typeof apiClient>; token: string }> {
  const server = await startTestServer(options);
  return { server, api: apiClient(server.url), token: await server.login() };
}
