import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface ArchiveFile {
  path: string;
  size: number;
  sha256: string;
}

/** A temp folder for archives; `cleanup` removes it. */
export async function archiveFolder(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-archives-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** An archive of `size` random bytes at `dir/name`, with its sha256. */
export async function writeArchive(dir: string, name: string, size: number): Promise<ArchiveFile> {
  const bytes = randomBytes(size);
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return { path: file, size, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Reads `stream` to its end: its sha256 and length. */
export async function digestStream(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** A loopback port nothing listens on (it was free a moment ago): a server that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A loopback server that accepts connections and never answers: a server gone silent. */
export async function silentServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
