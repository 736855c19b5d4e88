import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a route of the loopback image server does with one request. */
export type ImageRoute = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * An old blog's image host on loopback, for the import's image tests: routes by path, and counts
 * what it was asked (each path, and the most requests it had open at once).
 */
export interface ImageServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Requests per path (query included), in the order they came. */
  requests: string[];
  /** How many requests are being answered now, and the most there ever were at once. */
  active: number;
  maxActive: number;
  /** Requests whose connection the client closed before the answer ended. */
  closedEarly: string[];
  route(path: string, handler: ImageRoute): void;
  /** Serves fixed bytes at a path. */
  file(path: string, bytes: Buffer, contentType?: string): void;
  countOf(path: string): number;
  close(): Promise<void>;
}

export async function startImageServer(): Promise<ImageServer> {
  const routes = new Map<string, ImageRoute>();
  const server: Server = createServer();
  const state: ImageServer = {
    origin: '',
    port: 0,
    requests: [],
    active: 0,
    maxActive: 0,
    closedEarly: [],
    route: (path, handler) => routes.set(path, handler),
    file: (path, bytes, contentType = 'image/jpeg') =>
      routes.set(path, (_request, response) => {
        response.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
        response.end(bytes);
      }),
    countOf: (path) => state.requests.filter((seen) => seen === path).length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    state.requests.push(path);
    state.active += 1;
    state.maxActive = Math.max(state.maxActive, state.active);
    let ended = false;
    response.on('finish', () => {
      ended = true;
    });
    response.on('close', () => {
      state.active -= 1;
      if (!ended) state.closedEarly.push(path);
    });
    const handler = routes.get(path.replace(/\?.*$/, '')) ?? routes.get(path);
    if (handler) handler(request, response);
    else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.origin = `http://127.0.0.1:${state.port}`;
  return state;
}
