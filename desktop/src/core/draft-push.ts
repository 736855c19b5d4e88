/**
 * The background sync's choices for one draft (sync.ts `pushDraft` runs them inside the draft's
 * queue): whether and how its text goes to the server, the autosave send for a published or
 * scheduled article (server/API.md §E9.1), which keeps what readers see unchanged until 发布,
 * and, before any send, the upload of the images kept with the draft while offline.
 */
import { DesktopMessages as D } from '@folio/shared';
import type { ArticlesApi } from './articles-api.js';
import type { StoredDraft } from './draft-file.js';
import type { DraftImages } from './draft-images.js';
import { hasSendableText, isUnsent } from './draft-sync-state.js';
import { isNetworkError } from './http.js';
import type { Mirror } from './mirror.js';
import type { PublishOutcome, SendMode } from './sync-outcome.js';

export interface PushContext {
  api: ArticlesApi;
  /** A durable change of the draft, reported to the renderer as every sync change is. */
  change(draftId: string, edit: (draft: StoredDraft) => void): Promise<StoredDraft>;
}

/**
 * `send`: a create (as a server draft) or a PUT of a server draft; `autosave`: a published or
 * scheduled article's autosave; `none`: nothing the server lacks, a 待发布 or 冲突 draft (the
 * publish queue and the owner have those), a new draft with neither title nor body, or an
 * article whose status or revision is unknown (an older server): those wait for 发布.
 */
export function pushRoute(draft: StoredDraft, mirror: Mirror | undefined): 'send' | 'autosave' | 'none' {
  if (draft.state !== 'local' || !isUnsent(draft)) return 'none';
  if (draft.articleId === null) return draft.pendingCreate || hasSendableText(draft) ? 'send' : 'none';
  if (draft.baseRevision === null) return 'none';
  const status = draft.serverStatus ?? mirror?.list().find((entry) => entry.id === draft.articleId)?.status;
  if (status === undefined) return 'none';
  return status === 'draft' ? 'send' : 'autosave';
}

/**
 * Sends the draft's six fields as the article's autosave, based on the revision the draft
 * started from (`target`, the draft's own ids). The draft stays 仅本地 (readers still see the article as it was); `pushedSeq`
 * records that the server holds this text. Offline and 401/429/5xx change nothing.
 */
export async function pushAutosave(
  context: PushContext,
  draft: StoredDraft,
  target: { articleId: number; baseRevision: number },
): Promise<PublishOutcome> {
  let result: Awaited<ReturnType<ArticlesApi['autosave']>>;
  try {
    result = await context.api.autosave(target.articleId, draft.fields, target.baseRevision);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return { status: 'offline', draft };
  }
  if (result.ok) {
    const sent = await context.change(draft.id, (next) => {
      next.pushedSeq = draft.seq;
      next.lastError = null;
    });
    return { status: 'synced', draft: sent };
  }
  if (result.status === 404) {
    const gone = await context.change(draft.id, (next) => {
      next.state = 'conflict';
      next.conflict = { server: null, base: null, detectedAt: new Date().toISOString(), serverHeld: true, publishing: false };
      next.lastError = D.serverCopyDeleted;
    });
    return { status: 'conflict', draft: gone, message: D.serverCopyDeleted };
  }
  if (result.status === 401 || result.status === 429 || result.status >= 500) {
    return { status: 'retry-later', draft, message: result.message };
  }
  const refused = await context.change(draft.id, (next) => {
    next.lastError = result.message;
  });
  return { status: 'rejected', draft: refused, message: result.message };
}

/**
 * Uploads the images kept with the draft and rewrites their links (draft-images.ts); an outcome
 * when its text must wait: offline (a publish stays 待发布), 401/429/5xx, or an image the server
 * refused (the local link stays and `lastError` says why; a publish goes back to 仅本地).
 */
export async function sendKeptImages(
  context: PushContext,
  images: DraftImages | undefined,
  draft: StoredDraft,
  mode: SendMode,
): Promise<PublishOutcome | undefined> {
  if (!images) return undefined;
  const outcome = await images.uploadLinked(draft, context);
  if (outcome.status === 'ready') return undefined;
  const message = outcome.status === 'offline' ? D.offlineQueued : outcome.message;
  if (mode === 'push' && outcome.status !== 'rejected') return { status: outcome.status, draft, message };
  const held = await context.change(draft.id, (next) => {
    // A save that met sync's text during the upload made a conflict: that is the owner's now.
    if (mode === 'publish' && next.state !== 'conflict') next.state = outcome.status === 'rejected' ? 'local' : 'pending';
    next.lastError = message;
  });
  return { status: outcome.status, draft: held, message };
}
