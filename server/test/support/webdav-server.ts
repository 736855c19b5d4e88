import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const WEBDAV_USER = 'folio';
export const WEBDAV_PASSWORD = 'webdav-test-password';

export interface WebdavServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
  /** The folder on disk the server serves (its `/`). */
  root: string;
  stop(): Promise<void>;
}

/**
 * A real WebDAV server on loopback: Debian's `rclone serve webdav` over a temp folder, with basic
 * auth. The port is the kernel's pick, read back from the line rclone prints once it listens.
 */
export async function startWebdavServer(): Promise<WebdavServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'folio-webdav-'));
  const child: ChildProcess = spawn(
    'rclone',
    // No directory cache: tests put the owner's files straight into the folder, and a listing must show them.
    [
      'serve',
      'webdav',
      root,
      '--addr',
      '127.0.0.1:0',
      '--user',
      WEBDAV_USER,
      '--pass',
      WEBDAV_PASSWORD,
      '--dir-cache-time',
      '0s',
    ],
    // An empty config of its own, so a developer's rclone remotes are never read.
    { env: { ...process.env, RCLONE_CONFIG: path.join(root, '.no-rclone.conf') }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`rclone did not start:\n${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /started on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`rclone could not run (is it installed? .ci/run installs it): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`rclone exited (${code}):\n${output}`));
    });
  });
  return {
    origin,
    root,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(root, { recursive: true, force: true });
    },
  };
}
