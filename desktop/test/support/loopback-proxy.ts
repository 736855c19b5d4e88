import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP proxy in front of the test server, so a test can keep one URL across a
 * server restart, cut the network, or lose an answer after the server has acted on a request.
 */
export interface LoopbackProxy {
  url: string;
  /** Where requests go; change it after a restart (the server gets a new port). */
  target: string;
  /** When true every connection is cut at once, as if the server were unreachable. */
  offline: boolean;
  /** When true requests are taken in but never answered, as by a server that hangs. */
  silent: boolean;
  /** The next request matching this is forwarded and acted on, but its answer never arrives. */
  dropAnswerOnce(match: (method: string, path: string) => boolean): void;
  /** Requests seen, as `METHOD path`. */
  seen: string[];
  close(): Promise<void>;
}

export async function startLoopbackProxy(target: string): Promise<LoopbackProxy> {
  let dropMatch: ((method: string, path: string) => boolean) | undefined;
  const state = { target, offline: false, silent: false };
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const pathName = request.url ?? '/';
    seen.push(`${method} ${pathName}`);
    if (state.offline) {
      request.socket.destroy();
      return;
    }
    if (state.silent) return;
    const drop = dropMatch?.(method, pathName) ?? false;
    if (drop) dropMatch = undefined;
    const upstream = http.request(
      new URL(pathName, state.target),
      { method, headers: { ...request.headers, host: new URL(state.target).host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          // The server finished its work; the client never hears about it.
          if (drop) return request.socket.destroy();
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          response.end(Buffer.concat(chunks));
        });
      },
    );
    upstream.on('error', () => request.socket.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get target() {
      return state.target;
    },
    set target(value: string) {
      state.target = value;
    },
    get offline() {
      return state.offline;
    },
    set offline(value: boolean) {
      state.offline = value;
    },
    get silent() {
      return state.silent;
    },
    set silent(value: boolean) {
      state.silent = value;
    },
    dropAnswerOnce(match) {
      dropMatch = match;
    },
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
