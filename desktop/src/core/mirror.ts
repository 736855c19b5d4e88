/**
 * The local mirror: the articles the owner listed or opened (metadata, and bodies of those
 * opened), so they can be read and edited with the server unreachable.
 * Layout: `<dir>/index.json` (metadata of every mirrored article) and `<dir>/articles/<id>.json`
 * (one opened article with its body). Writes are atomic.
 *
 * API:
 * - `Mirror.open(dir): Promise<Mirror>`
 *   - `list(): MirrorEntry[]` (newest `updated_at` first; `hasBody` says whether it reads offline)
 *   - `get(id): Promise<ServerArticle | undefined>` (with body)
 *   - `rememberList(items)` — replaces the metadata with the server's live list (an article
 *     gone from the server leaves the mirror too)
 *   - `rememberArticle(article)`, `forget(id)`
 * - `refreshMirror(api, mirror): Promise<{ online: boolean }>` — fetch the whole list
 * - `openArticle(api, mirror, id): Promise<{ article, source: 'server' | 'mirror' } | undefined>`
 *   — the server's copy when it answers (and mirror it), else the mirrored one
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { mirrorArticleSummarySchema } from '../channels/mirror.schema.js';
import type { ArticlesApi, ServerArticle, ServerListItem } from './articles-api.js';
import { isNetworkError } from './http.js';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { createSerialQueue } from './serial-queue.js';

// One schema for the mirror on disk and on the bridge: what is stored is what the renderer gets.
const metaSchema = mirrorArticleSummarySchema;
const indexSchema = z.object({ version: z.literal(1), articles: z.array(metaSchema) });
const articleSchema = metaSchema.extend({ content: z.string() });

export type MirrorMeta = z.infer<typeof metaSchema>;
export interface MirrorEntry extends MirrorMeta {
  hasBody: boolean;
}

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

export class Mirror {
  private readonly queue = createSerialQueue();

  private constructor(
    private readonly dir: string,
    private meta: Map<number, MirrorMeta>,
    private readonly bodies: Set<number>,
  ) {}

  static async open(dir: string): Promise<Mirror> {
    await fs.mkdir(path.join(dir, 'articles'), { recursive: true });
    const index = indexSchema.safeParse(await readJsonFile(path.join(dir, 'index.json')));
    const meta = new Map((index.success ? index.data.articles : []).map((item) => [item.id, item]));
    const bodies = new Set<number>();
    for (const name of await fs.readdir(path.join(dir, 'articles'))) {
      const match = /^(\d+)\.json$/.exec(name);
      if (match) bodies.add(Number(match[1]));
    }
    return new Mirror(dir, meta, bodies);
  }

  list(): MirrorEntry[] {
    return [...this.meta.values()]
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id)
      .map((item) => ({ ...item, hasBody: this.bodies.has(item.id) }));
  }

  async get(id: number): Promise<ServerArticle | undefined> {
    const parsed = articleSchema.safeParse(await readJsonFile(this.articleFile(id)));
    return parsed.success ? parsed.data : undefined;
  }

  rememberList(items: readonly ServerListItem[]): Promise<void> {
    return this.queue.run(async () => {
      const live = new Set(items.map((item) => item.id));
      for (const id of [...this.bodies]) {
        if (live.has(id)) continue;
        await fs.rm(this.articleFile(id), { force: true });
        this.bodies.delete(id);
      }
      this.meta = new Map(items.map((item) => [item.id, metaOf(item)]));
      await this.writeIndex();
    });
  }

  rememberArticle(article: ServerArticle): Promise<void> {
    return this.queue.run(async () => {
      await writeJsonFile(this.articleFile(article.id), { ...metaOf(article), content: article.content });
      this.bodies.add(article.id);
      this.meta.set(article.id, metaOf(article));
      await this.writeIndex();
    });
  }

  forget(id: number): Promise<void> {
    return this.queue.run(async () => {
      await fs.rm(this.articleFile(id), { force: true });
      this.bodies.delete(id);
      this.meta.delete(id);
      await this.writeIndex();
    });
  }

  private writeIndex(): Promise<void> {
    return writeJsonFile(path.join(this.dir, 'index.json'), { version: 1, articles: [...this.meta.values()] });
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
