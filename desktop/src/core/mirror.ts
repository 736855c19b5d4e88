/**
 * The local mirror: every article of the server's admin list (metadata), and the bodies the
 * background fill (core/mirror-fill.ts) or the owner fetched, so articles can be read and edited
 * with the server unreachable. The bodies are bounded by a size: past it, the least recently
 * updated bodies leave first; the list is always kept whole.
 * Layout: `<dir>/index.json` (the list, when it was fetched, and a record per stored body) and
 * `<dir>/articles/<id>.json` (one article with its body). Writes are atomic (core/json-file.ts);
 * a body written but not yet in the index (a crash, a deferred index write) is found again at open.
 *
 * API:
 * - `Mirror.open(dir): Promise<Mirror>`
 *   - `list(): MirrorEntry[]` (newest `updated_at` first; `hasBody` says whether it reads offline)
 *   - `get(id): Promise<ServerArticle | undefined>` (with body)
 *   - `status()`: when the list was fetched, how many articles and bodies, bytes used and bound
 *   - `staleIds()`: listed articles whose body is missing or older than the list says, newest first
 *   - `rememberList(items)` — replaces the metadata with the server's live list (an article
 *     gone from the server leaves the mirror too) and notes the time
 *   - `rememberArticle(article, { deferIndex? })` — stores the body; false when the bound left
 *     no room for it (it was the least recently updated); `flush()` writes a deferred index
 *   - `setLimit(bytes)` — the bound; lowering it drops bodies at once. `forget(id)`
 * - `refreshMirror(api, mirror): Promise<{ online: boolean }>` — fetch the whole list
 * - `openArticle(api, mirror, id): Promise<{ article, source: 'server' | 'mirror' } | undefined>`
 *   — the server's copy when it answers (and mirror it), else the mirrored one
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MB, MIRROR_LIMIT_MB, mirrorArticleSummarySchema } from '../channels/mirror.schema.js';
import type { MirrorStatus } from '../channels/mirror.schema.js';
import type { ArticlesApi, ServerArticle, ServerListItem } from './articles-api.js';
import { isNetworkError } from './http.js';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { createSerialQueue } from './serial-queue.js';

// One schema for the mirror on disk and on the bridge: what is stored is what the renderer gets.
const metaSchema = mirrorArticleSummarySchema;
/** What the index knows of a stored body: its size, and which version of the article it is. */
const bodyRecordSchema = z.object({
  id: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  revision: z.number().int().nullable(),
  updated_at: z.string(),
});
// Version 1 (before the background fill) had the list only; its bodies are found again at open.
const indexSchema = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  syncedAt: z.string().nullable().default(null),
  articles: z.array(metaSchema),
  bodies: z.array(bodyRecordSchema).default([]),
});
const articleSchema = metaSchema.extend({ content: z.string() });

export type MirrorMeta = z.infer<typeof metaSchema>;
type BodyRecord = z.infer<typeof bodyRecordSchema>;
export interface MirrorEntry extends MirrorMeta {
  hasBody: boolean;
}
export type MirrorUsage = Omit<MirrorStatus, 'filling'>;

/** A deferred index is written after this many bodies, so a long fill does not rewrite it per body. */
const DEFERRED_INDEX_BATCH = 25;

function metaOf(item: ServerListItem | ServerArticle): MirrorMeta {
  return {
    id: item.id,
    title: item.title,
    category: item.category,
    tags: item.tags,
    summary: item.summary,
    cover: item.cover,
    views: item.views,
    comment_count: item.comment_count,
    created_at: item.created_at,
    updated_at: item.updated_at,
    revision: item.revision,
    status: item.status ?? 'published',
  };
}

const newestFirst = (a: { updated_at: string; id: number }, b: { updated_at: string; id: number }) =>
  b.updated_at.localeCompare(a.updated_at) || b.id - a.id;

/** Which version of an article a body or list entry is. */
const versionOf = (item: { revision: number | null; updated_at: string }) => `${item.revision ?? ''}@${item.updated_at}`;

export class Mirror {
  private readonly queue = createSerialQueue();
  private limitBytes = MIRROR_LIMIT_MB.default * MB;
  private unsavedBodies = 0;
  /**
   * Bodies the bound pushed out. Neither they nor missing bodies older than the newest of them
   * are stale for the fill, which would fetch them only to drop them again; until the bound
   * rises or other bodies leave.
   */
  private readonly noRoom = new Map<number, BodyRecord>();

  private constructor(
    private readonly dir: string,
    private meta: Map<number, MirrorMeta>,
    private readonly bodies: Map<number, BodyRecord>,
    private syncedAt: string | null,
  ) {}

  static async open(dir: string): Promise<Mirror> {
    await fs.mkdir(path.join(dir, 'articles'), { recursive: true });
    const index = indexSchema.safeParse(await readJsonFile(path.join(dir, 'index.json')));
    const meta = new Map((index.success ? index.data.articles : []).map((item) => [item.id, item]));
    const recorded = new Map((index.success ? index.data.bodies : []).map((body) => [body.id, body]));
    const mirror = new Mirror(dir, meta, new Map(), index.success ? index.data.syncedAt : null);
    let changed = false;
    for (const name of await fs.readdir(path.join(dir, 'articles'))) {
      const match = /^(\d+)\.json$/.exec(name);
      if (!match) continue;
      const id = Number(match[1]);
      const known = recorded.get(id) ?? (await mirror.recoverBody(id));
      if (known) mirror.bodies.set(id, known);
      changed ||= known !== recorded.get(id);
    }
    // A record whose file is gone (a crash between the removal and the index write) is dropped.
    if (changed || recorded.size !== mirror.bodies.size) await mirror.writeIndex();
    return mirror;
  }

  list(): MirrorEntry[] {
    return [...this.meta.values()].sort(newestFirst).map((item) => ({ ...item, hasBody: this.bodies.has(item.id) }));
  }

  async get(id: number): Promise<ServerArticle | undefined> {
    const parsed = articleSchema.safeParse(await readJsonFile(this.articleFile(id)));
    return parsed.success ? parsed.data : undefined;
  }

  status(): MirrorUsage {
    let bytesUsed = 0;
    for (const body of this.bodies.values()) bytesUsed += body.bytes;
    return {
      syncedAt: this.syncedAt,
      articleCount: this.meta.size,
      bodyCount: this.bodies.size,
      bytesUsed,
      limitBytes: this.limitBytes,
    };
  }

  staleIds(): number[] {
    const pushedOut = [...this.noRoom.values()].sort(newestFirst)[0];
    return [...this.meta.values()]
      .filter((item) => {
        const body = this.bodies.get(item.id);
        if (body !== undefined) return versionOf(body) !== versionOf(item);
        const dropped = this.noRoom.get(item.id);
        if (dropped !== undefined && versionOf(dropped) === versionOf(item)) return false;
        return pushedOut === undefined || newestFirst(item, pushedOut) < 0;
      })
      .sort(newestFirst)
      .map((item) => item.id);
  }

  rememberList(items: readonly ServerListItem[], syncedAt = new Date().toISOString()): Promise<void> {
    return this.queue.run(async () => {
      const live = new Set(items.map((item) => item.id));
      for (const id of [...this.bodies.keys()]) {
        if (live.has(id)) continue;
        await this.dropBody(id);
        this.noRoom.clear();
      }
      this.meta = new Map(items.map((item) => [item.id, metaOf(item)]));
      this.syncedAt = syncedAt;
      await this.writeIndex();
    });
  }

  rememberArticle(article: ServerArticle, options: { deferIndex?: boolean } = {}): Promise<boolean> {
    return this.queue.run(async () => {
      const file = this.articleFile(article.id);
      await writeJsonFile(file, { ...metaOf(article), content: article.content });
      const { size } = await fs.stat(file);
      this.bodies.set(article.id, { id: article.id, bytes: size, revision: article.revision, updated_at: article.updated_at });
      this.meta.set(article.id, metaOf(article));
      const dropped = await this.dropPastLimit();
      this.unsavedBodies += 1;
      if (!options.deferIndex || dropped || this.unsavedBodies >= DEFERRED_INDEX_BATCH) await this.writeIndex();
      return this.bodies.has(article.id);
    });
  }

  /** Writes the index if bodies were stored with `deferIndex` since it was last written. */
  flush(): Promise<void> {
    return this.queue.run(async () => {
      if (this.unsavedBodies > 0) await this.writeIndex();
    });
  }

  setLimit(bytes: number): Promise<void> {
    return this.queue.run(async () => {
      if (bytes > this.limitBytes) this.noRoom.clear();
      this.limitBytes = bytes;
      if (await this.dropPastLimit()) await this.writeIndex();
    });
  }

  forget(id: number): Promise<void> {
    return this.queue.run(async () => {
      if (this.bodies.has(id)) this.noRoom.clear();
      await this.dropBody(id);
      this.meta.delete(id);
      await this.writeIndex();
    });
  }

  /** Past the bound, the bodies of the least recently updated articles go first. True if any went. */
  private async dropPastLimit(): Promise<boolean> {
    let { bytesUsed } = this.status();
    if (bytesUsed <= this.limitBytes) return false;
    const oldestFirst = [...this.bodies.values()].sort((a, b) => newestFirst(b, a));
    for (const body of oldestFirst) {
      if (bytesUsed <= this.limitBytes) break;
      await this.dropBody(body.id);
      this.noRoom.set(body.id, body);
      bytesUsed -= body.bytes;
    }
    return true;
  }

  private async dropBody(id: number): Promise<void> {
    await fs.rm(this.articleFile(id), { force: true });
    this.bodies.delete(id);
  }

  /** A body file the index does not know: read back its version; an unreadable one is removed. */
  private async recoverBody(id: number): Promise<BodyRecord | undefined> {
    const file = this.articleFile(id);
    const parsed = articleSchema.safeParse(await readJsonFile(file));
    if (!parsed.success) {
      await fs.rm(file, { force: true });
      return undefined;
    }
    const { size } = await fs.stat(file);
    if (!this.meta.has(id)) this.meta.set(id, metaOf(parsed.data));
    return { id, bytes: size, revision: parsed.data.revision, updated_at: parsed.data.updated_at };
  }

  private async writeIndex(): Promise<void> {
    await writeJsonFile(path.join(this.dir, 'index.json'), {
      version: 2,
      syncedAt: this.syncedAt,
      articles: [...this.meta.values()],
      bodies: [...this.bodies.values()],
    });
    this.unsavedBodies = 0;
  }

  private articleFile(id: number): string {
    return path.join(this.dir, 'articles', `${id}.json`);
  }
}

/** Mirrors the server's whole admin list; `online: false` when it did not answer. */
export async function refreshMirror(api: ArticlesApi, mirror: Mirror): Promise<{ online: boolean }> {
  try {
    const result = await api.listAll();
    if (result.ok) await mirror.rememberList(result.value);
    return { online: true };
  } catch (error) {
    if (isNetworkError(error)) return { online: false };
    throw error;
  }
}

export async function openArticle(
  api: ArticlesApi,
  mirror: Mirror,
  id: number,
): Promise<{ article: ServerArticle; source: 'server' | 'mirror' } | undefined> {
  try {
    const result = await api.get(id);
    if (result.ok) {
      await mirror.rememberArticle(result.value);
      return { article: result.value, source: 'server' };
    }
    if (result.status === 404) {
      await mirror.forget(id);
      return undefined;
    }
  } catch (error) {
    if (!isNetworkError(error)) throw error;
  }
  const mirrored = await mirror.get(id);
  return mirrored && { article: mirrored, source: 'mirror' };
}
