import { promises as fs } from 'node:fs';
import path from 'node:path';
import { serialize, syncDirectory, writeFileDurably } from '@folio/shared/durable-file';
import { AUTOSAVES_DIR, AUTOSAVE_FILE, autosaveFileName, isTempFileName } from './data-layout.js';
import type { AutosaveRecord } from './records.js';

/**
 * The editor's autosaves (server/API.md §E9): one file per article in `autosaves/`, each replaced
 * atomically on its own, so an autosave every few seconds costs one small write and never a
 * rewrite of the article index. Which articles have one is kept in memory (the admin list shows
 * it); the fields are read from the file when an article is opened.
 */
export class AutosavesRepository {
  private readonly saved = new Set<number>();
  /** Writes and removals of one article, in the order they were asked for. */
  private readonly queues = new Map<number, Promise<unknown>>();

  private constructor(private readonly dir: string) {}

  /**
   * Opens `autosaves/` in `dataDir`, dropping what a crash or a purge left behind: temp files of
   * an interrupted write, and autosaves of articles that no longer exist.
   */
  static async open(dataDir: string, articleExists: (id: number) => boolean): Promise<AutosavesRepository> {
    const repository = new AutosavesRepository(path.join(dataDir, AUTOSAVES_DIR));
    await fs.mkdir(repository.dir, { recursive: true });
    let removed = false;
    for (const name of await fs.readdir(repository.dir)) {
      const id = Number(AUTOSAVE_FILE.exec(name)?.[1] ?? Number.NaN);
      if (Number.isInteger(id) && articleExists(id)) {
        repository.saved.add(id);
      } else if (isTempFileName(name) || AUTOSAVE_FILE.test(name)) {
        await fs.rm(path.join(repository.dir, name), { force: true });
        removed = true;
      }
    }
    if (removed) await syncDirectory(repository.dir);
    return repository;
  }

  has(id: number): boolean {
    return this.saved.has(id);
  }

  /** The autosave of an article, or `undefined`. Reads wait for a write of it still under way. */
  async read(id: number): Promise<AutosaveRecord | undefined> {
    await this.queues.get(id);
    if (!this.saved.has(id)) return undefined;
    try {
      return JSON.parse(await fs.readFile(this.fileOf(id), 'utf8')) as AutosaveRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Replaces the article's autosave; resolves once it is on disk. */
  write(id: number, record: AutosaveRecord): Promise<void> {
    return this.inOrder(id, async () => {
      await writeFileDurably(this.fileOf(id), serialize(record));
      this.saved.add(id);
    });
  }

  /** Removes the articles' autosaves (none is fine); resolves once they are gone from disk. */
  async remove(ids: readonly number[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        this.inOrder(id, async () => {
          if (!this.saved.has(id)) return;
          this.saved.delete(id);
          await fs.rm(this.fileOf(id), { force: true });
          await syncDirectory(this.dir);
        }),
      ),
    );
  }

  private fileOf(id: number): string {
    return path.join(this.dir, autosaveFileName(id));
  }

  private inOrder(id: number, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(work);
    const tracked = next.catch(() => {});
    this.queues.set(id, tracked);
    void tracked.then(() => {
      if (this.queues.get(id) === tracked) this.queues.delete(id);
    });
    return next;
  }
}
