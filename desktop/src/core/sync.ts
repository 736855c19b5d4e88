/**
 * The publish queue: sends drafts to the server and never overwrites or loses either side.
 *
 * API:
 * - `new SyncEngine({ drafts, api, mirror?, onDraftChange? })`
 *   - `publish(draftId): Promise<PublishOutcome>` — marks the draft 待发布 and sends it:
 *     a create with `Idempotency-Key` (the same key and the same fields on every retry), an
 *     update with `If-Match: "<baseRevision>"`. Sends of one draft go one at a time.
 *   - `publishPending(): Promise<PublishOutcome[]>` — every 待发布 draft (call when back online)
 *   - `resolveConflict(draftId, resolution)` — 'mine' (the merge against the base with the
 *     local side of each overlap, PUT with If-Match of the server's current revision), 'theirs'
 *     (take the server copy; the local text stays in the revision ring), 'merged' (the given
 *     body, the other fields as for 'mine')
 * - When the server moved on since the draft's base revision (412), the base is fetched
 *   (server/API.md §E10.2) and both sides are merged field by field (`mergeArticleFields`): with
 *   no overlap the merge is sent over the server's revision (again once more if it moved again
 *   meanwhile); only a real overlap becomes a conflict, kept with the server copy and the base.
 *   - `keepAsNew(draftId): Promise<StoredDraft>` — the local text as a separate new 仅本地 draft
 * - `PublishOutcome.status`: 'synced' | 'conflict' | 'offline' | 'rejected' (a 4xx the user must
 *   fix; the draft goes back to 仅本地 with `lastError`) | 'retry-later' (401/429/5xx; stays 待发布).
 *   Offline never throws: the draft stays 待发布 with `lastError` = offline message.
 */
import { randomUUID } from 'node:crypto';
import { DesktopMessages as D, pickArticleFields, sameArticleFields } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { mergeArticleFields } from '@folio/shared/three-way-merge';
import type { ServerCopy } from '../channels/drafts.schema.js';
import { conflictCopy } from './articles-api.js';
import type { ApiResult, ArticlesApi, ServerArticle } from './articles-api.js';
import type { StoredDraft } from './draft-file.js';
import { DraftError } from './draft-store.js';
import type { DraftStore } from './draft-store.js';
import { isNetworkError } from './http.js';
import type { Mirror } from './mirror.js';
import { createKeyedSerialQueue } from './serial-queue.js';

export type PublishStatus = 'synced' | 'conflict' | 'offline' | 'rejected' | 'retry-later';

export interface PublishOutcome {
  status: PublishStatus;
  draft: StoredDraft;
  message?: string;
}

export type ConflictResolution =
  { choice: 'mine' } | { choice: 'theirs' } | { choice: 'merged'; content: string; title?: string };

export interface SyncEngineOptions {
  drafts: DraftStore;
  api: ArticlesApi;
  mirror?: Mirror;
  /** Called after every state change sync makes (the glue forwards it to the renderer). */
  onDraftChange?: (draft: StoredDraft) => void;
}

/** Server-side normalisation (trim, tag clean-up) aside, the answer holds what was sent. */
function confirms(article: ServerArticle, sent: ArticleFields): boolean {
  return article.content === sent.content && article.title === sent.title.trim();
}

/** How many times one publish merges over a server that keeps moving before it asks the owner. */
const MERGE_ATTEMPTS = 2;

function toServerCopy(article: ServerArticle): ServerCopy {
  return { ...pickArticleFields(article), id: article.id, revision: article.revision, updated_at: article.updated_at };
}

export class SyncEngine {
  /** Sends of one draft go one at a time. */
  private readonly queue = createKeyedSerialQueue<string>();

  constructor(private readonly options: SyncEngineOptions) {}

  publish(draftId: string): Promise<PublishOutcome> {
    return this.queue.run(draftId, () => this.send(draftId, MERGE_ATTEMPTS));
  }

  async publishPending(): Promise<PublishOutcome[]> {
    const pending = this.options.drafts.list().filter((draft) => draft.state === 'pending');
    const outcomes: PublishOutcome[] = [];
    for (const draft of pending) {
      const outcome = await this.publish(draft.id);
      outcomes.push(outcome);
      // One unanswered call means the server is gone; the rest wait for the next online event.
      if (outcome.status === 'offline') break;
    }
    return outcomes;
  }

  resolveConflict(draftId: string, resolution: ConflictResolution): Promise<PublishOutcome> {
    return this.queue.run(draftId, async () => {
      const draft = this.requireDraft(draftId);
      if (draft.state !== 'conflict' || !draft.conflict) throw new DraftError(D.draftNotConflicted);
      const server = draft.conflict.server;
      if (resolution.choice === 'theirs') {
        if (!server) {
          // The server copy is gone and the owner accepts that: the text stays in the ring.
          const kept = await this.change(draftId, (next) => {
            next.articleId = null;
            next.baseRevision = null;
            next.conflict = null;
            next.state = 'local';
            next.lastError = null;
          });
          return { status: 'synced', draft: kept };
        }
        const taken = await this.change(
          draftId,
          (next) => {
            next.fields = pickArticleFields(server);
            next.baseRevision = server.revision;
            next.conflict = null;
            next.state = 'synced';
            next.lastError = null;
          },
          { snapshot: true },
        );
        return { status: 'synced', draft: taken };
      }
      if (resolution.choice === 'merged' && !resolution.content.trim()) throw new DraftError(D.mergedTextRequired);
      await this.change(
        draftId,
        (next) => {
          // What only the server changed is kept: the local side wins only where both changed.
          const base = draft.conflict?.base;
          if (server && base) next.fields = mergeArticleFields(base, next.fields, pickArticleFields(server)).merged;
          if (resolution.choice === 'merged') {
            next.fields.content = resolution.content;
            if (resolution.title !== undefined) next.fields.title = resolution.title;
          }
          if (server) {
            next.baseRevision = server.revision;
          } else {
            // Deleted on the server: keeping mine publishes it again as a new article.
            next.articleId = null;
            next.baseRevision = null;
          }
          next.conflict = null;
          next.state = 'pending';
        },
        { snapshot: resolution.choice === 'merged' },
      );
      return this.send(draftId, MERGE_ATTEMPTS);
    });
  }

  async keepAsNew(draftId: string): Promise<StoredDraft> {
    const draft = this.requireDraft(draftId);
    const copy = await this.options.drafts.create({
      fields: { ...draft.fields, title: D.keptAsNewTitle(draft.fields.title || draft.id.slice(0, 8)) },
      state: 'local',
    });
    this.options.onDraftChange?.(copy);
    return copy;
  }

  /**
   * One send of a draft (inside its queue); loops while the text changed during the send, and
   * merges over a server that moved on at most `mergesLeft` times.
   */
  private async send(draftId: string, mergesLeft: number): Promise<PublishOutcome> {
    let draft = await this.change(draftId, (next) => {
      next.state = 'pending';
      next.lastError = null;
      if (next.articleId === null && !next.pendingCreate) {
        next.pendingCreate = { key: randomUUID(), fields: { ...next.fields } };
      }
    });

    let result: ApiResult<ServerArticle>;
    let sent: ArticleFields;
    try {
      if (draft.pendingCreate) {
        sent = draft.pendingCreate.fields;
        result = await this.options.api.create(sent, { idempotencyKey: draft.pendingCreate.key });
      } else {
        sent = { ...draft.fields };
        const ifMatch = draft.baseRevision ?? undefined;
        // 发布 publishes: a draft written elsewhere and finished here goes public too.
        result = await this.options.api.update(draft.articleId as number, { ...sent, status: 'published' }, { ifMatch });
      }
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      draft = await this.change(draftId, (next) => {
        next.lastError = D.offlineQueued;
      });
      return { status: 'offline', draft, message: D.offlineQueued };
    }

    if (result.ok && confirms(result.value, sent)) {
      const article = result.value;
      await this.options.mirror?.rememberArticle(article);
      const before = this.requireDraft(draftId);
      const changedMeanwhile =
        before.seq !== draft.seq || (draft.pendingCreate !== null && !sameArticleFields(before.fields, sent));
      draft = await this.change(draftId, (next) => {
        next.articleId = article.id;
        next.baseRevision = article.revision;
        next.pendingCreate = null;
        next.conflict = null;
        next.lastError = null;
        if (changedMeanwhile) {
          next.state = 'pending';
        } else {
          // The server's normalised copy (trimmed title, cleaned tags) becomes the local text.
          next.fields = pickArticleFields(article);
          next.state = 'synced';
        }
      });
      if (changedMeanwhile) return this.send(draftId, mergesLeft);
      return { status: 'synced', draft };
    }

    if (!result.ok && (result.status === 412 || (result.status === 404 && draft.articleId !== null))) {
      const server = conflictCopy(result);
      const base = server && (await this.baseOf(draft));
      if (server && base && mergesLeft > 0) {
        const remote = pickArticleFields(server);
        if (mergeArticleFields(base, draft.fields, remote).conflicts.length === 0) {
          // Merged with what is in the draft now (typing may have gone on during the calls).
          await this.change(
            draftId,
            (next) => {
              next.fields = mergeArticleFields(base, next.fields, remote).merged;
              next.baseRevision = server.revision;
            },
            { snapshot: true },
          );
          return this.send(draftId, mergesLeft - 1);
        }
      }
      draft = await this.change(draftId, (next) => {
        next.state = 'conflict';
        next.conflict = { server: server && toServerCopy(server), base, detectedAt: new Date().toISOString() };
        next.lastError = server ? D.conflictDetected : D.serverCopyDeleted;
      });
      return { status: 'conflict', draft, message: draft.lastError ?? D.conflictDetected };
    }

    const status = result.ok ? 200 : result.status;
    const message = result.ok ? D.serverError(status) : result.message;
    if (status === 401 || status === 429 || status >= 500 || result.ok) {
      draft = await this.change(draftId, (next) => {
        next.lastError = message;
      });
      return { status: 'retry-later', draft, message };
    }
    // A 4xx the owner must fix (an empty title, a bad tag): nothing was created or changed.
    draft = await this.change(draftId, (next) => {
      next.state = 'local';
      next.pendingCreate = null;
      next.lastError = message;
    });
    return { status: 'rejected', draft, message };
  }

  /** The fields at the draft's base revision; null when unknown or no longer kept (or offline). */
  private async baseOf(draft: StoredDraft): Promise<ArticleFields | null> {
    if (draft.articleId === null || draft.baseRevision === null) return null;
    try {
      const result = await this.options.api.revision(draft.articleId, draft.baseRevision);
      return result.ok ? result.value : null;
    } catch (error) {
      if (isNetworkError(error)) return null;
      throw error;
    }
  }

  private requireDraft(draftId: string): StoredDraft {
    const draft = this.options.drafts.get(draftId);
    if (!draft) throw new DraftError(D.draftNotFound);
    return draft;
  }

  private async change(
    draftId: string,
    edit: (draft: StoredDraft) => void,
    options: { snapshot?: boolean } = {},
  ): Promise<StoredDraft> {
    const draft = await this.options.drafts.update(draftId, edit, options);
    this.options.onDraftChange?.(draft);
    return draft;
  }
}
