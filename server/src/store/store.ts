import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Low } from 'lowdb';
import pLimit from 'p-limit';
import { DurableJsonFile, serialize, serializeCollection, syncDirectory, writeFileDurably } from '@folio/shared/durable-file';
import { BodyTable } from './body-table.js';
import { CommentTable } from './comment-table.js';
import { DiagramFiles } from './diagram-files.js';
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

/**
 * Everything the server keeps in memory. Each key is one JSON file in the data directory, except
 * comments: one file per article under `comments/`, read when asked for (see {@link CommentTable}).
 */
export interface StoreState {
  siteBlocks: CollectionFile<SiteBlockRecord>;
  skills: CollectionFile<SkillRecord>;
  contacts: CollectionFile<ContactRecord>;
  avatars: CollectionFile<AvatarRecord>;
  articles: CollectionFile<ArticleRecord>;
  /** View counters live apart from the article index so a page view rewrites only this small file. */
  articleViews: Record<string, number>;
  comments: CommentTable;
  revokedTokens: CollectionFile<RevokedTokenRecord>;
  idempotencyKeys: IdempotencyFile;
}

export type CollectionName = keyof StoreState;

/** The collections kept whole in one file each. */
type FileCollectionName = Exclude<CollectionName, 'comments'>;
type FileState = Omit<StoreState, 'comments'>;

/** The longest a lazily applied change (a view count) waits for its disk write. */
const LAZY_COMMIT_DELAY_MS = 1000;

const FILE_NAMES: Record<FileCollectionName, string> = {
  siteBlocks: 'site-blocks.json',
  skills: 'skills.json',
  contacts: 'contacts.json',
  avatars: 'avatars.json',
  articles: 'articles.json',
  articleViews: 'article-views.json',
  revokedTokens: 'revoked-tokens.json',
  idempotencyKeys: 'idempotency-keys.json',
};

const emptyCollection = <T>(): CollectionFile<T> => ({ next_id: 1, items: [] });

function emptyState(): FileState {
  return {
    siteBlocks: emptyCollection(),
    skills: emptyCollection(),
    contacts: emptyCollection(),
    avatars: emptyCollection(),
    articles: emptyCollection(),
    articleViews: {},
    revokedTokens: emptyCollection(),
    idempotencyKeys: { items: [] },
  };
}

/**
 * A file to replace, or to remove when `content` is `null` (a purged article's comments). A
 * comment file's content is made in pieces as it is written (see serializeCollection).
 */
interface FileWrite {
  name: string;
  content: string | Iterable<string> | null;
}

interface JournalFile {
  files: Array<FileWrite & { content: string | null }>;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

const JOURNAL = 'journal.json';
const META = 'meta.json';
const BODIES_DIR = 'article-bodies';
const UPLOADS_DIR = 'uploads';
const COMMENTS_DIR = 'comments';
const DIAGRAMS_DIR = 'diagrams';
/** Format 2 kept every comment of the site in this one file; format 3 splits it by article. */
const LEGACY_COMMENTS = 'comments.json';
/**
 * Each article's comment file records the site's next comment id as it was when written, and
 * the store starts from the highest. Removing a file would drop its record, so the commit that
 * removes one writes the counter here instead.
 */
const COMMENT_COUNTER = `${COMMENTS_DIR}/next-id.json`;
const COMMENT_FILE = /^comments\/(\d+)\.json$/;
const commentFileName = (articleId: number) => `${COMMENTS_DIR}/${articleId}.json`;
const bodyFileName = (id: number, rev: number) => `${id}-${rev}.md`;
/** How many comment files a migration writes at once. */
const IO_CONCURRENCY = 32;

/**
 * The data directory. Reads are served from memory; every change goes through {@link mutate},
 * which applies it synchronously and resolves once it is on disk.
 *
 * Writes use group commit: changes made while a commit is running are written together by the
 * next one. A commit touching one file replaces it atomically; a commit touching several first
 * writes a journal holding all of them, so a crash in between is finished on the next start.
 */
export class Store {
  private readonly dbs: { [K in FileCollectionName]: Low<StoreState[K]> };
  private readonly dirty = new Set<FileCollectionName>();
  /** Comments by article, each article's read from its file on demand (see {@link CommentTable}). */
  private readonly comments = new CommentTable((articleId) => this.readCommentFile(articleId));
  private waiters: Waiter[] = [];
  private committing: Promise<void> | null = null;
  /** Markdown bodies by article id, read from the file the record points at (see {@link BodyTable}). */
  readonly bodies = new BodyTable((id) => {
    const article = this.dbs.articles.data.items.find((item) => item.id === id);
    return article && path.join(this.bodiesDir, bodyFileName(id, article.body_rev));
  });

  /** Pre-rendered diagram images, pointed at by articles (see {@link DiagramFiles}). */
  readonly diagrams: DiagramFiles;

  private constructor(readonly dataDir: string) {
    this.diagrams = new DiagramFiles(path.join(dataDir, DIAGRAMS_DIR), () =>
      this.dbs.articles.data.items.flatMap((article) =>
        (article.diagrams ?? []).flatMap((diagram) => [diagram.light, diagram.dark]),
      ),
    );
    const state = emptyState();
    this.dbs = Object.fromEntries(
      (Object.keys(FILE_NAMES) as FileCollectionName[]).map((name) => [
        name,
        new Low<unknown>(new DurableJsonFile<unknown>(path.join(dataDir, FILE_NAMES[name])), state[name]),
      ]),
    ) as unknown as { [K in FileCollectionName]: Low<StoreState[K]> };
  }

  get uploadsDir(): string {
    return path.join(this.dataDir, UPLOADS_DIR);
  }

  get bodiesDir(): string {
    return path.join(this.dataDir, BODIES_DIR);
  }

  get commentsDir(): string {
    return path.join(this.dataDir, COMMENTS_DIR);
  }

  /** Opens (or creates) a data directory, finishing any interrupted commit and dropping orphans. */
  static async open(dataDir: string): Promise<Store> {
    const store = new Store(dataDir);
    await fs.mkdir(path.join(dataDir, BODIES_DIR), { recursive: true });
    await fs.mkdir(path.join(dataDir, UPLOADS_DIR), { recursive: true });
    await fs.mkdir(path.join(dataDir, COMMENTS_DIR), { recursive: true });
    const version = await store.ensureMeta();
    await store.replayJournal();
    for (const db of Object.values(store.dbs)) {
      await db.read();
    }
    // Before format 3 the comment files, if any, are from an interrupted migration: ignore them.
    if (version >= 3) await store.loadComments();
    await store.migrate(version);
    await store.checkBodies();
    await store.diagrams.load();
    await store.removeTempFiles();
    // Drawings of articles since purged, replaced or imported over, and files a crash left before
    // their article pointed at them.
    await store.diagrams.sweep();
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
      comments: this.comments,
      revokedTokens: this.dbs.revokedTokens.data,
      idempotencyKeys: this.dbs.idempotencyKeys.data,
    };
  }

  /**
   * Applies `change` to the in-memory state at once and resolves with its result when the named
   * collections are durably written. `change` must validate before it modifies anything: it runs
   * synchronously, so no other request sees a half-applied change. Naming `comments` writes the
   * files of the articles whose comments changed, and nothing else of the comments.
   */
  async mutate<R>(names: readonly CollectionName[], change: (state: StoreState) => R): Promise<R> {
    const result = change(this.state);
    if (names.some((name) => name !== 'articleViews')) this.changes += 1;
    for (const name of names) if (name !== 'comments') this.dirty.add(name);
    await this.commit();
    return result;
  }

  /**
   * Applies a change that may be lost in a crash, up to its last second (view counts): it is
   * written with the next commit, and at the latest after {@link LAZY_COMMIT_DELAY_MS}. A burst of
   * page views then costs one write of the file, not one per view.
   */
  mutateLazily(names: readonly FileCollectionName[], change: (state: StoreState) => void): void {
    change(this.state);
    for (const name of names) this.dirty.add(name);
    this.lazyCommit ??= setTimeout(() => {
      this.lazyCommit = null;
      // A failed write leaves the names dirty; the next commit or flush retries them.
      this.commit().catch(() => {});
    }, LAZY_COMMIT_DELAY_MS).unref();
  }

  private lazyCommit: NodeJS.Timeout | null = null;

  /** Replaces whole collections at once (used by import), written together through the journal. */
  async replace(next: Partial<FileState>): Promise<void> {
    const names = Object.keys(next) as FileCollectionName[];
    await this.mutate(names, () => {
      for (const name of names) {
        (this.dbs[name] as Low<unknown>).data = next[name];
      }
    });
  }

  private changes = 0;

  /**
   * Counts the changes applied so far, view counts left out (a page view is not a change of what
   * pages show). Equal counts mean nothing but views changed in between, so a reader can reuse
   * what it derived from the state (the page cache's fingerprints) without deriving it again.
   */
  get generation(): number {
    return this.changes;
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
    if (this.dirty.size > 0 || this.comments.hasChanges) await this.commit();
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
        const commentArticles = this.comments.takeChanged();
        // Serialise synchronously so the snapshot is consistent across files.
        const files: FileWrite[] = names.map((name) => ({ name: FILE_NAMES[name], content: serialize(this.dbs[name].data) }));
        files.push(...this.commentFiles(commentArticles));
        try {
          await this.persist(files);
          this.comments.committed(commentArticles);
          for (const waiter of batch) waiter.resolve();
        } catch (error) {
          for (const name of names) this.dirty.add(name);
          this.comments.markChanged(commentArticles);
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      // Cleared synchronously with the last check for waiters: a `.finally()` callback would run
      // a tick later, and a commit() queued in between would join a loop that has already ended.
      this.committing = null;
    }
  }

  /** The writes that bring the given articles' comment files up to date with memory. */
  private commentFiles(articleIds: readonly number[]): FileWrite[] {
    const files: FileWrite[] = [];
    let removes = false;
    for (const articleId of articleIds) {
      const file = this.comments.fileOf(articleId);
      files.push({ name: commentFileName(articleId), content: file && serializeCollection(file.next_id, file.items) });
      if (!file) removes = true;
    }
    if (removes) files.push({ name: COMMENT_COUNTER, content: serialize({ next_id: this.comments.next_id }) });
    return files;
  }

  private async persist(files: FileWrite[]): Promise<void> {
    if (files.length === 0) return;
    if (files.length === 1) {
      await this.applyWrite(files[0] as FileWrite);
      return;
    }
    // The journal holds every file whole: a commit of several files is rare (imports, purges).
    const journal: JournalFile = {
      files: files.map(({ name, content }) => ({
        name,
        content: content === null || typeof content === 'string' ? content : [...content].join(''),
      })),
    };
    await writeFileDurably(path.join(this.dataDir, JOURNAL), JSON.stringify(journal));
    await this.applyJournal(journal);
  }

  private async applyJournal(journal: JournalFile): Promise<void> {
    for (const file of journal.files) await this.applyWrite(file);
    await fs.rm(path.join(this.dataDir, JOURNAL), { force: true });
  }

  /** Replaces or removes one file; both are idempotent, so replaying a journal twice is harmless. */
  private async applyWrite(file: FileWrite): Promise<void> {
    const target = this.journalTarget(file.name);
    if (file.content !== null) {
      await writeFileDurably(target, file.content);
      return;
    }
    await fs.rm(target, { force: true });
    await syncDirectory(path.dirname(target));
  }

  /**
   * Where a journalled file goes. Only names the store itself writes are accepted, so a damaged
   * or hand-edited journal cannot write outside the data directory.
   */
  private journalTarget(name: string): string {
    const known =
      name === META ||
      name === LEGACY_COMMENTS ||
      name === COMMENT_COUNTER ||
      COMMENT_FILE.test(name) ||
      Object.values(FILE_NAMES).includes(name);
    if (!known) throw new Error(`${JOURNAL} names a file the store never writes: ${name}`);
    return path.join(this.dataDir, name);
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
    if (fromVersion >= DATA_FORMAT_VERSION) {
      // A crash after a migration to format 3 recorded itself but before it removed the old file.
      await fs.rm(path.join(this.dataDir, LEGACY_COMMENTS), { force: true });
      return;
    }
    const names = new Set<FileCollectionName>();
    if (fromVersion < 2) {
      // Version 1 had no revisions: every article starts at 1, the ETag clients first see.
      for (const article of this.dbs.articles.data.items) {
        const stored = article as Partial<ArticleRecord>;
        if (typeof stored.revision !== 'number') article.revision = 1;
      }
      names.add('articles');
    }
    if (fromVersion < 3) await this.splitLegacyComments();
    const meta = await new DurableJsonFile<MetaFile>(path.join(this.dataDir, META)).read();
    const files: FileWrite[] = [...names].map((name) => ({ name: FILE_NAMES[name], content: serialize(this.dbs[name].data) }));
    files.push({ name: META, content: serialize({ ...meta, version: DATA_FORMAT_VERSION }) });
    await this.persist(files);
    await fs.rm(path.join(this.dataDir, LEGACY_COMMENTS), { force: true });
  }

  /**
   * Format 2 → 3: writes one file per article from `comments.json`. Until `meta.json` says 3,
   * `comments.json` stays the truth and the split is simply redone after a crash, overwriting
   * what an interrupted run wrote; once it says 3, only the split files are read.
   */
  private async splitLegacyComments(): Promise<void> {
    const legacy = await new DurableJsonFile<CollectionFile<CommentRecord>>(path.join(this.dataDir, LEGACY_COMMENTS)).read();
    this.comments.clear();
    for (const comment of legacy?.items ?? []) this.comments.put(comment);
    this.comments.raiseNextId(legacy?.next_id ?? 1);
    const articleIds = this.comments.takeChanged();
    const wanted = new Set(articleIds.map(commentFileName));
    for (const name of await fs.readdir(this.commentsDir)) {
      if (!wanted.has(`${COMMENTS_DIR}/${name}`)) await fs.rm(path.join(this.commentsDir, name), { force: true });
    }
    const limit = pLimit(IO_CONCURRENCY);
    await Promise.all(this.commentFiles(articleIds).map((file) => limit(() => this.applyWrite(file))));
    this.comments.committed(articleIds);
    // Every article file carries the counter; this one keeps it when the site has no comments.
    await this.applyWrite({ name: COMMENT_COUNTER, content: serialize({ next_id: this.comments.next_id }) });
  }

  /** Counts every article's comment file (and reads the counter); the comments stay on disk until asked for. */
  private async loadComments(): Promise<void> {
    const counter = await new DurableJsonFile<{ next_id: number }>(path.join(this.dataDir, COMMENT_COUNTER)).read();
    this.comments.raiseNextId(counter?.next_id ?? 1);
    const articleIds: number[] = [];
    for (const name of await fs.readdir(this.commentsDir)) {
      const match = COMMENT_FILE.exec(`${COMMENTS_DIR}/${name}`);
      // Only names the store writes (`7.json`, not `007.json`): the file counted here is the one read later.
      if (match && commentFileName(Number(match[1])) === `${COMMENTS_DIR}/${name}`) articleIds.push(Number(match[1]));
    }
    // Read in turn, synchronously: nothing is served before the store is open, and reading a
    // site's thousand comment files through the thread pool took far longer.
    for (const articleId of articleIds) {
      const file = this.readCommentFile(articleId);
      if (file) this.comments.load(articleId, file);
    }
    this.comments.settle();
  }

  /** An article's comment file as stored; `null` when it has none. */
  private readCommentFile(articleId: number): CollectionFile<CommentRecord> | null {
    return new DurableJsonFile<CollectionFile<CommentRecord>>(path.join(this.dataDir, commentFileName(articleId))).readSync();
  }

  /** Checks that every article's body file is there (read later, on use) and removes files nothing points at. */
  private async checkBodies(): Promise<void> {
    const wanted = new Map<string, number>();
    for (const article of this.dbs.articles.data.items) wanted.set(bodyFileName(article.id, article.body_rev), article.id);
    const present = new Set(await fs.readdir(this.bodiesDir));
    for (const [fileName, id] of wanted) {
      if (!present.has(fileName)) throw new Error(`Article ${id} has no body file ${fileName}`);
    }
    for (const fileName of present) {
      // Bodies of interrupted or replaced revisions: nothing points at them.
      if (!wanted.has(fileName)) await fs.rm(path.join(this.bodiesDir, fileName), { force: true });
    }
  }

  private async removeTempFiles(): Promise<void> {
    for (const dir of [this.dataDir, this.bodiesDir, this.uploadsDir, this.commentsDir, this.diagrams.dir]) {
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
