import type { CollectionName, Store, StoreState } from './store.js';
import { raiseNextId } from './record-ids.js';
import { keepDiagramsShownBy } from './articles.repository.js';
import type { CommentSettings, RedirectRule } from '@folio/shared';
import { uniqueSlug } from './article-slugs.js';
import { mergeRedirects } from './redirects.repository.js';
import type {
  ArticleRecord,
  AvatarRecord,
  CommentRecord,
  ContactRecord,
  ReaderStatsFile,
  SiteBlockRecord,
  SkillRecord,
  StatsDayRecord,
  SubscriberRecord,
} from './records.js';
import { normalizeAvatars } from './avatars.repository.js';
import { CommentSettingsRepository } from './comment-settings.repository.js';
import { keepReplacedVersion } from './revisions.repository.js';

/** An imported article: its record fields, its body and, when the backup had one, its view count. */
export interface ImportedArticle extends Omit<
  ArticleRecord,
  'deleted_at' | 'body_rev' | 'revision' | 'fields_revision' | 'fields_source'
> {
  content: string;
  views: number | undefined;
}

/** An imported comment; the backup never carries the IP address or user agent. */
export type ImportedComment = Omit<CommentRecord, 'ip_address' | 'user_agent'>;

/** Validated rows to upsert, one list per section present in the backup. */
export interface ImportPlan {
  siteBlocks?: SiteBlockRecord[];
  skills?: SkillRecord[];
  contacts?: ContactRecord[];
  avatars?: AvatarRecord[];
  articles?: ImportedArticle[];
  comments?: ImportedComment[];
  /** Absent in older backups: the stored settings are kept. */
  commentSettings?: CommentSettings | undefined;
  /** Merged into the site's by address; absent in older backups (server/API.md §E19). */
  redirects?: RedirectRule[] | undefined;
  /** Readers' days, each replacing the stored day of its date; absent in older backups (server/API.md §E23.5). */
  readerStats?: Record<string, StatsDayRecord> | undefined;
  /** Replaces the stored subscribers; absent in older backups (server/API.md §E23.13). */
  subscribers?: SubscriberRecord[] | undefined;
  /**
   * A blog import's plan (server/API.md §E21): every article and comment is new, its id taken from
   * the store's counters and its slug made unique when planned. A record stored since under one of
   * those ids, or an article given one of those slugs, makes the plan stale instead of being
   * overwritten or renamed (the plan's redirects lead to those slugs).
   */
  allNew?: boolean;
}

/** Every live record a backup holds, read in one turn so the export is one consistent moment. */
export interface BackupRecords {
  siteBlocks: SiteBlockRecord[];
  skills: SkillRecord[];
  contacts: ContactRecord[];
  avatars: AvatarRecord[];
  /** Articles not in the recycle bin, with their bodies and view counts. */
  articles: { record: ArticleRecord; content: string; views: number }[];
  /** Comments of those articles. */
  comments: CommentRecord[];
  commentSettings: CommentSettings;
  redirects: RedirectRule[];
  /** Readers' daily aggregates (server/API.md §E23.5). */
  readerStats: ReaderStatsFile;
  /** Readers subscribed by mail (server/API.md §E23.13). */
  subscribers: SubscriberRecord[];
}

/** Thrown when the data changed under the import in a way that makes the plan unsafe to apply. */
export class ImportPlanStaleError extends Error {}

/**
 * The import reached memory but its write failed. The store keeps the collections dirty and
 * writes them with the next commit, so files and bodies the records point at must stay.
 */
export class ImportWritePendingError extends Error {}

/**
 * Upserts by id and renumbers `sort_order` 0..n-1 in the resulting order. On equal `sort_order`
 * an imported row comes before a kept one: the backup's order is what the owner restores.
 */
function upsertOrdered<T extends { id: number; sort_order: number }>(existing: T[], incoming: readonly T[]): T[] {
  const imported = new Set(incoming);
  const byId = new Map(existing.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  const rank = (item: T) => (imported.has(item) ? 0 : 1);
  const ordered = [...byId.values()].sort((a, b) => a.sort_order - b.sort_order || rank(a) - rank(b) || a.id - b.id);
  ordered.forEach((item, index) => {
    item.sort_order = index;
  });
  return ordered;
}

/** Replaces rows with the same key and appends the others, keeping the stored order. */
function upsertBy<T, K>(existing: readonly T[], incoming: readonly T[], key: (item: T) => K): T[] {
  const result = [...existing];
  const positions = new Map(result.map((item, index) => [key(item), index]));
  for (const item of incoming) {
    const position = positions.get(key(item));
    if (position === undefined) {
      positions.set(key(item), result.length);
      result.push(item);
    } else {
      result[position] = item;
    }
  }
  return result;
}

/**
 * The records of an all-new plan (a blog import, server/API.md §E21), made before its mutation in
 * steps with turns of the event loop between: made inside it, thousands of them held up every
 * page for as long. The mutation then only checks and adds them.
 */
interface NewRecords {
  articles: { record: ArticleRecord; content: string; views: number | undefined }[];
  /** By article, in the plan's order. */
  comments: Map<number, CommentRecord[]>;
}

/** How many records are made between two turns of the event loop. */
const RECORDS_PER_TURN = 200;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** An imported article's record, from its fields as the backup or the blog import has them. */
function importedRecord(record: ArticleRecord): ArticleRecord {
  if (record.notify_subscribers !== false) delete record.notify_subscribers;
  if (record.subscribers_notified_at === undefined) delete record.subscribers_notified_at;
  // It was public before it came: a restore or a blog import mails no subscriber, now or later (server/API.md §E23.11).
  if (record.status === 'published' && record.subscribers_notified_at === undefined) record.arrived_public = true;
  return record;
}

/** The records of an all-new plan, as {@link applyPlan} would make them of a plan that is not. */
async function newRecords(
  plan: ImportPlan,
  bodyRev: (id: number) => number,
  store: Pick<Store, 'bodies' | 'revisions' | 'serializeArticlesAhead'>,
): Promise<NewRecords> {
  const articles: NewRecords['articles'] = [];
  // Slugs yield, with `-2`, to the plan's earlier ones; a stored article's makes the plan stale (checkAllNew).
  const takenSlugs = new Set<string>();
  for (const [index, { content, views, ...planned }] of (plan.articles ?? []).entries()) {
    if (index % RECORDS_PER_TURN === RECORDS_PER_TURN - 1) await nextTurn();
    const fields = { ...planned, slug: uniqueSlug(planned.slug, planned.id, (slug) => takenSlugs.has(slug)) };
    takenSlugs.add(fields.slug);
    const version = keepReplacedVersion(store, undefined, { ...fields, content }, 'import', 1);
    articles.push({
      record: importedRecord({ ...fields, ...version, deleted_at: null, body_rev: bodyRev(fields.id), revision: 1 }),
      content,
      views,
    });
  }
  // Their JSON too: the commit then joins it rather than making it while it holds the event loop.
  for (let start = 0; start < articles.length; start += RECORDS_PER_TURN) {
    await nextTurn();
    store.serializeArticlesAhead(articles.slice(start, start + RECORDS_PER_TURN).map(({ record }) => record));
  }
  const comments = new Map<number, CommentRecord[]>();
  for (const [index, comment] of (plan.comments ?? []).entries()) {
    if (index % RECORDS_PER_TURN === RECORDS_PER_TURN - 1) await nextTurn();
    const group = comments.get(comment.article_id) ?? [];
    if (group.length === 0) comments.set(comment.article_id, group);
    group.push({ ...comment, ip_address: '', user_agent: '' });
  }
  return { articles, comments };
}

/** The in-memory part of an import; runs inside one store mutation after every check passed. */
function applyPlan(
  state: StoreState,
  plan: ImportPlan,
  bodyRev: (id: number) => number,
  store: Pick<Store, 'bodies' | 'revisions'>,
  made?: NewRecords,
): void {
  if (plan.siteBlocks) state.siteBlocks.items = upsertBy(state.siteBlocks.items, plan.siteBlocks, (block) => block.name);
  if (plan.skills) {
    state.skills.items = upsertOrdered(state.skills.items, plan.skills);
    raiseNextId(state.skills);
  }
  if (plan.contacts) {
    state.contacts.items = upsertOrdered(state.contacts.items, plan.contacts);
    raiseNextId(state.contacts);
  }
  if (plan.avatars) {
    state.avatars.items = normalizeAvatars(upsertOrdered(state.avatars.items, plan.avatars));
    raiseNextId(state.avatars);
  }
  if (made) {
    // Every article is new (checkAllNew): added at the end, as upsertBy would, without copying the list.
    for (const { record, content, views } of made.articles) {
      store.bodies.set(record.id, content);
      if (views !== undefined) state.articleViews[String(record.id)] = views;
      else delete state.articleViews[String(record.id)];
      state.articles.items.push(record);
    }
    raiseNextId(state.articles);
  } else if (plan.articles) {
    const stored = new Map(state.articles.items.map((article) => [article.id, article]));
    // An imported article's slug (its own, or the one its title gives) yields, with `-2`, to the
    // slug of a stored article the backup does not overwrite, and to the backup's earlier ones.
    const importedIds = new Set(plan.articles.map((article) => article.id));
    const takenSlugs = new Set(
      state.articles.items.filter((article) => !importedIds.has(article.id)).map((article) => article.slug),
    );
    const records = plan.articles.map(({ content, views, ...planned }): ArticleRecord => {
      const fields = { ...planned, slug: uniqueSlug(planned.slug, planned.id, (slug) => takenSlugs.has(slug)) };
      takenSlugs.add(fields.slug);
      const revision = (stored.get(fields.id)?.revision ?? 0) + 1;
      // Before the body is replaced: an overwritten article keeps the version it had.
      const version = keepReplacedVersion(store, stored.get(fields.id), { ...fields, content }, 'import', revision);
      store.bodies.set(fields.id, content);
      const key = String(fields.id);
      // A missing count is 0 for a new row and left alone for an existing one (server/API.md §15).
      if (views !== undefined) state.articleViews[key] = views;
      else if (!stored.has(fields.id)) delete state.articleViews[key];
      // An imported row replaces what an editor may have open: a new revision refuses their stale save.
      const record = importedRecord({ ...fields, ...version, deleted_at: null, body_rev: bodyRev(fields.id), revision });
      // Drawings are not in a backup: an overwritten article keeps those its imported body still shows.
      const diagrams = stored.get(fields.id)?.diagrams;
      if (diagrams) {
        record.diagrams = diagrams;
        keepDiagramsShownBy(record, content);
      }
      return record;
    });
    state.articles.items = upsertBy(state.articles.items, records, (article) => article.id);
    raiseNextId(state.articles);
  }
  if (made) {
    for (const [articleId, comments] of made.comments) state.comments.putNewGroup(articleId, comments);
  } else {
    for (const comment of plan.comments ?? []) {
      // Keep what only the live site knows: a backup has no IP address or user agent.
      const previous = state.comments.find(comment.id);
      state.comments.put({ ...comment, ip_address: previous?.ip_address ?? '', user_agent: previous?.user_agent ?? '' });
    }
  }
  if (plan.redirects) state.redirects.items = mergeRedirects(state.redirects.items, plan.redirects);
  if (plan.readerStats) Object.assign(state.readerStats.days, plan.readerStats);
  if (plan.subscribers) {
    state.subscribers.items = plan.subscribers.map((subscriber) => ({ ...subscriber }));
    raiseNextId(state.subscribers);
  }
  if (plan.commentSettings) {
    const { moderation, blocked_words, blocked_addresses } = plan.commentSettings;
    Object.assign(state.commentSettings, { moderation, blocked_words, blocked_addresses });
  }
  // Imported comments are the owner's own past, not news: the unread count starts after them.
  if (plan.comments) state.commentSettings.seen_before_id = state.comments.next_id;
}

/**
 * Bodies written at once by an import: each write waits for its own fsync, so thousands of them
 * (a blog import, server/API.md §E21) take seconds together rather than a minute one by one.
 */
const BODY_WRITES_AT_ONCE = 8;

/**
 * Runs `work` on every item, `atOnce` at a time. On a failure no new item starts, and it throws
 * only once every item started has settled, so nothing is still being written when it throws.
 */
async function inTurns<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  if (failure) throw failure.error;
}

/** Throws when a record was stored since `plan` (all new) was made under one of its ids or slugs. */
function checkAllNew(state: StoreState, plan: ImportPlan, made: NewRecords): void {
  const slugs = new Set(state.articles.items.map((article) => article.slug));
  const ids = new Set(state.articles.items.map((article) => article.id));
  for (const { record } of made.articles) {
    if (ids.has(record.id)) throw new ImportPlanStaleError(`Article ${record.id} was stored during the import`);
    if (slugs.has(record.slug)) throw new ImportPlanStaleError(`Slug ${record.slug} was taken during the import`);
  }
  for (const comment of plan.comments ?? []) {
    if (state.comments.find(comment.id)) throw new ImportPlanStaleError(`Comment ${comment.id} was stored during the import`);
  }
}

/**
 * Commits a whole backup import. Bodies are written first, to new revision files nothing points
 * at yet; then every collection changes in one {@link Store.mutate}, which the store journals
 * with the comment file of every article the import touched, so the import is stored entirely
 * or not at all.
 */
export class BackupRepository {
  constructor(private readonly store: Store) {}

  /** What an export writes: the live records, unsorted (the export decides the order). */
  liveRecords(): BackupRecords {
    const state = this.store.state;
    const live = state.articles.items.filter((article) => article.deleted_at === null);
    const liveIds = new Set(live.map((article) => article.id));
    return {
      siteBlocks: [...state.siteBlocks.items],
      skills: [...state.skills.items],
      contacts: [...state.contacts.items],
      avatars: [...state.avatars.items],
      articles: live.map((record) => ({
        record,
        content: this.store.bodies.get(record.id) ?? '',
        views: state.articleViews[String(record.id)] ?? 0,
      })),
      comments: state.comments.all().filter((comment) => liveIds.has(comment.article_id)),
      commentSettings: new CommentSettingsRepository(this.store).get(),
      redirects: state.redirects.items.map((rule) => ({ ...rule })),
      // A copy: counted views keep changing the stored days while the export streams.
      readerStats: structuredClone(state.readerStats),
      subscribers: state.subscribers.items.map((subscriber) => ({ ...subscriber })),
    };
  }

  /** Ids of every stored article, live or in the bin. */
  articleIds(): Set<number> {
    return new Set(this.store.state.articles.items.map((article) => article.id));
  }

  async apply(plan: ImportPlan): Promise<void> {
    // A changed body gets a freshly reserved revision, so the old body stays valid until
    // the commit and is discarded only after it. An unchanged body keeps its file (re-imports
    // of the same backup then write no bodies at all).
    const storedRevs = new Map(this.store.state.articles.items.map((article) => [article.id, article.body_rev]));
    const revs = new Map<number, { previous: number | undefined; next: number }>();
    for (const { id, content } of plan.articles ?? []) {
      const previous = storedRevs.get(id);
      const unchanged = previous !== undefined && this.store.bodies.get(id) === content;
      revs.set(id, { previous, next: unchanged ? previous : this.store.reserveBodyRev(id, previous ?? 0) });
    }
    const changed = [...revs].filter(([, rev]) => rev.next !== rev.previous);
    const written: { id: number; rev: number }[] = [];
    let applied = false;
    try {
      const bodies = (plan.articles ?? []).filter(({ id }) => revs.get(id)?.next !== revs.get(id)?.previous);
      await inTurns(bodies, BODY_WRITES_AT_ONCE, async ({ id, content }) => {
        const rev = revs.get(id)?.next ?? 1;
        written.push({ id, rev });
        await this.store.writeBody(id, rev, content);
      });
      const bodyRev = (id: number) => revs.get(id)?.next ?? 1;
      const made = plan.allNew ? await newRecords(plan, bodyRev, this.store) : undefined;
      await this.store.mutate(this.collectionsOf(plan), (state) => {
        // Checks first: nothing may change if the plan no longer fits the stored data.
        const current = new Map(state.articles.items.map((article) => [article.id, article.body_rev]));
        for (const [id, rev] of revs) {
          if (current.get(id) !== rev.previous) throw new ImportPlanStaleError(`Article ${id} changed during the import`);
        }
        for (const comment of plan.comments ?? []) {
          if (!current.has(comment.article_id) && !revs.has(comment.article_id)) {
            throw new ImportPlanStaleError(`Article ${comment.article_id} disappeared during the import`);
          }
        }
        if (made) checkAllNew(state, plan, made);
        applied = true;
        applyPlan(state, plan, bodyRev, this.store, made);
      });
    } catch (error) {
      // Bodies are removed only if the change never reached memory; once it has, the store
      // keeps retrying the write and the new revisions are what the records point at.
      if (applied) throw new ImportWritePendingError('The import is applied but not yet stored', { cause: error });
      for (const { id, rev } of written) await this.store.discardBody(id, rev).catch(() => {});
      throw error;
    }
    for (const [id, { previous }] of changed) {
      if (previous !== undefined) await this.store.discardBody(id, previous).catch(() => {});
    }
    if (changed.length > 0) await this.store.diagrams.sweep();
  }

  private collectionsOf(plan: ImportPlan): CollectionName[] {
    const names: CollectionName[] = [];
    if (plan.siteBlocks) names.push('siteBlocks');
    if (plan.skills) names.push('skills');
    if (plan.contacts) names.push('contacts');
    if (plan.avatars) names.push('avatars');
    if (plan.articles) names.push('articles', 'articleViews');
    if (plan.comments) names.push('comments');
    if (plan.comments || plan.commentSettings) names.push('commentSettings');
    if (plan.redirects) names.push('redirects');
    if (plan.readerStats) names.push('readerStats');
    if (plan.subscribers) names.push('subscribers');
    return names;
  }
}
