import { readFileSync } from 'node:fs';
import { LRUCache } from 'lru-cache';

/** UTF-16 code units of recently used bodies kept in memory: about 2 MB of Chinese text. */
export const DEFAULT_BODY_CACHE_UNITS = 1_000_000;

/**
 * Article bodies by article id. The files are the only full copy: a body is read from the file
 * its record points at when asked for, and the most recently used ones are kept, up to a budget.
 * Keeping every body made a 2,000-article site hold 10 MB of Markdown that only a detail view,
 * an export or the search scan ever reads, and the rendered pages are cached anyway.
 *
 * Writers call `set` once the body's file is written and its record points at it (inside the
 * same synchronous change), so an evicted body is read back from the right file. Every `set`
 * and `delete` moves the id's {@link version}, which lets readers (the search index) tell a
 * changed body from one they have seen without keeping the text.
 */
export class BodyTable {
  private readonly recent: LRUCache<number, string>;
  private readonly versions = new Map<number, number>();
  private nextVersion = 1;

  /**
   * @param locate the file of an article's current body, or undefined when there is no such article.
   * @param budgetUnits how many UTF-16 code units of bodies to keep in memory.
   */
  constructor(
    private readonly locate: (id: number) => string | undefined,
    budgetUnits = DEFAULT_BODY_CACHE_UNITS,
  ) {
    // A body longer than the whole budget is simply not kept.
    this.recent = new LRUCache({ maxSize: budgetUnits, sizeCalculation: (body) => Math.max(1, body.length) });
  }

  get(id: number): string | undefined {
    const kept = this.recent.get(id);
    if (kept !== undefined) return kept;
    const filePath = this.locate(id);
    if (filePath === undefined) return undefined;
    // Synchronous: a body is a few kilobytes, and callers (search, rendering) are synchronous.
    const body = readFileSync(filePath, 'utf8');
    this.recent.set(id, body);
    return body;
  }

  /** A number that changes whenever the body of `id` is replaced or deleted. */
  version(id: number): number {
    return this.versions.get(id) ?? 0;
  }

  /** Records a body whose file was just written and which its record now points at. */
  set(id: number, body: string): void {
    this.versions.set(id, this.nextVersion++);
    this.recent.delete(id);
    this.recent.set(id, body);
  }

  /**
   * Forgets every kept body, moving each version: a failed commit's bodies were kept before the
   * records pointed at them, and the records now point at the files they held before.
   */
  forgetAll(): void {
    for (const id of this.versions.keys()) this.versions.set(id, this.nextVersion++);
    this.recent.clear();
  }

  delete(id: number): void {
    this.versions.set(id, this.nextVersion++);
    this.recent.delete(id);
  }
}
