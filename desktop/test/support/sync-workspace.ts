import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import type { ArticlesApi } from '../../src/core/articles-api.js';
import { DraftStore } from '../../src/core/draft-store.js';
import { Mirror } from '../../src/core/mirror.js';
import { SyncEngine } from '../../src/core/sync.js';
import { startLoopbackProxy } from './loopback-proxy.js';
import type { LoopbackProxy } from './loopback-proxy.js';

/** A real server, signed in, behind a proxy the test can cut. */
export async function startProxiedServer(): Promise<{ server: TestServer; token: string; proxy: LoopbackProxy }> {
  const server = await startTestServer();
  const token = await server.login();
  const proxy = await startLoopbackProxy(server.url);
  return { server, token, proxy };
}

/** A fresh desktop workspace in a temp dir: drafts, mirror and the sync engine over `api`. */
export async function openSyncWorkspace(
  prefix: string,
  api: ArticlesApi,
): Promise<{ dir: string; drafts: DraftStore; mirror: Mirror; sync: SyncEngine }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const drafts = await DraftStore.open(path.join(dir, 'drafts'));
  const mirror = await Mirror.open(path.join(dir, 'mirror'));
  return { dir, drafts, mirror, sync: new SyncEngine({ drafts, mirror, api }) };
}
