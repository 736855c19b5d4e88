/**
 * 草稿箱 on disk: one JSON file per draft (`<dir>/<id>.json`) plus its ring of earlier local
 * revisions (`<dir>/<id>.revisions.json`). Every save is atomic (temp file, fsync, rename,
 * directory fsync), so a crash or SIGKILL leaves the last acknowledged save, never a torn file.
 *
 * API:
 * - `DraftStore.open(dir, { revisionsKept?, revisionIntervalMs?, now? }): Promise<DraftStore>`
 *   - `list(): DraftSummary[]` (newest first), `get(id): StoredDraft | undefined`,
 *     `findByArticle(articleId)`
 *   - `create({ fields?, articleId?, baseRevision?, state?, serverStatus? }): Promise<StoredDraft>`
 *   - `save(id, patch: Partial<ArticleFields>): Promise<StoredDraft>` — the keystroke save; an
 *     edited 已同步 draft becomes 仅本地, other states keep theirs
 *   - `rememberEditorBase(id, fields)` / `editorCaughtUp(id)` — sync replaced the text under an
 *     editor that may still show the old one; until the editor reads the draft again, its saves
 *     are merged against that old text instead of overwriting what sync brought in; where such a
 *     save and sync changed the same place, the draft goes to 冲突 (the editor's text in the
 *     draft, what sync brought in as the server's side) for the owner to decide
 *   - `revisions(id): Promise<DraftRevision[]>` (newest first),
 *     `restoreRevision(id, revisionId): Promise<StoredDraft>` (the current text is kept in the ring first)
 *   - `update(id, edit, { snapshot? }): Promise<StoredDraft>` — for sync: any change to a draft,
 *     optionally snapshotting the current text into the ring first
 *   - `discard(id)` — the user deleted it; `dropSynced(id)` — only once 已同步
 * - `DraftError`; the stored draft and its mappings are in draft-file.ts.
 * Saves of one draft are applied in call order; each resolves once on disk.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  DESKTOP_LIMITS,
  DesktopMessages as D,
  emptyArticleFields,
  pickArticleFieldPatch,
  sameArticleFields,
} from '@folio/shared';
import type { ArticleFields, ArticleStatus, DraftState } from '@folio/shared';
import { mergeArticleFields } from '@folio/shared/three-way-merge';
import type { DraftRevision, DraftSummary, ServerCopy } from '../channels/drafts.schema.js';
import { draftFromDisk, revisionsFromDisk } from './draft-file.js';
import type { StoredDraft } from './draft-file.js';
import { isUnsent, waitsForOwner } from './draft-sync-state.js';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { createKeyedSerialQueue } from './serial-queue.js';

/**
 * The text sync brought in under an open editor, as the server's side of a conflict: the article
 * at the draft's base revision as far as this machine knows (a send still under way replaces it
 * with the copy the server answers with, sync.ts). Null for a draft with no server article, whose
 * text no one else can have changed.
 */
function broughtInCopy(draft: StoredDraft): ServerCopy | null {
  if (draft.articleId === null) return null;
  return { ...draft.fields, id: draft.articleId, revision: draft.baseRevision, updated_at: draft.updatedAt };
}

export class DraftError extends Error {
  override name = 'DraftError';
}

export interface DraftStoreOptions {
  revisionsKept?: number;
  revisionIntervalMs?: number;
  /** Injected clock, so tests decide when a revision snapshot is due. */
  now?: () => Date;
}

const DRAFT_FILE = /^([A-Za-z0-9-]+)\.json$/;

export class DraftStore {
  private readonly drafts = new Map<string, StoredDraft>();
  /** Saves of one draft are applied in call order. */
  private readonly queue = createKeyedSerialQueue<string>();
  private readonly revisionsKept: number;
  private readonly revisionIntervalMs: number;
  private readonly now: () => Date;
  /**
   * Per draft, the text an open editor may still hold after sync replaced it (a merge with the
   * server's changes, the server's normalised copy). Memory only: after a restart every editor
   * reads the draft afresh.
   */
  private readonly editorBases = new Map<string, ArticleFields>();

  private constructor(
    private readonly dir: string,
    options: DraftStoreOptions,
  ) {
    this.revisionsKept = options.revisionsKept ?? DESKTOP_LIMITS.draftRevisions;
    this.revisionIntervalMs = options.revisionIntervalMs ?? DESKTOP_LIMITS.draftRevisionIntervalMs;
    this.now = options.now ?? (() => new Date());
  }

  static async open(dir: string, options: DraftStoreOptions = {}): Promise<DraftStore> {
    await fs.mkdir(dir, { recursive: true });
    const store = new DraftStore(dir, options);
    for (const name of await fs.readdir(dir)) {
      // Temp files of a write that a crash interrupted: the rename never happened, so the
      // draft file still holds the previous acknowledged save.
      if (name.startsWith('.') && name.endsWith('.tmp')) {
        await fs.rm(path.join(dir, name), { force: true });
        continue;
      }
      const match = DRAFT_FILE.exec(name);
      if (!match || name.endsWith('.revisions.json')) continue;
      const draft = draftFromDisk(await readJsonFile(path.join(dir, name)));
      // A file another version wrote is left alone rather than deleted: it may hold someone's text.
      if (draft !== undefined && draft.id === match[1]) store.drafts.set(draft.id, draft);
    }
    return store;
  }

  list(): DraftSummary[] {
    return [...this.drafts.values()]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((draft) => ({
        id: draft.id,
        title: draft.fields.title,
        state: draft.state,
        articleId: draft.articleId,
        updatedAt: draft.updatedAt,
        lastError: draft.lastError,
        serverStatus: draft.serverStatus,
        unsent: isUnsent(draft),
        waiting: waitsForOwner(draft),
      }));
  }

  get(id: string): StoredDraft | undefined {
    const draft = this.drafts.get(id);
    return draft && structuredClone(draft);
  }

  findByArticle(articleId: number): StoredDraft | undefined {
    const draft = [...this.drafts.values()].find((candidate) => candidate.articleId === articleId);
    return draft && structuredClone(draft);
  }

  async create(
    init: {
      fields?: Partial<ArticleFields>;
      articleId?: number | null;
      baseRevision?: number | null;
      state?: DraftState;
      serverStatus?: ArticleStatus | null;
    } = {},
  ): Promise<StoredDraft> {
    const at = this.now().toISOString();
    const articleId = init.articleId ?? null;
    const draft: StoredDraft = {
      version: 1,
      id: randomUUID(),
      fields: { ...emptyArticleFields(), ...pickArticleFieldPatch(init.fields ?? {}) },
      articleId,
      baseRevision: init.baseRevision ?? null,
      state: init.state ?? 'local',
      createdAt: at,
      updatedAt: at,
      seq: 0,
      pendingCreate: null,
      conflict: null,
      lastError: null,
      lastSnapshotAt: null,
      serverStatus: init.serverStatus ?? null,
      // A draft of a server article starts from the server's text: nothing to send until a save.
      pushedSeq: articleId === null ? null : 0,
    };
    return this.queue.run(draft.id, async () => {
      await this.writeDraft(draft);
      this.drafts.set(draft.id, draft);
      return structuredClone(draft);
    });
  }

  save(id: string, patch: Partial<ArticleFields>): Promise<StoredDraft> {
    return this.update(id, (draft) => {
      // Only the known article fields, so a patch from the renderer cannot add keys.
      const picked = pickArticleFieldPatch(patch);
      const editorBase = this.editorBases.get(id);
      if (editorBase) {
        // The editor's changes to the text it was shown, kept together with what sync brought in.
        const merge = mergeArticleFields(editorBase, { ...editorBase, ...picked }, draft.fields);
        // Where both changed the same place, nothing typed is dropped (the merge keeps the
        // editor's side) and nothing sync brought in is sent over: the owner decides.
        const brought = merge.conflicts.length > 0 && draft.state !== 'conflict' ? broughtInCopy(draft) : null;
        draft.fields = merge.merged;
        if (brought) {
          draft.conflict = {
            server: brought,
            base: { ...editorBase },
            detectedAt: this.now().toISOString(),
            // A merge whose send has not got through yet is text the server lacks.
            serverHeld: !isUnsent(draft),
            publishing: draft.state === 'pending',
          };
          draft.state = 'conflict';
          draft.lastError = D.conflictDetected;
          return;
        }
      } else {
        Object.assign(draft.fields, picked);
      }
      if (draft.state === 'synced') draft.state = 'local';
      draft.lastError = null;
    });
  }

  /**
   * Changes a draft durably. With `snapshot: true` the current text goes into the revision ring
   * first (sync does this before it replaces the text); otherwise a snapshot is taken when the
   * last one is older than the interval, so the ring spans minutes of typing, not keystrokes.
   */
  update(id: string, edit: (draft: StoredDraft) => void, options: { snapshot?: boolean } = {}): Promise<StoredDraft> {
    return this.queue.run(id, async () => {
      const current = this.drafts.get(id);
      if (!current) throw new DraftError(D.draftNotFound);
      const next = structuredClone(current);
      edit(next);
      const textChanged = !sameArticleFields(current.fields, next.fields);
      const at = this.now();
      if (textChanged) {
        next.seq = current.seq + 1;
        const last = current.lastSnapshotAt ? Date.parse(current.lastSnapshotAt) : Number.NEGATIVE_INFINITY;
        if (options.snapshot || at.getTime() - last >= this.revisionIntervalMs) {
          await this.pushRevision(current, at);
          next.lastSnapshotAt = at.toISOString();
        }
      }
      next.updatedAt = at.toISOString();
      await this.writeDraft(next);
      this.drafts.set(id, next);
      return structuredClone(next);
    });
  }

  /** Sync replaced the text: keeps the text an editor may still show (the oldest, if it happens again). */
  rememberEditorBase(id: string, fields: ArticleFields): void {
    if (!this.editorBases.has(id)) this.editorBases.set(id, { ...fields });
  }

  /** The editor was handed the draft's current text: its saves apply as they are again. */
  editorCaughtUp(id: string): void {
    this.editorBases.delete(id);
  }

  async revisions(id: string): Promise<DraftRevision[]> {
    if (!this.drafts.has(id)) throw new DraftError(D.draftNotFound);
    return (await this.readRing(id)).slice().reverse();
  }

  async restoreRevision(id: string, revisionId: number): Promise<StoredDraft> {
    const revision = (await this.readRing(id)).find((candidate) => candidate.id === revisionId);
    if (!revision) throw new DraftError(D.revisionNotFound);
    // The editor takes the restored text as it is.
    this.editorCaughtUp(id);
    return this.update(
      id,
      (draft) => {
        draft.fields = { ...revision.fields };
        if (draft.state === 'synced') draft.state = 'local';
      },
      { snapshot: true },
    );
  }

  /** The user deleted the draft (the UI asked first). */
  discard(id: string): Promise<void> {
    return this.queue.run(id, async () => {
      if (!this.drafts.has(id)) throw new DraftError(D.draftNotFound);
      await this.removeFiles(id);
    });
  }

  /** Removes a draft the server has confirmed; refuses any other state. */
  dropSynced(id: string): Promise<void> {
    return this.queue.run(id, async () => {
      const draft = this.drafts.get(id);
      if (!draft) throw new DraftError(D.draftNotFound);
      if (draft.state !== 'synced') throw new DraftError(D.draftNotSynced);
      await this.removeFiles(id);
    });
  }

  private async removeFiles(id: string): Promise<void> {
    this.editorBases.delete(id);
    await fs.rm(this.draftFile(id), { force: true });
    await fs.rm(this.ringFile(id), { force: true });
    this.drafts.delete(id);
  }

  private async pushRevision(draft: StoredDraft, at: Date): Promise<void> {
    const ring = await this.readRing(draft.id);
    const last = ring.at(-1);
    // Nothing worth restoring: the empty start of a new draft, or the same text as last time.
    if (sameArticleFields(draft.fields, emptyArticleFields()) || (last && sameArticleFields(last.fields, draft.fields))) return;
    ring.push({ id: (last?.id ?? 0) + 1, savedAt: at.toISOString(), fields: { ...draft.fields } });
    await writeJsonFile(this.ringFile(draft.id), ring.slice(-this.revisionsKept));
  }

  private async readRing(id: string): Promise<DraftRevision[]> {
    return revisionsFromDisk(await readJsonFile(this.ringFile(id)));
  }

  private writeDraft(draft: StoredDraft): Promise<void> {
    return writeJsonFile(this.draftFile(draft.id), draft);
  }

  private draftFile(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }

  private ringFile(id: string): string {
    return path.join(this.dir, `${id}.revisions.json`);
  }
}
