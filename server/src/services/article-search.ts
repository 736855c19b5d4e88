import type { ArticleRecord } from '../store/records.js';

/** Where a query matched, best first: the ranking of API section 8 (title, tag, summary, body). */
const RANK = { title: 0, tag: 1, summary: 2, body: 3 } as const;
type MatchRank = (typeof RANK)[keyof typeof RANK];

interface SearchEntry {
  /** The sources the lower-cased text was made from; compared by identity to detect a change. */
  title: string;
  tags: readonly string[];
  summary: string;
  body: string;
  lowerTitle: string;
  /** Tags joined by a newline, which a query (see {@link normalizeQuery}) never contains. */
  lowerTags: string;
  lowerSummary: string;
  lowerBody: string;
}

/** Lower-cases and trims a query; `''` means "no search". Inner whitespace is kept as typed. */
export function normalizeQuery(query: string | undefined): string {
  return (query ?? '').trim().toLowerCase();
}

/**
 * Case-insensitive substring search over title, tags, summary and Markdown body. Plain
 * substring matching needs no word splitting, so Chinese matches without spaces (`安全` finds
 * `java 安全管理器`).
 *
 * Lower-casing a long body costs far more than scanning it, so the lower-cased text of each
 * article is kept here and rebuilt only when one of its sources changes. Sources are compared
 * by identity: every write path (edit, import, restore) replaces the strings, so no write needs
 * to notify the index, and a stale entry can never be served.
 */
export class ArticleSearchIndex {
  private readonly entries = new Map<number, SearchEntry>();

  constructor(private readonly bodyOf: (id: number) => string) {}

  /** The articles that match, most relevant first; within a rank the input order is kept. */
  search(articles: readonly ArticleRecord[], query: string): ArticleRecord[] {
    const needle = normalizeQuery(query);
    if (!needle) return [...articles];
    const buckets: ArticleRecord[][] = [[], [], [], []];
    for (const article of articles) {
      const rank = this.rank(article, needle);
      if (rank !== undefined) buckets[rank]?.push(article);
    }
    this.forgetMissing(articles);
    return buckets.flat();
  }

  /** Admin search (API 9): a case-insensitive substring of the title only. */
  searchTitles(articles: readonly ArticleRecord[], query: string): ArticleRecord[] {
    const needle = normalizeQuery(query);
    if (!needle) return [...articles];
    return articles.filter((article) => article.title.toLowerCase().includes(needle));
  }

  /**
   * Builds (or refreshes) entries ahead of a search, at start and after a write, so the next
   * visitor does not pay for lower-casing long bodies.
   */
  warm(articles: readonly ArticleRecord[]): void {
    for (const article of articles) this.entryFor(article);
  }

  private rank(article: ArticleRecord, needle: string): MatchRank | undefined {
    const entry = this.entryFor(article);
    if (entry.lowerTitle.includes(needle)) return RANK.title;
    if (entry.lowerTags.includes(needle)) return RANK.tag;
    if (entry.lowerSummary.includes(needle)) return RANK.summary;
    if (entry.lowerBody.includes(needle)) return RANK.body;
    return undefined;
  }

  private entryFor(article: ArticleRecord): SearchEntry {
    const body = this.bodyOf(article.id);
    const cached = this.entries.get(article.id);
    if (
      cached &&
      cached.body === body &&
      cached.title === article.title &&
      cached.tags === article.tags &&
      cached.summary === article.summary
    ) {
      return cached;
    }
    const entry: SearchEntry = {
      title: article.title,
      tags: article.tags,
      summary: article.summary,
      body,
      lowerTitle: article.title.toLowerCase(),
      lowerTags: article.tags.join('\n').toLowerCase(),
      lowerSummary: article.summary.toLowerCase(),
      lowerBody: body.toLowerCase(),
    };
    this.entries.set(article.id, entry);
    return entry;
  }

  /** Drops entries of articles that are gone (purged or binned) once the index holds too many. */
  private forgetMissing(articles: readonly ArticleRecord[]): void {
    if (this.entries.size <= articles.length) return;
    const present = new Set(articles.map((article) => article.id));
    for (const id of this.entries.keys()) {
      if (!present.has(id)) this.entries.delete(id);
    }
  }
}
