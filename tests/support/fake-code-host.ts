import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** A code-host repository as the tests describe it; {@link repoJson} fills in the rest. */
export interface FakeRepo {
  name: string;
  description: string | null;
  stargazers_count: number;
  fork?: boolean;
  updated_at?: string;
  language?: string | null;
  html_url?: string;
}

export const SAMPLE_REPOS: FakeRepo[] = [
  { name: 'popular-no-description', description: null, stargazers_count: 500 },
  { name: 'described-few-stars', description: '有描述但星标少', stargazers_count: 3, updated_at: '2026-01-01T00:00:00Z' },
  { name: 'described-many-stars', description: '有描述且星标多', stargazers_count: 90 },
  { name: 'a-fork', description: '这是一个 fork', stargazers_count: 9999, fork: true },
];

/** Repositories in the code host's JSON shape (api.github.com's `GET /users/{owner}/repos`). */
export function repoJson(repos: FakeRepo[], owner = 'octocat') {
  return repos.map((repo) => ({
    name: repo.name,
    description: repo.description,
    html_url: repo.html_url ?? `https://github.com/${owner}/${repo.name}`,
    stargazers_count: repo.stargazers_count,
    fork: repo.fork ?? false,
    language: repo.language ?? 'TypeScript',
    updated_at: repo.updated_at ?? '2025-06-01T00:00:00Z',
  }));
}

/** How the fake answers the next repository-list requests. */
export type CodeHostReply =
  | { kind: 'json'; body: unknown }
  | { kind: 'status'; status: number }
  /** Accepts the request and never answers: the server's timeout has to end it. */
  | { kind: 'hang' }
  /** Closes the connection without an answer, as a host that went away. */
  | { kind: 'drop' };

export interface FakeCodeHost {
  /** What `CODE_HOST_API_URL` (config `codeHost.apiUrl`) points at. */
  apiUrl: string;
  /** The paths (with query) asked for, in order. */
  requests: string[];
  reply(next: CodeHostReply): void;
  close(): Promise<void>;
}

/**
 * A loopback server standing in for the code host's API (`GET /users/{owner}/repos`), so the
 * Folio server's projects fetch runs for real without the internet. Each test sets the reply.
 */
export async function startFakeCodeHost(initial: CodeHostReply = { kind: 'json', body: [] }): Promise<FakeCodeHost> {
  let next = initial;
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? '');
    if (request.method !== 'GET' || !/^\/users\/[^/]+\/repos(\?|$)/.test(request.url ?? '')) {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const reply = next;
    if (reply.kind === 'hang') return;
    if (reply.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    if (reply.kind === 'status') {
      response.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'failing' }));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(reply.body));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    requests,
    reply(reply) {
      next = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
