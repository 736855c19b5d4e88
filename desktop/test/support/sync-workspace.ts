import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import type { DraftState } from '@folio/shared';
import type { ArticlesApi } from '../../src/core/articles-api.js';
import type { StoredDraft } from '../../src/core/draft-file.js';
import { DraftStore } from '../../src/core/draft-store.js';
import { Mirror, openArticle } from '../../src/core/mirror.js';
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

/**
 * Opens a server article for editing the way the app does: mirror it, base a draft on it (the
 * app's drafts start 仅本地; `state` sets another).
 */
export async function draftFromServer(
  workspace: { api: ArticlesApi; drafts: DraftStore; mirror: Mirror },
  id: number,
  state?: DraftState,
): Promise<StoredDraft> {
  const opened = await openArticle(workspace.api, workspace.mirror, id);
  if (!opened) throw new Error(`article ${id} not found`);
  if (opened.article.revision === null) throw new Error(`article ${id} came without a revision`);
  const { title, content, category, tags, summary, cover } = opened.article;
  return workspace.drafts.create({
    fields: { title, content, category, tags, summary, cover },
    articleId: id,
    baseRevision: opened.article.revision,
    state,
  });
}
