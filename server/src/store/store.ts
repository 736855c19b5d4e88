import { promises as fs } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Low } from 'lowdb';
import { DurableJsonFile, serialize } from '@folio/shared/durable-file';
import { ArticleIndex } from './article-index.js';
import { BodyFiles } from './body-files.js';
import { BodyTable } from './body-table.js';
import { commentFileWrites, loadCommentFiles, readCommentFile } from './comment-files.js';
import { CommentTable } from './comment-table.js';
import {
  BODIES_DIR,
  COMMENTS_DIR,
  DIAGRAMS_DIR,
  FILE_NAMES,
  IDEMPOTENCY_DIR,
  REVISIONS_DIR,
  UPLOADS_DIR,
  UPLOAD_TEMP_DIR,
} from './data-layout.js';
import { DiagramFiles } from './diagram-files.js';
import { IdempotencyAnswers } from './idempotency-answers.js';
import { Journal } from './journal.js';
import { MailOutboxFiles } from './mail-outbox-files.js';
import type { JournalEntry } from './journal.js';
import { migrate, readFormatVersion } from './migrations.js';
import type { CommitFiles } from './pending-files.js';
import { repairNextId } from './record-ids.js';
import { RevisionFiles } from './revision-files.js';
import type { ArticleRecord, CollectionFile } from './records.js';
import { sweepAtStart } from './startup-sweeps.js';
import { StorageHealth } from './storage-health.js';
import { emptyState } from './store-state.js';
import type { CollectionName, FileCollectionName, FileState, StoreState } from './store-state.js';
import type { ArticlePick } from './stored-article-views.js';

export type { CollectionName, FileCollectionName, StoreState } from './store-state.js';

/**
 * Collections no page shows: changing only these leaves {@link Store.generation} alone (a page
 * view; an upload, which pages show once a record refers to it; a preview link, whose page is
 * never cached).
 */
const UNSEEN_COLLECTIONS: ReadonlySet<CollectionName> = new Set([
  'articleViews',
  'uploadLog',
  'mail',
  'previewLinks',
  'subscribers',
  'readerStats',
]);

/** The longest a lazily applied change (a view count) waits for its disk write. */
const LAZY_COMMIT_DELAY_MS = 1000;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The data directory. Reads are served from memory; every change goes through {@link mutate},
 * which applies it synchronously and resolves once it is on disk.
 *
 * Writes use group commit: changes made while a commit is running are written together by the
 * next one, all-or-nothing through the {@link Journal}. When a commit fails (a full disk), the
 * state is read back from disk: the failed changes, and any made on top of them, are neither
 * served nor written later, and their callers get the error.
 */
export class Store {
  private readonly dbs: { [K in FileCollectionName]: Low<StoreState[K]> };
  private readonly dirty = new Set<FileCollectionName>();
  /** Whether a mutation named `articles` since the last commit took the index's changes. */
  private articlesChanged = false;
  /** Comments by article, each article's read from its file on demand (see {@link CommentTable}). */
  private comments = this.emptyCommentTable();
  private readonly idempotencyAnswers: IdempotencyAnswers;
  private readonly mail: MailOutboxFiles;
  private waiters: Waiter[] = [];
  private committing: Promise<void> | null = null;
  /** Set while the state is read back from disk after a failed commit: no change is taken meanwhile. */
  private rollingBack = false;
  /** Why the state could not be read back after a failed commit: from then on every change is refused. */
  private unrecoverable: Error | null = null;
  /** Markdown bodies by article id, read from the file the record points at (see {@link BodyTable}). */
  readonly bodies = new BodyTable((id) => {
    const article = this.findArticle(id);
    return article && this.bodyFiles.pathOf(id, article.body_rev);
  });

  private readonly bodyFiles: BodyFiles;

  /** Pre-rendered diagram images, pointed at by articles (see {@link DiagramFiles}). */
  readonly diagrams: DiagramFiles;

  /** Every article's previous versions, on disk only (see {@link RevisionFiles}). */
  readonly revisions: RevisionFiles;

  /** Files written by the commit beside the collections, in the same journalled commit. */
  private readonly pendingFiles: readonly CommitFiles[];

  /** How the data directory's writes are going, for the admin (server/API.md §E15). */
  readonly health: StorageHealth;

  private constructor(
    readonly dataDir: string,
    private readonly journal: Journal,
    private articleIndex: ArticleIndex,
  ) {
    this.bodyFiles = new BodyFiles(path.join(dataDir, BODIES_DIR));
    this.idempotencyAnswers = new IdempotencyAnswers(dataDir);
    this.revisions = new RevisionFiles(dataDir);
    this.mail = new MailOutboxFiles(dataDir);
    this.pendingFiles = [this.idempotencyAnswers, this.revisions, this.mail];
    this.health = new StorageHealth(dataDir, () => this.unrecoverable !== null);
    articleIndex.reportTo(this.health);
    this.diagrams = new DiagramFiles(path.join(dataDir, DIAGRAMS_DIR), () => this.articleIndex.views.diagramFiles());
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

  /** See ArticleIndex.serializeAhead: for new records a coming mutation adds as they are. */
  serializeArticlesAhead(records: readonly ArticleRecord[]): void {
    this.articleIndex.serializeAhead(records);
  }

  get bodiesDir(): string {
    return path.join(this.dataDir, BODIES_DIR);
  }

  get commentsDir(): string {
    return path.join(this.dataDir, COMMENTS_DIR);
  }

  /** Where multipart uploads are streamed while a request reads them; emptied at every start. */
  get uploadTempDir(): string {
    return path.join(this.dataDir, UPLOAD_TEMP_DIR);
  }

  /** Opens (or creates) a data directory, finishing any interrupted commit and dropping orphans. */
  static async open(dataDir: string): Promise<Store> {
    await fs.mkdir(path.join(dataDir, BODIES_DIR), { recursive: true });
    await fs.mkdir(path.join(dataDir, UPLOADS_DIR), { recursive: true });
    await fs.mkdir(path.join(dataDir, COMMENTS_DIR), { recursive: true });
    await fs.mkdir(path.join(dataDir, IDEMPOTENCY_DIR), { recursive: true });
    await fs.mkdir(path.join(dataDir, REVISIONS_DIR), { recursive: true });
    await fs.mkdir(path.join(dataDir, UPLOAD_TEMP_DIR), { recursive: true });
    const version = await readFormatVersion(dataDir);
    const journal = new Journal(dataDir);
    await journal.replay();
    const articleIndex = await ArticleIndex.load(dataDir);
    const store = new Store(dataDir, journal, articleIndex);
    for (const db of Object.values(store.dbs)) {
      await db.read();
    }
    const { skills, contacts, avatars, articles } = store.state;
    for (const collection of [skills, contacts, avatars, articles] as Array<CollectionFile<{ id: number }>>) {
      repairNextId(collection);
    }
    // Before format 3 the comment files, if any, are from an interrupted migration: ignore them.
    if (version >= 3) await loadCommentFiles(dataDir, store.comments);
    await migrate({ dataDir, journal, articleIndex, articles: articleIndex.collection, comments: store.comments }, version);
    await store.diagrams.load();
    await store.mail.load();
    await sweepAtStart({
      dataDir,
      articles: articleIndex.collection.items,
      idempotencyKeys: store.dbs.idempotencyKeys.data.items,
      uploadLog: store.dbs.uploadLog.data,
      diagrams: store.diagrams,
      journal: store.journal,
      now: new Date(),
    });
    return store;
  }

  /** The article with this id, live or binned; as fast on a site of 20,000 articles as on one of 2,000. */
  findArticle(id: number): ArticleRecord | undefined {
    return this.articleIndex.find(id);
  }

  /** See {@link StoredArticleViews.idsWhere}: the stored articles a pick holds for, without asking every article. */
  articleIdsWhere(pick: ArticlePick): ReadonlySet<number> {
    return this.articleIndex.views.idsWhere(pick);
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
      articles: this.articleIndex.collection,
      articleViews: this.dbs.articleViews.data,
      comments: this.comments,
      commentSettings: this.dbs.commentSettings.data,
      revokedTokens: this.dbs.revokedTokens.data,
      idempotencyKeys: this.dbs.idempotencyKeys.data,
      uploadLog: this.dbs.uploadLog.data,
      redirects: this.dbs.redirects.data,
      subscribers: this.dbs.subscribers.data,
      previewLinks: this.dbs.previewLinks.data,
      readerStats: this.dbs.readerStats.data,
      idempotencyAnswers: this.idempotencyAnswers,
      mail: this.mail,
    };
  }

  /**
   * Applies `change` to the in-memory state at once and resolves with its result when the named
   * collections are durably written. `change` must validate before it modifies anything: it runs
   * synchronously, so no other request sees a half-applied change. Naming `comments` writes the
   * files of the articles whose comments changed, and nothing else of the comments; naming
   * `articles` writes the records added, removed or returned: a change that alters an article
   * in place must return it, alone, in an array or as a property of its result (see
   * ArticleChangeTracker). When the commit fails, the change is undone (see {@link rollBack}), so
   * callers must not keep objects of the state across an `await` and change them later.
   */
  async mutate<R>(names: readonly CollectionName[], change: (state: StoreState) => R): Promise<R> {
    this.refuseWhileRollingBack();
    const result = change(this.state);
    if (names.includes('articles')) this.articleIndex.noteResult(result);
    if (names.some((name) => !UNSEEN_COLLECTIONS.has(name))) this.changes += 1;
    for (const name of names) {
      if (name === 'articles') this.articlesChanged = true;
      else if (name !== 'comments' && name !== 'idempotencyAnswers' && name !== 'mail') this.dirty.add(name);
    }
    await this.commit();
    return result;
  }

  /**
   * Applies a change that may be lost in a crash, up to its last second (view counts): it is
   * written with the next commit, and at the latest after {@link LAZY_COMMIT_DELAY_MS}. A burst of
   * page views then costs one write of the file, not one per view.
   */
  mutateLazily(names: readonly FileCollectionName[], change: (state: StoreState) => void): void {
    // Lost in a crash anyway: one view counted during a roll-back is not worth an error.
    if (this.rollingBack || this.unrecoverable) return;
    change(this.state);
    for (const name of names) this.dirty.add(name);
    this.lazyCommit ??= setTimeout(() => {
      this.lazyCommit = null;
      // A failed write leaves the names dirty; the next commit or flush retries them.
      this.commit().catch(() => {});
    }, LAZY_COMMIT_DELAY_MS).unref();
  }

  private lazyCommit: NodeJS.Timeout | null = null;

  /** Replaces whole collections at once, written together through the journal. */
  async replace(next: Partial<FileState & Pick<StoreState, 'articles'>>): Promise<void> {
    const { articles, ...files } = next;
    const names = Object.keys(files) as FileCollectionName[];
    await this.mutate([...names, ...(articles ? (['articles'] as const) : [])], () => {
      for (const name of names) {
        (this.dbs[name] as Low<unknown>).data = files[name];
      }
      if (articles) Object.assign(this.articleIndex.collection, { next_id: articles.next_id, items: articles.items });
    });
  }

  private changes = 0;

  /**
   * Counts the changes applied so far, view counts and the upload log left out (neither changes
   * what pages show). Equal counts mean nothing but those changed in between, so a reader can reuse
   * what it derived from the state (the page cache's fingerprints) without deriving it again.
   */
  get generation(): number {
    return this.changes;
  }

  /** See {@link BodyFiles.reserveRev}. */
  reserveBodyRev(id: number, currentRev: number): number {
    return this.bodyFiles.reserveRev(id, currentRev);
  }

  /** Writes a new body revision file; the caller then points the article at it inside {@link mutate}. */
  writeBody(id: number, rev: number, content: string): Promise<void> {
    return this.bodyFiles.write(id, rev, content);
  }

  /** Removes a body revision that no record points at any more. Failures only leave an orphan. */
  discardBody(id: number, rev: number): Promise<void> {
    return this.bodyFiles.discard(id, rev);
  }

  /** Resolves when everything changed so far is on disk, and a snapshot being written is in place. */
  async flush(): Promise<void> {
    const pending = this.dirty.size > 0 || this.articlesChanged || this.comments.hasChanges;
    if (pending || this.pendingFiles.some((files) => files.hasChanges)) await this.commit();
    while (this.committing) await this.committing;
    await this.articleIndex.settled();
  }

  private refuseWhileRollingBack(): void {
    if (this.rollingBack) throw new Error('A write failed and the data directory is being read back: try again');
    const cause = this.unrecoverable;
    if (cause) {
      // Tried again in the background, so changes are taken again once the disk has recovered.
      void this.rollBack();
      throw new Error('A write failed and the data directory could not be read back since', { cause });
    }
  }

  private emptyCommentTable(): CommentTable {
    return new CommentTable((articleId) => readCommentFile(this.dataDir, articleId));
  }

  /**
   * Puts the state back to what the disk holds, once a commit failed: the files as the last
   * successful commit left them (a single file is replaced by rename, a log line cut at its
   * start, a journal finished or never there). Read whole, then swapped in at once, so readers
   * see either the state before or the one after. While the disk cannot be read back (a journal
   * that cannot be finished), the state stays as the journal makes it and every change is
   * refused; each refusal tries again. Never throws.
   */
  private async rollBack(): Promise<void> {
    this.rollingBack = true;
    try {
      await this.articleIndex.settled();
      await this.journal.replay();
      const articleIndex = await ArticleIndex.load(this.dataDir);
      const defaults = emptyState();
      const files = new Map<FileCollectionName, unknown>();
      for (const [name, db] of Object.entries(this.dbs) as Array<[FileCollectionName, Low<unknown>]>) {
        files.set(name, (await db.adapter.read()) ?? defaults[name]);
      }
      const comments = this.emptyCommentTable();
      await loadCommentFiles(this.dataDir, comments);
      // Ids handed out are never handed out again: a failed create may have left a file named
      // after its id (a body), and a client may have seen the id.
      comments.raiseNextId(this.comments.next_id);
      articleIndex.collection.next_id = Math.max(articleIndex.collection.next_id, this.articleIndex.collection.next_id);
      for (const [name, data] of files) keepNextIdAtLeast(data, this.dbs[name].data);
      // Read before anything is swapped: a damaged log leaves the state as it was, refused.
      await this.mail.load();
      articleIndex.reportTo(this.health);
      this.articleIndex = articleIndex;
      for (const [name, data] of files) (this.dbs[name] as Low<unknown>).data = data;
      const { skills, contacts, avatars, articles } = this.state;
      for (const collection of [skills, contacts, avatars, articles] as Array<CollectionFile<{ id: number }>>)
        repairNextId(collection);
      this.comments = comments;
      this.idempotencyAnswers.discardUnwritten();
      this.revisions.discardUnwritten();
      this.bodies.forgetAll();
      this.dirty.clear();
      this.articlesChanged = false;
      // Pages derived from the dropped changes must be derived again.
      this.changes += 1;
      this.unrecoverable = null;
    } catch (error) {
      this.unrecoverable = error instanceof Error ? error : new Error(String(error));
    } finally {
      this.rollingBack = false;
    }
  }

  private commit(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      // A turn of the event loop between a change and the commit that takes it: a change that
      // takes long (a blog import's one mutation) and the serialising of what it changed then
      // hold the requests waiting meanwhile up one after the other, not both at once.
      this.committing ??= nextTurn().then(() => this.runCommits());
    });
  }

  private async runCommits(): Promise<void> {
    try {
      while (this.waiters.length > 0) {
        const batch = this.waiters;
        this.waiters = [];
        const names = [...this.dirty];
        this.dirty.clear();
        const articleCommit = this.articlesChanged ? this.articleIndex.takeChanges() : undefined;
        this.articlesChanged = false;
        const commentArticles = this.comments.takeChanged();
        const pending = this.pendingFiles.map((source) => ({ source, names: source.takeChanged() }));
        // Serialise synchronously so the snapshot is consistent across files.
        const files: JournalEntry[] = names.map((name) => ({ name: FILE_NAMES[name], content: serialize(this.dbs[name].data) }));
        if (articleCommit) files.push(articleCommit.write);
        // A loop, not a spread: an import can change the comments of more articles than a call takes arguments.
        for (const write of commentFileWrites(this.comments, commentArticles)) files.push(write);
        const first: JournalEntry[] = [];
        for (const { source, names: taken } of pending) (source.writtenFirst ? first : files).push(...source.writesFor(taken));
        try {
          // Before any record points at the new bodies: a power cut must not keep the pointer without the file.
          await this.bodyFiles.syncNewFiles();
          // What must land first (a comment's mail) is synced while the rest is written; the rest
          // is renamed into place only after it, so the two fsyncs overlap instead of adding up.
          const firstWritten = (async () => {
            for (const entry of first) await this.journal.applyEntry(entry);
          })();
          // Awaited just below; this only keeps a failure that comes first from going unhandled.
          firstWritten.catch(() => undefined);
          await this.journal.persist(files, firstWritten);
          await firstWritten;
          articleCommit?.committed();
          this.comments.committed(commentArticles);
          for (const { source, names: taken } of pending) source.committed(taken);
          this.health.succeeded('commit');
          for (const waiter of batch) waiter.resolve();
        } catch (error) {
          this.health.failed('commit', error);
          // Every change not yet on disk is dropped, this batch's and those made since (they
          // were made on top of it): the clients are told they failed, so none may be served
          // or written by a later commit (a retried comment would be stored twice).
          await this.rollBack();
          const failed = [...batch, ...this.waiters];
          this.waiters = [];
          for (const waiter of failed) waiter.reject(error);
        }
      }
    } finally {
      // Cleared synchronously with the last check for waiters: a `.finally()` callback would run
      // a tick later, and a commit() queued in between would join a loop that has already ended.
      this.committing = null;
    }
  }
}

/** Raises `next`'s counter, when it has one, to `previous`'s. */
function keepNextIdAtLeast(next: unknown, previous: unknown): void {
  const counter = (value: unknown) => (value as { next_id?: unknown } | null)?.next_id;
  const [was, is] = [counter(previous), counter(next)];
  if (typeof was === 'number' && typeof is === 'number' && was > is) (next as { next_id: number }).next_id = was;
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
