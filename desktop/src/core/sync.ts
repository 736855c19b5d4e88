/**
 * The publish queue: sends drafts to the server and never overwrites or loses either side.
 *
 * API:
 * - `new SyncEngine({ drafts, api, mirror?, onDraftChange? })`
 *   - `publish(draftId): Promise<PublishOutcome>` — marks the draft 待发布 and sends it:
 *     a create with `Idempotency-Key` (the same key and the same fields on every retry), an
 *     update with `If-Match: "<baseRevision>"`. Sends of one draft go one at a time. A draft
 *     in conflict is not sent (nor is a push of it): the answer is `conflict`, the conflict kept.
 *   - `publishPending(): Promise<PublishOutcome[]>` — every 待发布 draft (call when back online)
 *   - `pushDraft(draftId): Promise<PushOutcome>` — the background sync's send of a 仅本地 draft
 *     the server lacks, never a publish: a new article is created as `status: "draft"` (with
 *     `Idempotency-Key`, as a publish's create), a server draft is PUT with If-Match and no
 *     status, a published or scheduled article gets only its autosave (draft-push.ts), so
 *     readers never see half-written text. Offline it changes nothing and says `offline`.
 *   - `resolveConflict(draftId, resolution)` — 'mine' (the merge against the base with the
 *     local side of each overlap, PUT with If-Match of the server's current revision), 'theirs'
 *     (take the server copy; the local text stays in the revision ring), 'merged' (the given
 *     body and any field the owner settled, the other fields as for 'mine'; a field that an
 *     edit since the screen was shown brought into conflict, and the owner did not settle, keeps
 *     the draft in conflict: `conflict`, with what was settled kept in the draft). The result is
 *     sent as the draft was being sent (`conflict.publishing`): a 发布 publishes, the background
 *     sync's send stays a server draft (or an autosave). 'theirs' sends nothing, unless its side is
 *     a merge sync made that never reached the server (`conflict.serverHeld` false).
 * - When the server moved on since the draft's base revision (412), the base is fetched
 *   (server/API.md §E10.2) and both sides are merged field by field (`mergeArticleFields`), once,
 *   inside the draft store's queue, so with the text as it is after any save made meanwhile: with
 *   no overlap the merge is sent over the server's revision (again once more if it moved again
 *   meanwhile); only a real overlap becomes a conflict, kept with the server copy and the base.
 *   - `keepAsNew(draftId): Promise<StoredDraft>` — the local text as a separate new 仅本地 draft
 * - Whether a save came in during a send is decided inside the store's queue too: a publish
 *   sends the newer text next instead of taking the server's copy over it, a push leaves the
 *   draft 仅本地 so the background sync sends it next.
 * - Images kept with the draft while offline (draft-images.ts) are uploaded and their links
 *   rewritten before any of its text is sent; an image the server refuses holds the text back
 *   (`rejected`, the reason in `lastError`). After a send the server confirms, kept images no
 *   draft links to any more are deleted.
 * - `PublishOutcome.status`: 'synced' | 'conflict' | 'offline' | 'rejected' (a 4xx the user must
 *   fix; the draft goes back to 仅本地 with `lastError`) | 'retry-later' (401/429/5xx; stays 待发布).
 *   Offline never throws: the draft stays 待发布 with `lastError` = offline message.
 */
import { randomUUID } from 'node:crypto';
import { DesktopMessages as D, pickArticleFieldPatch, pickArticleFields, sameArticleFields } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { mergeArticleFields } from '@folio/shared/three-way-merge';
import type { ServerCopy } from '../channels/drafts.schema.js';
import { conflictCopy } from './articles-api.js';
import type { ApiResult, ArticlesApi, ServerArticle } from './articles-api.js';
import type { StoredDraft } from './draft-file.js';
import type { DraftImages } from './draft-images.js';
import { DraftError } from './draft-store.js';
import type { DraftStore } from './draft-store.js';
import { isNetworkError } from './http.js';
import type { Mirror } from './mirror.js';
import { pushAutosave, pushRoute, sendKeptImages } from './draft-push.js';
import type { PushContext } from './draft-push.js';
import { createKeyedSerialQueue } from './serial-queue.js';
import type { PublishOutcome, PushOutcome, SendMode } from './sync-outcome.js';

export type { PublishOutcome, PublishStatus, PushOutcome, SendMode } from './sync-outcome.js';

/**
 * 'merged' carries the body the owner settled and any other field they decided by hand; a field
 * left out keeps what the merge against the base gives it.
 */
export type ConflictResolution =
  { choice: 'mine' } | { choice: 'theirs' } | ({ choice: 'merged'; content: string } & Partial<Omit<ArticleFields, 'content'>>);

export interface SyncEngineOptions {
  drafts: DraftStore;
  api: ArticlesApi;
  mirror?: Mirror;
  /** The images kept with offline drafts; without it links to them are sent as they are. */
  images?: DraftImages;
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

/** The server refused the draft's text: both sides are kept for the owner to decide. */
function markConflict(draft: StoredDraft, server: ServerArticle | null, base: ArticleFields | null, mode: SendMode): void {
  draft.state = 'conflict';
  draft.conflict = {
    server: server && toServerCopy(server),
    base,
    detectedAt: new Date().toISOString(),
    serverHeld: true,
    publishing: mode === 'publish',
  };
  draft.lastError = server ? D.conflictDetected : D.serverCopyDeleted;
}

/** A draft in conflict is the owner's to decide: nothing of it is sent until they have. */
function awaitingOwner(draft: StoredDraft): PublishOutcome {
  return { status: 'conflict', draft, message: draft.lastError ?? D.conflictDetected };
}

export class SyncEngine {
  /** Sends of one draft go one at a time. */
  private readonly queue = createKeyedSerialQueue<string>();

  constructor(private readonly options: SyncEngineOptions) {}

  publish(draftId: string): Promise<PublishOutcome> {
    return this.queue
      .run(draftId, () => this.send(draftId, MERGE_ATTEMPTS, 'publish'))
      .then((outcome) => this.afterSend(outcome));
  }

  pushDraft(draftId: string): Promise<PushOutcome> {
    return this.queue.run(draftId, () => this.push(draftId)).then((outcome) => this.afterSend(outcome));
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
      const { server, serverHeld } = draft.conflict;
      // Sent the way it was being sent: only a 发布 publishes. A conflict stored before this was
      // recorded publishes as it always did, unless the article is known to be a server draft.
      const publishing = draft.conflict.publishing ?? draft.serverStatus !== 'draft';
      const waiting = publishing ? 'pending' : 'local';
      if (resolution.choice === 'theirs' && server && !serverHeld) {
        // The "server" side is a merge sync made whose send never got through: taking it still
        // has to send it, or the draft would read 已同步 over text the server never got.
        await this.change(
          draftId,
          (next) => {
            next.fields = pickArticleFields(server);
            next.baseRevision = server.revision;
            next.conflict = null;
            next.state = waiting;
            next.lastError = null;
          },
          { snapshot: true },
        );
        return this.sendResolved(draftId, publishing);
      }
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
      const settled = resolution.choice === 'merged' ? pickArticleFieldPatch(resolution) : {};
      const resolved = await this.decide(
        draftId,
        (next) => {
          // What only the server changed is kept: the local side wins only where both changed,
          // and (for a merge by hand) only in the fields the owner settled. The merge is of the
          // text as it is now: a field an edit since brought into conflict goes back to the owner.
          const base = next.conflict?.base;
          const merge = server && base ? mergeArticleFields(base, next.fields, pickArticleFields(server)) : null;
          const undecided = merge?.conflicts.filter((conflict) => !(conflict.field in settled)) ?? [];
          if (resolution.choice === 'merged' && undecided.length > 0) {
            Object.assign(next.fields, settled);
            next.lastError = D.conflictDetected;
            return false;
          }
          if (merge) next.fields = merge.merged;
          Object.assign(next.fields, settled);
          if (server) {
            next.baseRevision = server.revision;
          } else {
            // Deleted on the server: keeping mine publishes it again as a new article.
            next.articleId = null;
            next.baseRevision = null;
          }
          next.conflict = null;
          next.state = waiting;
          next.lastError = null;
          return true;
        },
        { snapshot: resolution.choice === 'merged' },
      );
      if (!resolved.decision) return { status: 'conflict', draft: resolved.draft, message: D.conflictDetected };
      return this.sendResolved(draftId, publishing);
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

  /** The background sync's send of a draft (inside its queue), by the route its state calls for. */
  private async push(draftId: string): Promise<PushOutcome> {
    const draft = this.requireDraft(draftId);
    const route = pushRoute(draft, this.options.mirror);
    const { articleId, baseRevision } = draft;
    if (route === 'none') return { status: 'skipped', draft };
    if (route === 'autosave' && articleId !== null && baseRevision !== null) {
      const held = await sendKeptImages(this.pushContext(), this.options.images, draft, 'push');
      if (held) return held;
      return pushAutosave(this.pushContext(), this.requireDraft(draftId), { articleId, baseRevision });
    }
    return this.send(draftId, MERGE_ATTEMPTS, 'push');
  }

  /**
   * A resolved conflict's text goes out as the draft was being sent: a 发布 publishes, anything
   * else is the background sync's send (a server draft stays a draft, a published article gets
   * its autosave). A push with no route (an article whose status is unknown) leaves the text
   * 仅本地 for 发布.
   */
  private async sendResolved(draftId: string, publishing: boolean): Promise<PublishOutcome> {
    if (publishing) return this.send(draftId, MERGE_ATTEMPTS, 'publish');
    const outcome = await this.push(draftId);
    if (outcome.status === 'skipped') return { status: 'retry-later', draft: outcome.draft };
    // The background sync sends it once the server answers; the owner is told it will not go live.
    if (outcome.status === 'offline') return { status: 'offline', draft: outcome.draft, message: D.offlineWillSync };
    return { ...outcome, status: outcome.status };
  }

  /**
   * One send of a draft (inside its queue); loops while the text changed during the send, and
   * merges over a server that moved on at most `mergesLeft` times. A push sends the text as it
   * is and leaves the state 仅本地 when it fails; a publish marks the draft 待发布 first. A draft
   * in conflict is not sent (a 发布 pressed as a save brought the conflict about gets it back).
   */
  private async send(draftId: string, mergesLeft: number, mode: SendMode): Promise<PublishOutcome> {
    const before = this.requireDraft(draftId);
    if (before.state === 'conflict') return awaitingOwner(before);
    // Before the create below records the fields it sends: they must hold the server's links.
    const held = await sendKeptImages(this.pushContext(), this.options.images, before, mode);
    if (held) return held;
    // Decided inside the store's queue: a save may have made a conflict during the upload.
    const prepared = await this.decide(draftId, (next) => {
      if (next.state === 'conflict') return false;
      if (mode === 'publish') {
        next.state = 'pending';
        next.lastError = null;
      }
      if (next.articleId === null && !next.pendingCreate) {
        const create = { key: randomUUID(), fields: { ...next.fields } };
        next.pendingCreate = mode === 'push' ? { ...create, status: 'draft' } : create;
      }
      return true;
    });
    let draft = prepared.draft;
    if (!prepared.decision) return awaitingOwner(draft);

    let result: ApiResult<ServerArticle>;
    let sent: ArticleFields;
    try {
      if (draft.pendingCreate) {
        const { key, fields, status } = draft.pendingCreate;
        sent = fields;
        // The same key with the same body on every retry: the server replays instead of making two.
        result = await this.options.api.create(status ? { ...fields, status } : fields, { idempotencyKey: key });
      } else {
        sent = { ...draft.fields };
        const ifMatch = draft.baseRevision ?? undefined;
        // 发布 publishes: a draft written elsewhere and finished here goes public too. A push
        // sends no status: the If-Match refuses it if the article was published meanwhile.
        const fields = mode === 'publish' ? { ...sent, status: 'published' as const } : sent;
        result = await this.options.api.update(draft.articleId as number, fields, { ifMatch });
      }
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      // A push just waits for the next online moment; a publish says it is queued.
      if (mode === 'push') return { status: 'offline', draft };
      draft = await this.change(draftId, (next) => {
        next.lastError = D.offlineQueued;
      });
      return { status: 'offline', draft, message: D.offlineQueued };
    }

    if (result.ok && confirms(result.value, sent)) {
      const article = result.value;
      await this.options.mirror?.rememberArticle(article);
      const createdAsDraft = draft.pendingCreate?.status === 'draft';
      const { seq: sentSeq, pendingCreate: sentCreate } = draft;
      // Decided inside the store's queue: a save still being written when the answer came is on
      // the draft by now, so it is neither overwritten with the server's copy nor taken as sent.
      const settled = await this.decide(draftId, (next) => {
        const changedMeanwhile = next.seq !== sentSeq || (sentCreate !== null && !sameArticleFields(next.fields, sent));
        next.articleId = article.id;
        next.baseRevision = article.revision;
        next.serverStatus = article.status ?? null;
        next.pendingCreate = null;
        if (next.state === 'conflict' && next.conflict) {
          // A save met what this send carries (draft-store.ts): the owner decides, against
          // the copy the server now holds.
          next.conflict.server = toServerCopy(article);
          next.conflict.serverHeld = true;
          return 'conflict';
        }
        next.conflict = null;
        next.lastError = null;
        if (!changedMeanwhile) next.pushedSeq = sentSeq;
        if (mode === 'push') {
          // The text stays as typed (an editor may be open on it); a newer save stays 仅本地,
          // so the background sync sends it next.
          if (!changedMeanwhile) next.state = 'synced';
          return 'done';
        }
        // A publish whose create was the background sync's draft goes on to publish it.
        if (changedMeanwhile || createdAsDraft) {
          next.state = 'pending';
          return 'again';
        }
        // The server's normalised copy (trimmed title, cleaned tags) becomes the local text.
        next.fields = pickArticleFields(article);
        next.state = 'synced';
        return 'done';
      });
      draft = settled.draft;
      if (settled.decision === 'conflict') return { status: 'conflict', draft, message: draft.lastError ?? D.conflictDetected };
      if (settled.decision === 'again') return this.send(draftId, mergesLeft, mode);
      return { status: 'synced', draft };
    }

    if (!result.ok && (result.status === 412 || (result.status === 404 && draft.articleId !== null))) {
      const server = conflictCopy(result);
      if (mode === 'push' && server && server.status !== undefined && server.status !== 'draft') {
        // Published (or scheduled) meanwhile: from now on its text goes to the autosave only.
        const known = await this.change(draftId, (next) => {
          next.serverStatus = server.status ?? null;
        });
        const { articleId, baseRevision } = known;
        if (articleId !== null && baseRevision !== null) {
          return pushAutosave(this.pushContext(), known, { articleId, baseRevision });
        }
        return { status: 'retry-later', draft: known };
      }
      const base = server && (await this.baseOf(draft));
      if (server && base && mergesLeft > 0) {
        const remote = pickArticleFields(server);
        // Merged once, with the draft as it is inside the store's queue: typing may have gone on
        // during the calls, and an overlap it made is the owner's to decide like any other.
        const merged = await this.decide(
          draftId,
          (next) => {
            const merge = mergeArticleFields(base, next.fields, remote);
            // A draft a save already put in conflict waits for the owner too.
            if (merge.conflicts.length > 0 || next.state === 'conflict') {
              markConflict(next, server, base, mode);
              return false;
            }
            next.fields = merge.merged;
            next.baseRevision = server.revision;
            return true;
          },
          { snapshot: true },
        );
        if (merged.decision) return this.send(draftId, mergesLeft - 1, mode);
        draft = merged.draft;
      } else {
        draft = await this.change(draftId, (next) => markConflict(next, server, base, mode));
      }
      return { status: 'conflict', draft, message: draft.lastError ?? D.conflictDetected };
    }

    const status = result.ok ? 200 : result.status;
    const message = result.ok ? D.serverError(status) : result.message;
    if (status === 401 || status === 429 || status >= 500 || result.ok) {
      // A push tries again with the next save or the next online moment, without a word.
      if (mode === 'push') return { status: 'retry-later', draft, message };
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

  /** Once the server holds a draft, the kept images no draft links to any more go. */
  private async afterSend<T extends { status: string }>(outcome: T): Promise<T> {
    if (outcome.status !== 'synced' || !this.options.images) return outcome;
    try {
      await this.options.images.removeUnlinked(this.options.drafts);
    } catch (error) {
      // A file left behind costs disk space only; the send itself succeeded.
      console.error('Folio: removing unlinked draft images failed', error);
    }
    return outcome;
  }

  private pushContext(): PushContext {
    return { api: this.options.api, change: (draftId, edit) => this.change(draftId, edit) };
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

  /** A change whose edit also decides what happens next, with the draft as it is in the store's queue. */
  private async decide<T>(
    draftId: string,
    edit: (draft: StoredDraft) => T,
    options: { snapshot?: boolean } = {},
  ): Promise<{ draft: StoredDraft; decision: T }> {
    const decisions: T[] = [];
    const draft = await this.change(draftId, (next) => decisions.push(edit(next)), options);
    return { draft, decision: decisions[0] as T };
  }

  private async change(
    draftId: string,
    edit: (draft: StoredDraft) => void,
    options: { snapshot?: boolean } = {},
  ): Promise<StoredDraft> {
    const draft = await this.options.drafts.update(
      draftId,
      (next) => {
        const shown = { ...next.fields };
        edit(next);
        // An editor open on the draft still shows the text sync just replaced. Compared inside
        // the store's queue: a save that landed meanwhile is the editor's own text, not sync's.
        if (!sameArticleFields(shown, next.fields)) this.options.drafts.rememberEditorBase(draftId, shown);
      },
      options,
    );
    this.options.onDraftChange?.(draft);
    return draft;
  }
}
