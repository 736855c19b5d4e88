import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Low } from 'lowdb';
import { DurableJsonFile, serialize, writeFileDurably } from '@folio/shared/durable-file';
import type {
  ArticleRecord,
  AvatarRecord,
  CollectionFile,
  CommentRecord,
  ContactRecord,
  IdempotencyFile,
  MetaFile,
  RevokedTokenRecord,
  SiteBlockRecord,
  SkillRecord,
} from './records.js';
import { DATA_FORMAT, DATA_FORMAT_VERSION } from './records.js';

/** Everything the server keeps in memory; each key is one JSON file in the data directory. */
export interface StoreState {
  siteBlocks: CollectionFile<SiteBlockRecord>;
  skills: CollectionFile<SkillRecord>;
  contacts: CollectionFile<ContactRecord>;
  avatars: CollectionFile<AvatarRecord>;
  articles: CollectionFile<ArticleRecord>;
  /** View counters live apart from the article index so a page view rewrites only this small file. */
  articleViews: Record<string, number>;
  comments: CollectionFile<CommentRecord>;
  revokedTokens: CollectionFile<RevokedTokenRecord>;
  idempotencyKeys: IdempotencyFile;
}

export type CollectionName = keyof StoreState;

const FILE_NAMES: Record<CollectionName, string> = {
  siteBlocks: 'site-blocks.json',
  skills: 'skills.json',
  contacts: 'contacts.json',
  avatars: 'avatars.json',
  articles: 'articles.json',
  articleViews: 'article-views.json',
  comments: 'comments.json',
  revokedTokens: 'revoked-tokens.json',
  idempotencyKeys: 'idempotency-keys.json',
};

const emptyCollection = <T>(): CollectionFile<T> => ({ next_id: 1, items: [] });

function emptyState(): StoreState {
  return {
    siteBlocks: emptyCollection(),
    skills: emptyCollection(),
    contacts: emptyCollection(),
    avatars: emptyCollection(),
    articles: emptyCollection(),
    articleViews: {},
    comments: emptyCollection(),
    revokedTokens: emptyCollection(),
    idempotencyKeys: { items: [] },
  };
}

interface JournalFile {
  files: { name: string; content: string }[];
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

const JOURNAL = 'journal.json';
const META = 'meta.json';
const BODIES_DIR = 'article-bodies';
const UPLOADS_DIR = 'uploads';
const bodyFileName = (id: number, rev: number) => `${id}-${rev}.md`;

/**
 * The data directory. Reads are served from memory; every change goes through {@link mutate},
 * which applies it synchronously and resolves once it is on disk.
 *
 * Writes use group commit: changes made while a commit is running are written together by the
 * next one. A commit touching one file replaces it atomically; a commit touching several first
 * writes a journal holding all of them, so a crash in between is finished on the next start.
 */
export class Store {
  private readonly dbs: { [K in CollectionName]: Low<StoreState[K]> };
  private readonly dirty = new Set<CollectionName>();
  private waiters: Waiter[] = [];
  private committing: Promise<void> | null = null;
  /** Markdown bodies by article id, loaded at start so search and detail never touch the disk. */
  readonly bodies = new Map<number, string>();

  private constructor(readonly dataDir: string) {
    const state = emptyState();
    this.dbs = Object.fromEntries(
      (Object.keys(FILE_NAMES) as CollectionName[]).map((name) => [
        name,
        new Low<unknown>(new DurableJsonFile<unknown>(path.join(dataDir, FILE_NAMES[name])), state[name]),
      ]),
    ) as unknown as { [K in CollectionName]: Low<StoreState[K]> };
  }

  get uploadsDir(): string {
    return path.join(this.dataDir, UPLOADS_DIR);
  }

  get bodiesDir(): string {
    return path.join(this.dataDir, BODIES_DIR);
  }

  /** Opens (or creates) a data directory, finishing any interrupted commit and dropping orphans. */
  static async open(dataDir: string): Promise<Store> {
    const store = new Store(dataDir);
    await fs.mkdir(path.join(dataDir, BODIES_DIR), { recursive: true });
    await fs.mkdir(path.join(dataDir, UPLOADS_DIR), { recursive: true });
    const version = await store.ensureMeta();
    await store.replayJournal();
    for (const db of Object.values(store.dbs)) {
      await db.read();
    }
    await store.migrate(version);
    await store.loadBodies();
    await store.removeTempFiles();
    return store;
  }

  /** True when the directory held no data before this start (so the sample site should be seeded). */
  isEmpty(): boolean {
    const state = this.state;
    return (
      state.siteBlocks.items.length === 0 &&
      state.skills.items.length === 0 &&
      state.contacts.items.length === 0 &&
      state.articles.items.length === 0 &&
      state.avatars.items.length === 0
    );
  }

  get state(): StoreState {
    return {
      siteBlocks: this.dbs.siteBlocks.data,
      skills: this.dbs.skills.data,
      contacts: this.dbs.contacts.data,
      avatars: this.dbs.avatars.data,
      articles: this.dbs.articles.data,
      articleViews: this.dbs.articleViews.data,
      comments: this.dbs.comments.data,
      revokedTokens: this.dbs.revokedTokens.data,
      idempotencyKeys: this.dbs.idempotencyKeys.data,
    };
  }

  /**
   * Applies `change` to the in-memory state at once and resolves with its result when the named
   * collections are durably written. `change` must validate before it modifies anything: it runs
   * synchronously, so no other request sees a half-applied change.
   */
  async mutate<R>(names: readonly CollectionName[], change: (state: StoreState) => R): Promise<R> {
    const result = change(this.state);
    for (const name of names) this.dirty.add(name);
    await this.commit();
    return result;
  }

  /** Replaces whole collections at once (used by import), written together through the journal. */
  async replace(next: Partial<StoreState>): Promise<void> {
    const names = Object.keys(next) as CollectionName[];
    await this.mutate(names, () => {
      for (const name of names) {
        (this.dbs[name] as Low<unknown>).data = next[name];
      }
    });
  }

  private readonly reservedBodyRevs = new Map<number, number>();

  /**
   * Reserves a body revision no other writer of this article has taken, so two concurrent
   * updates never write the same file. Whichever commits last is what the article points at.
   */
  reserveBodyRev(id: number, currentRev: number): number {
    const rev = Math.max(currentRev, this.reservedBodyRevs.get(id) ?? 0) + 1;
    this.reservedBodyRevs.set(id, rev);
    return rev;
  }

  /** Writes a new body revision file; the caller then points the article at it inside {@link mutate}. */
  async writeBody(id: number, rev: number, content: string): Promise<void> {
    await writeFileDurably(path.join(this.bodiesDir, bodyFileName(id, rev)), content);
  }

  /** Removes a body revision that no record points at any more. Failures only leave an orphan. */
  async discardBody(id: number, rev: number): Promise<void> {
    await fs.rm(path.join(this.bodiesDir, bodyFileName(id, rev)), { force: true });
  }

  /** Resolves when everything changed so far is on disk. */
  async flush(): Promise<void> {
    if (this.dirty.size > 0) await this.commit();
    while (this.committing) await this.committing;
  }

  private commit(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.committing ??= this.runCommits();
    });
  }

  private async runCommits(): Promise<void> {
    try {
      while (this.waiters.length > 0) {
        const batch = this.waiters;
        this.waiters = [];
        const names = [...this.dirty];
        this.dirty.clear();
        // Serialise synchronously so the snapshot is consistent across files.
        const files = names.map((name) => ({ name: FILE_NAMES[name], content: serialize(this.dbs[name].data) }));
        try {
          await this.persist(files);
          for (const waiter of batch) waiter.resolve();
        } catch (error) {
          for (const name of names) this.dirty.add(name);
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      // Cleared synchronously with the last check for waiters: a `.finally()` callback would run
      // a tick later, and a commit() queued in between would join a loop that has already ended.
      this.committing = null;
    }
  }

  private async persist(files: { name: string; content: string }[]): Promise<void> {
    if (files.length === 0) return;
    if (files.length === 1) {
      const [file] = files as [{ name: string; content: string }];
      await writeFileDurably(path.join(this.dataDir, file.name), file.content);
      return;
    }
    const journal: JournalFile = { files };
    await writeFileDurably(path.join(this.dataDir, JOURNAL), JSON.stringify(journal));
    await this.applyJournal(journal);
  }

  private async applyJournal(journal: JournalFile): Promise<void> {
    for (const file of journal.files) {
      await writeFileDurably(path.join(this.dataDir, path.basename(file.name)), file.content);
    }
    await fs.rm(path.join(this.dataDir, JOURNAL), { force: true });
  }

  private async replayJournal(): Promise<void> {
    let text: string;
    try {
      text = await fs.readFile(path.join(this.dataDir, JOURNAL), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    // The journal is itself written atomically, so if it exists it is complete.
    await this.applyJournal(JSON.parse(text) as JournalFile);
  }

  /** Checks `meta.json` (creating it for a new directory) and resolves with the format version found. */
  private async ensureMeta(): Promise<number> {
    const adapter = new DurableJsonFile<MetaFile>(path.join(this.dataDir, META));
    const meta = await adapter.read();
    if (!meta) {
      await adapter.write({ format: DATA_FORMAT, version: DATA_FORMAT_VERSION, created_at: new Date().toISOString() });
      return DATA_FORMAT_VERSION;
    }
    if (meta.format !== DATA_FORMAT || typeof meta.version !== 'number') {
      throw new Error(`${this.dataDir} is not a Folio data directory (meta.json has an unknown format)`);
    }
    if (meta.version > DATA_FORMAT_VERSION) {
      throw new Error(`Data format version ${meta.version} is newer than this server understands (${DATA_FORMAT_VERSION})`);
    }
    return meta.version;
  }

  /**
   * Brings collections written by an older format up to date, one version step at a time. The
   * migrated files and the new `meta.json` are written in one journaled commit, so a crash
   * leaves either the old directory (migrated again on the next start) or the new one.
   */
  private async migrate(fromVersion: number): Promise<void> {
    if (fromVersion >= DATA_FORMAT_VERSION) return;
    const names = new Set<CollectionName>();
    if (fromVersion < 2) {
      // Version 1 had no revisions: every article starts at 1, the ETag clients first see.
      for (const article of this.dbs.articles.data.items) {
        const stored = article as Partial<ArticleRecord>;
        if (typeof stored.revision !== 'number') article.revision = 1;
      }
      names.add('articles');
    }
    const meta = await new DurableJsonFile<MetaFile>(path.join(this.dataDir, META)).read();
    const files = [...names].map((name) => ({ name: FILE_NAMES[name], content: serialize(this.dbs[name].data) }));
    files.push({ name: META, content: serialize({ ...meta, version: DATA_FORMAT_VERSION }) });
    await this.persist(files);
  }

  private async loadBodies(): Promise<void> {
    const wanted = new Map<string, number>();
    for (const article of this.dbs.articles.data.items) wanted.set(bodyFileName(article.id, article.body_rev), article.id);
    const present = new Set(await fs.readdir(this.bodiesDir));
    for (const [fileName, id] of wanted) {
      if (!present.has(fileName)) throw new Error(`Article ${id} has no body file ${fileName}`);
      this.bodies.set(id, await fs.readFile(path.join(this.bodiesDir, fileName), 'utf8'));
    }
    for (const fileName of present) {
      // Bodies of interrupted or replaced revisions: nothing points at them.
      if (!wanted.has(fileName)) await fs.rm(path.join(this.bodiesDir, fileName), { force: true });
    }
  }

  private async removeTempFiles(): Promise<void> {
    for (const dir of [this.dataDir, this.bodiesDir, this.uploadsDir]) {
      for (const name of await fs.readdir(dir)) {
        if (name.startsWith('.') && name.endsWith('.tmp')) await fs.rm(path.join(dir, name), { force: true });
      }
    }
  }
}

/**
 * More state to write in the same durable commit as a record being created, so a crash can
 * never keep one without the other (for example an article and the idempotency key that made it).
 */
export interface SameCommitWrite<R> {
  collections: readonly CollectionName[];
  /** Runs synchronously inside the creating mutation, after `created` is in the state. */
  apply(created: R, state: StoreState): void;
}

/** Takes the next id of a collection. Ids are never reused, even after a delete or purge. */
export function takeNextId<T extends { id: number }>(collection: CollectionFile<T>): number {
  const id = collection.next_id;
  collection.next_id = id + 1;
  return id;
}

/** Raises `next_id` above every stored id, after rows were written with ids of their own (import). */
export function raiseNextId<T extends { id: number }>(collection: CollectionFile<T>): void {
  for (const item of collection.items) {
    if (item.id >= collection.next_id) collection.next_id = item.id + 1;
  }
}
