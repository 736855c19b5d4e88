import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
