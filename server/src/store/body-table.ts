import { readFileSync } from 'node:fs';

/**
 * Article bodies by article id, each read from its file on first use and then kept, so search
 * and the detail never wait on the disk twice. Start-up only lists the files: reading thousands
 * of them before the first page was most of the time a large site took to start. Search warms
 * every body in the background once the server listens (see ArticleSearchIndex).
 *
 * It is a `Map`, so writers and readers use it as one: `set` replaces a body (a write path has
 * just written its file), `delete` forgets one, and `get` reads an unread body's file.
 */
export class BodyTable extends Map<number, string> {
  /** Files of bodies not read yet, by article id. */
  private readonly unread = new Map<number, string>();

  /** Registers a body to read from `filePath` when first asked for. */
  expect(id: number, filePath: string): void {
    this.unread.set(id, filePath);
  }

  override get(id: number): string | undefined {
    const known = super.get(id);
    if (known !== undefined) return known;
    const filePath = this.unread.get(id);
    if (filePath === undefined) return undefined;
    // Synchronous: a body is a few kilobytes, and callers (search, rendering) are synchronous.
    const body = readFileSync(filePath, 'utf8');
    this.unread.delete(id);
    super.set(id, body);
    return body;
  }

  override has(id: number): boolean {
    return super.has(id) || this.unread.has(id);
  }

  override set(id: number, body: string): this {
    // `Map`'s constructor calls `set` before this class's fields exist.
    this.unread?.delete(id);
    return super.set(id, body);
  }

  override delete(id: number): boolean {
    const wasUnread = this.unread.delete(id);
    return super.delete(id) || wasUnread;
  }

  override clear(): void {
    this.unread.clear();
    super.clear();
  }
}
