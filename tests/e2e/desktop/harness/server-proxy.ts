import { createServer, connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface ServerProxy {
  /** The address the desktop profile points at; it stays the same across server restarts. */
  url: string;
  /** Where connections go now (null: nothing listens, like a server that is down). */
  setTarget(port: number | null): void;
  close(): Promise<void>;
}

/**
 * A TCP forwarder on a fixed local port in front of the test server. A restarted test server gets
 * a new ephemeral port; the proxy keeps the profile's URL the same, as a real server keeps its
 * address when it comes back.
 */
export async function startServerProxy(initialPort: number): Promise<ServerProxy> {
  let target: number | null = initialPort;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (target === null) {
      client.destroy();
      return;
    }
    const upstream = connect(target, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setTarget(next) {
      target = next;
      // Open keep-alive connections belong to the old server: drop them like a real outage would.
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
