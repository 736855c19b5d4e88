import { sameArticleFields } from '@folio/shared';
import type { ArticleFields as ArticleFieldTexts, ArticleRevision, RevisionSource } from '@folio/shared';
import type { ArticleFields } from './records.js';
import type { ArticleRecord } from './records.js';
import type { KeptVersion } from './revision-files.js';
import type { Store } from './store.js';

/** Who wrote an article's current version, and from which revision on it has been current. */
export type VersionStamp = Pick<ArticleRecord, 'fields_revision' | 'fields_source'>;

/** An article's six editable fields in the one article contract (tags as one comma string). */
function fieldTextsOf(record: Omit<ArticleFields, 'content'>, content: string): ArticleFieldTexts {
  const { title, category, tags, summary, cover } = record;
  return { title, category, tags: tags.join(','), summary, cover, content };
}

/** The revision from which an article's current version has been current; older articles did not record it. */
const currentSince = (article: ArticleRecord): number => article.fields_revision ?? article.revision;

/** The current version of an article, stamped as a kept version would be. */
function currentVersion(article: ArticleRecord, content: string): ArticleRevision {
  return {
    revision: currentSince(article),
    saved_at: article.updated_at,
    // Articles saved before history was kept say nothing of their writer: the original client.
    source: article.fields_source ?? 'api',
    ...fieldTextsOf(article, content),
  };
}

/**
 * Call inside the mutation that changes an article, before it changes: when `next` changes any
 * of the six editable fields of `current`, the version it replaces is kept in the article's
 * history, written by the same commit. Returns the stamp the article takes with the change (put
 * it on the record): the new version's first revision and its writer. A new article (`current`
 * undefined) has no version to keep.
 */
export function keepReplacedVersion(
  store: Pick<Store, 'bodies' | 'revisions'>,
  current: ArticleRecord | undefined,
  next: Partial<ArticleFields>,
  source: RevisionSource,
  nextRevision: number,
): VersionStamp {
  const changed: VersionStamp = { fields_revision: nextRevision, fields_source: source };
  if (!current) return changed;
  const replaced = currentVersion(current, store.bodies.get(current.id) ?? '');
  const after = fieldTextsOf(
    {
      title: next.title ?? current.title,
      category: next.category ?? current.category,
      tags: next.tags ?? current.tags,
      summary: next.summary ?? current.summary,
      cover: next.cover ?? current.cover,
    },
    next.content ?? replaced.content,
  );
  if (sameArticleFields(replaced, after))
    return { fields_revision: current.fields_revision, fields_source: current.fields_source };
  store.revisions.keep(current.id, replaced);
  return changed;
}

/** Reads articles' histories (server/API.md §E10); the versions are kept by {@link keepReplacedVersion}. */
export class RevisionsRepository {
  constructor(private readonly store: Store) {}

  /** The article's previous versions, newest first (the current one is the article). */
  async list(article: ArticleRecord): Promise<KeptVersion[]> {
    const since = currentSince(article);
    const kept = await this.store.revisions.readIndex(article.id);
    // A version kept from the current one on is what an imported-over history left: not previous.
    return kept.filter((version) => version.revision < since).reverse();
  }

  /**
   * The version that was current at `revision`: the article itself from its current version's
   * first revision on, otherwise the kept version with the greatest revision not above it;
   * undefined for a revision the article has not reached or whose version is no longer kept.
   */
  async versionAt(article: ArticleRecord, revision: number): Promise<ArticleRevision | undefined> {
    if (revision > article.revision) return undefined;
    if (revision >= currentSince(article)) return currentVersion(article, this.store.bodies.get(article.id) ?? '');
    const kept = (await this.list(article)).find((version) => version.revision <= revision);
    if (!kept) return undefined;
    const content = await this.store.revisions.readBody(article.id, kept.revision);
    if (content === undefined) return undefined;
    const { title, category, tags, summary, cover } = kept;
    return {
      revision: kept.revision,
      saved_at: kept.saved_at,
      source: kept.source,
      title,
      category,
      tags,
      summary,
      cover,
      content,
    };
  }
}
