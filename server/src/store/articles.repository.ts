import type { ArticlePublication, RevisionSource } from '@folio/shared';
import type { CollectionName, SameCommitWrite, Store, StoreState } from './store.js';
import { takeNextId } from './record-ids.js';
import type { ArticleFields, ArticleRecord } from './records.js';
import { keepReplacedVersion } from './revisions.repository.js';
import { isoNow } from './clock.js';
import { slugFromTitle, uniqueSlug } from './article-slugs.js';
import { keepOldSlugAddress } from './redirects.repository.js';
import { logForJudging, uploadsShownBy } from './uploads.repository.js';

export type { ArticleFields } from './records.js';

export interface NewArticle extends ArticleFields, Partial<ArticlePublication> {
  /** Set by Markdown import from front matter; otherwise the time of creation. */
  created_at?: string;
  updated_at?: string;
  /** The client that wrote it (server/API.md §E10); `api` when it did not say. */
  source?: RevisionSource;
  /** The slug asked for; made from the title when absent, and made unique either way (server/API.md §E19). */
  slug?: string;
  /** `false` is 不通知订阅者 (server/API.md §E23.11). */
  notify_subscribers?: boolean;
  /**
   * Whether an article public at once tells the {@link PublicationNotices} (the owner's publish);
   * an import does not: what it brings was public elsewhere before.
   */
  announce?: boolean;
}

/** What an update may change: the owner's fields, the status and schedule, the slug and 不通知订阅者. */
export type ArticlePatch = Partial<ArticleFields & ArticlePublication & { slug: string; notify_subscribers: boolean }>;

/**
 * What is done in the very commit that makes an article public (server/API.md §E23.11): the
 * subscribers' mails are queued, and the article marked, all or nothing.
 */
export interface PublicationNotices {
  /** The collections `queue` writes besides `articles`. */
  readonly collections: readonly CollectionName[];
  /** Runs synchronously inside the commit, once the article is public; may mark the article. */
  queue(state: StoreState, article: ArticleRecord): void;
}

/** An article with its body, as services see it. */
export interface StoredArticle extends ArticleRecord {
  content: string;
  views: number;
}

/** What {@link ArticlesRepository.update} did: a missing article and a stale revision change nothing. */
export type ArticleUpdateOutcome =
  | { status: 'updated'; article: ArticleRecord }
  | { status: 'missing' }
  | { status: 'stale'; article: ArticleRecord }
  /** Another article has the slug asked for (binned ones count): nothing changed. */
  | { status: 'slug-taken'; slug: string };

/**
 * When an article stands in a list: when it goes or went public, and a draft when it was written
 * (server/API.md §E8). Published articles are ordered by the readers' date.
 */
const listedAt = (article: ArticleRecord): string => article.publish_at ?? article.created_at;

/** Newest first, then highest id: the order of every article list (server/API.md §8.1 and §E8). */
export const newestFirst = (a: ArticleRecord, b: ArticleRecord) => {
  const dateA = listedAt(a);
  const dateB = listedAt(b);
  return dateA < dateB ? 1 : dateA > dateB ? -1 : b.id - a.id;
};

/** Seen by readers: published and not in the recycle bin. */
export const isPublic = (article: ArticleRecord): boolean => article.deleted_at === null && article.status === 'published';

const isScheduled = (article: ArticleRecord): boolean => article.status === 'scheduled';

/** A scheduled article whose time has come (`now` as a server/API.md §1.4 timestamp). */
const isDue = (article: ArticleRecord, now: string): boolean =>
  article.deleted_at === null && article.status === 'scheduled' && article.publish_at !== null && article.publish_at <= now;

/** Drops the drawings of diagrams a new body no longer holds (their files go with the next sweep). */
export function keepDiagramsShownBy(article: ArticleRecord, body: string): void {
  if (!article.diagrams) return;
  const kept = article.diagrams.filter((diagram) => body.includes(diagram.source));
  if (kept.length > 0) article.diagrams = kept;
  else delete article.diagrams;
}

/** Thrown inside a mutation to abandon it: the article changed while its new body was written. */
class ArticleChangedMeanwhile extends Error {
  constructor(readonly outcome: ArticleUpdateOutcome) {
    super('The article changed while the update was being written');
  }
}

/**
 * Articles: metadata in `articles.json`, bodies in `article-bodies/`, views in
 * `article-views.json`. A body is written to a new revision file before the index points at it,
 * so a crash never leaves an index entry without its body.
 */
export class ArticlesRepository {
  /**
   * Articles with an update on its way to the commit (a body being written). The schedule leaves
   * them alone until it lands: the update was decided against the article as it was, so a
   * reschedule or an unschedule sent before the time wins instead of following a publication.
   */
  private readonly updating = new Map<number, number>();

  /** Article ids by slug, rebuilt once per change of the store (see {@link findBySlug}). */
  private slugIndex: { generation: number; ids: Map<string, number> } | null = null;

  /** Told of every article made public by a publish or its schedule; none until the app sets it. */
  private notices: PublicationNotices | undefined;

  constructor(private readonly store: Store) {}

  /** Sets who is told, inside the commit, when an article goes public (server/API.md §E23.11). */
  announceWith(notices: PublicationNotices): void {
    this.notices = notices;
  }

  /** The collections a commit that may make an article public names. */
  private publicationCollections(base: readonly CollectionName[]): CollectionName[] {
    return [...base, ...(this.notices?.collections ?? []).filter((name) => !base.includes(name))];
  }

  private slugIds(): Map<string, number> {
    const generation = this.store.generation;
    if (this.slugIndex?.generation !== generation) {
      this.slugIndex = { generation, ids: new Map(this.items.map((article) => [article.slug, article.id])) };
    }
    return this.slugIndex.ids;
  }

  /**
   * The article with this slug, live or binned, without looking through every article: the
   * index is rebuilt only when the store has changed since it was last asked.
   */
  findBySlug(slug: string): ArticleRecord | undefined {
    const id = this.slugIds().get(slug);
    const article = id === undefined ? undefined : this.find(id);
    return article?.slug === slug ? article : undefined;
  }

  /** Whether an article other than `id` has `slug` (binned ones count: a restore brings their address back). */
  slugTakenByAnother(slug: string, id: number): boolean {
    const owner = this.findBySlug(slug);
    return owner !== undefined && owner.id !== id;
  }

  private dueNow(article: ArticleRecord, now: string): boolean {
    return isDue(article, now) && !this.updating.has(article.id);
  }

  private get items(): ArticleRecord[] {
    return this.store.state.articles.items;
  }

  /** Every article not in the recycle bin (drafts and scheduled ones included), newest first. */
  listLive(): ArticleRecord[] {
    return this.items.filter((article) => article.deleted_at === null).sort(newestFirst);
  }

  /** What readers see: published articles not in the bin, newest `publish_at` first. */
  listPublic(): ArticleRecord[] {
    return this.items.filter(isPublic).sort(newestFirst);
  }

  /**
   * The earliest `publish_at` of a scheduled article not in the bin; `undefined` when none waits.
   * Asked after every change, so it looks only at the articles the store has as scheduled.
   */
  nextScheduledAt(): string | undefined {
    let next: string | undefined;
    for (const id of this.store.articleIdsWhere(isScheduled)) {
      const article = this.find(id);
      if (!article || article.deleted_at !== null || article.status !== 'scheduled' || article.publish_at === null) continue;
      // Its update re-arms the schedule when it lands.
      if (this.updating.has(id)) continue;
      if (next === undefined || article.publish_at < next) next = article.publish_at;
    }
    return next;
  }

  /**
   * Publishes every scheduled article whose time has come. The publication carries out a change
   * the owner already made, so it moves neither `revision` nor `updated_at` (server/API.md §E8):
   * an editor open on the article can still save. Nothing is written when none is due.
   */
  async publishDue(now: string = isoNow()): Promise<ArticleRecord[]> {
    if (!this.items.some((article) => this.dueNow(article, now))) return [];
    return this.store.mutate(this.publicationCollections(['articles']), (state) => {
      const due = this.items.filter((article) => this.dueNow(article, now));
      for (const article of due) {
        article.status = 'published';
        this.notices?.queue(state, article);
      }
      return due;
    });
  }

  listBinned(): ArticleRecord[] {
    return this.items.filter((article) => article.deleted_at !== null);
  }

  find(id: number): ArticleRecord | undefined {
    return this.store.findArticle(id);
  }

  findLive(id: number): ArticleRecord | undefined {
    const article = this.find(id);
    return article && article.deleted_at === null ? article : undefined;
  }

  findPublic(id: number): ArticleRecord | undefined {
    const article = this.find(id);
    return article && isPublic(article) ? article : undefined;
  }

  body(id: number): string {
    return this.store.bodies.get(id) ?? '';
  }

  /** Changes whenever the article's body is replaced: tells a changed body without reading it. */
  bodyVersion(id: number): number {
    return this.store.bodies.version(id);
  }

  views(id: number): number {
    return this.store.state.articleViews[String(id)] ?? 0;
  }

  withBody(article: ArticleRecord): StoredArticle {
    return { ...article, content: this.body(article.id), views: this.views(article.id) };
  }

  /** Creates an article; `sameCommit` is stored in the very commit that stores the article. */
  async create(fields: NewArticle, sameCommit?: SameCommitWrite<ArticleRecord>): Promise<ArticleRecord> {
    // Made before the mutation: the first slug loads the transliteration libraries.
    const slugBase = fields.slug ?? (await slugFromTitle(fields.title));
    // Reserve the id first so the body file name is known before the index is written.
    const id = await this.store.mutate(['articles'], (state) => takeNextId(state.articles));
    await this.store.writeBody(id, 1, fields.content);
    const base: CollectionName[] = ['articles', ...(sameCommit?.collections ?? [])];
    const collections = fields.announce ? this.publicationCollections(base) : base;
    return this.store.mutate(collections, (state) => {
      const now = isoNow();
      const createdAt = fields.created_at ?? now;
      const status = fields.status ?? 'published';
      // A made slug also leaves alone an old address a redirect keeps (server/API.md §E19).
      const taken = (slug: string) =>
        this.slugTakenByAnother(slug, id) ||
        (fields.slug === undefined && state.redirects.items.some((rule) => rule.from === `/articles/${slug}`));
      const record: ArticleRecord = {
        id,
        slug: uniqueSlug(slugBase, id, taken),
        title: fields.title,
        category: fields.category,
        tags: fields.tags,
        summary: fields.summary,
        cover: fields.cover,
        created_at: createdAt,
        updated_at: fields.updated_at ?? createdAt,
        deleted_at: null,
        status,
        // A post published when it is created went public then, however old its date.
        publish_at: status === 'draft' ? null : (fields.publish_at ?? createdAt),
        body_rev: 1,
        revision: 1,
        ...keepReplacedVersion(this.store, undefined, fields, fields.source ?? 'api', 1),
        ...(fields.notify_subscribers === false ? { notify_subscribers: false } : {}),
      };
      state.articles.items.push(record);
      this.store.bodies.set(id, fields.content);
      if (fields.announce && isPublic(record)) this.notices?.queue(state, record);
      sameCommit?.apply(record, state);
      return record;
    });
  }

  /**
   * Partial update of a live article. With `expectedRevision` it is a compare-and-set: the
   * revision is checked again inside the mutation (after the body file is written), so of two
   * saves based on the same revision exactly one wins and the other changes nothing.
   */
  async update(
    id: number,
    patch: ArticlePatch,
    expectedRevision?: number,
    source: RevisionSource = 'api',
  ): Promise<ArticleUpdateOutcome> {
    this.updating.set(id, (this.updating.get(id) ?? 0) + 1);
    try {
      return await this.commitUpdate(id, patch, expectedRevision, source);
    } finally {
      const left = (this.updating.get(id) ?? 1) - 1;
      if (left > 0) this.updating.set(id, left);
      else this.updating.delete(id);
    }
  }

  private async commitUpdate(
    id: number,
    patch: ArticlePatch,
    expectedRevision: number | undefined,
    source: RevisionSource,
  ): Promise<ArticleUpdateOutcome> {
    const article = this.findLive(id);
    if (!article) return { status: 'missing' };
    if (expectedRevision !== undefined && article.revision !== expectedRevision) return { status: 'stale', article };
    const { content, ...meta } = patch;
    const slugChange = meta.slug !== undefined && meta.slug !== article.slug;
    if (slugChange && meta.slug !== undefined && this.slugTakenByAnother(meta.slug, id))
      return { status: 'slug-taken', slug: meta.slug };
    const previousRev = article.body_rev;
    const nextRev = content === undefined ? previousRev : this.store.reserveBodyRev(id, previousRev);
    if (content !== undefined) await this.store.writeBody(id, nextRev, content);
    let outcome: ArticleUpdateOutcome;
    try {
      // Named whenever a slug is sent: another save may change the slug while this body is written.
      const named: CollectionName[] = meta.slug !== undefined ? ['articles', 'redirects'] : ['articles'];
      const collections = meta.status === 'published' ? this.publicationCollections(named) : named;
      outcome = await this.store.mutate(collections, (state): ArticleUpdateOutcome => {
        const current = this.findLive(id);
        if (!current) throw new ArticleChangedMeanwhile({ status: 'missing' });
        if (expectedRevision !== undefined && current.revision !== expectedRevision) {
          throw new ArticleChangedMeanwhile({ status: 'stale', article: current });
        }
        const newSlug = meta.slug !== undefined && meta.slug !== current.slug ? meta.slug : undefined;
        if (newSlug !== undefined && this.slugTakenByAnother(newSlug, id)) {
          throw new ArticleChangedMeanwhile({ status: 'slug-taken', slug: newSlug });
        }
        // The old address keeps working, for good (server/API.md §E19).
        if (newSlug !== undefined) state.redirects.items = keepOldSlugAddress(state.redirects.items, current.slug, newSlug);
        const version = keepReplacedVersion(this.store, current, patch, source, current.revision + 1);
        const wasPublic = isPublic(current);
        Object.assign(current, meta, version, { updated_at: isoNow(), revision: current.revision + 1 });
        if (current.notify_subscribers !== false) delete current.notify_subscribers;
        if (content !== undefined) {
          current.body_rev = nextRev;
          this.store.bodies.set(id, content);
          keepDiagramsShownBy(current, content);
        }
        if (!wasPublic && isPublic(current)) this.notices?.queue(state, current);
        return { status: 'updated', article: current };
      });
    } catch (error) {
      if (!(error instanceof ArticleChangedMeanwhile)) throw error;
      // The mutation threw before changing anything: the new body file is an orphan.
      if (content !== undefined) await this.store.discardBody(id, nextRev);
      return error.outcome;
    }
    if (content !== undefined) {
      await this.store.discardBody(id, previousRev);
      await this.store.diagrams.sweep();
    }
    return outcome;
  }

  /**
   * Gives a live article a new slug alone (server/API.md §E19), its old address kept as a redirect.
   * An address is not the article's text: neither `revision` nor `updated_at` moves, so an editor
   * open on the article saves on as before.
   */
  changeSlug(id: number, slug: string): Promise<ArticleUpdateOutcome> {
    return this.store.mutate(['articles', 'redirects'], (state): ArticleUpdateOutcome => {
      const article = this.findLive(id);
      if (!article) return { status: 'missing' };
      if (article.slug === slug) return { status: 'updated', article };
      if (this.slugTakenByAnother(slug, id)) return { status: 'slug-taken', slug };
      state.redirects.items = keepOldSlugAddress(state.redirects.items, article.slug, slug);
      article.slug = slug;
      return { status: 'updated', article };
    });
  }

  /** Moves live articles to the recycle bin; returns the ids that were moved. */
  moveToBin(ids: readonly number[]): Promise<ArticleRecord[]> {
    return this.store.mutate(['articles'], () => {
      const now = isoNow();
      const moved: ArticleRecord[] = [];
      for (const id of ids) {
        const article = this.findLive(id);
        if (article) {
          article.deleted_at = now;
          article.revision += 1;
          moved.push(article);
        }
      }
      return moved;
    });
  }

  restore(id: number): Promise<ArticleRecord | undefined> {
    const article = this.find(id);
    if (!article || article.deleted_at === null) return Promise.resolve(undefined);
    return this.store.mutate(['articles'], () => {
      article.deleted_at = null;
      article.revision += 1;
      return article;
    });
  }

  /**
   * Removes binned articles, their views and their comments for good. The uploads they showed
   * (covers and bodies, of their kept versions too) go back in the upload log in the same commit,
   * as written at the purge, so the start-up sweep judges them again (server/API.md §E11.1).
   */
  async purge(ids: readonly number[]): Promise<ArticleRecord[]> {
    const targets = new Set(ids);
    const shownBefore = await this.uploadsShownByHistories(ids);
    const purgedAt = isoNow();
    const purged = await this.store.mutate(['articles', 'comments', 'articleViews', 'uploadLog'], (state) => {
      const removed = state.articles.items.filter((article) => targets.has(article.id) && article.deleted_at !== null);
      const removedIds = new Set(removed.map((article) => article.id));
      const shown = removed.flatMap((article) => [
        ...uploadsShownBy(article.cover, this.store.bodies.get(article.id) ?? ''),
        ...(shownBefore.get(article.id) ?? []),
      ]);
      logForJudging(state.uploadLog, shown, purgedAt);
      state.articles.items = state.articles.items.filter((article) => !removedIds.has(article.id));
      for (const id of removedIds) {
        state.comments.removeArticle(id);
        delete state.articleViews[String(id)];
        this.store.bodies.delete(id);
      }
      return removed;
    });
    for (const article of purged) await this.store.discardBody(article.id, article.body_rev);
    await this.store.revisions.removeArticles(purged.map((article) => article.id));
    if (purged.some((article) => article.diagrams)) await this.store.diagrams.sweep();
    return purged;
  }

  /** The uploads the kept versions of the binned articles among `ids` show, by article id. */
  private async uploadsShownByHistories(ids: readonly number[]): Promise<Map<number, string[]>> {
    const shown = new Map<number, string[]>();
    for (const id of ids) {
      if (!this.find(id)?.deleted_at) continue;
      const filenames: string[] = [];
      for (const version of await this.store.revisions.readIndex(id)) {
        const body = (await this.store.revisions.readBody(id, version.revision)) ?? '';
        for (const name of uploadsShownBy(version.cover, body)) filenames.push(name);
      }
      shown.set(id, filenames);
    }
    return shown;
  }

  private viewsCounted = 0;

  /** The views counted since start: while it stays the same, no view count has moved. */
  get viewGeneration(): number {
    return this.viewsCounted;
  }

  /**
   * Counts a view. The counter is written lazily (within a second, or with the next commit): a
   * page view must not wait for a disk flush nor rewrite the counters file, and losing the last
   * second of views in a crash is acceptable for a counter.
   */
  addView(id: number): number {
    this.viewsCounted += 1;
    const key = String(id);
    const views = (this.store.state.articleViews[key] ?? 0) + 1;
    this.store.mutateLazily(['articleViews'], (state) => {
      state.articleViews[key] = views;
    });
    return views;
  }
}
