import { escapeRegExp } from '@folio/shared';
import type { ArticleRecord } from '../store/records.js';

/** Where a query matched, best first: the ranking of server/API.md §8 (title, tag, summary, body). */
const RANK = { title: 0, tag: 1, summary: 2, body: 3 } as const;
type MatchRank = (typeof RANK)[keyof typeof RANK];

interface SearchEntry {
  /** The sources the lower-cased text was made from; compared to detect a change. */
  title: string;
  tags: readonly string[];
  summary: string;
  /** The body's {@link ArticleBodies.version} the signature was built from (the text is not kept). */
  bodyVersion: number;
  lowerTitle: string;
  lowerTags: string[];
  lowerSummary: string;
  /** Built from the lower-cased body, which is then dropped: a second copy of every body costs too much memory. */
  bodyBigrams: BigramSignature;
}

/**
 * A Bloom-style bit set of the character pairs in a text. A query can only occur in a body
 * whose set holds every pair of the query, so most bodies are ruled out without scanning them.
 * Sized to the text (about four bits per character) so short bodies stay small.
 */
interface BigramSignature {
  bits: Uint32Array;
  /** 32 minus log2 of the number of bits: how far a 32-bit pair hash is shifted to index it. */
  shift: number;
}

/** Articles indexed per turn of the event loop while warming at start. */
const WARM_BATCH = 50;

const MIN_SIGNATURE_LOG2 = 12;
const MAX_SIGNATURE_LOG2 = 18;

/** A well-mixed 32-bit hash of two UTF-16 code units (multiplicative, golden-ratio constant). */
const pairHash = (first: number, second: number) => Math.imul((first << 16) | second, 0x9e3779b1) >>> 0;

function bigramSignature(text: string): BigramSignature {
  const log2 = Math.min(MAX_SIGNATURE_LOG2, Math.max(MIN_SIGNATURE_LOG2, Math.ceil(Math.log2(Math.max(1, text.length) * 4))));
  const shift = 32 - log2;
  const bits = new Uint32Array(2 ** (log2 - 5));
  let previous = text.charCodeAt(0);
  for (let index = 1; index < text.length; index += 1) {
    const current = text.charCodeAt(index);
    const slot = pairHash(previous, current) >>> shift;
    bits[slot >>> 5] = (bits[slot >>> 5] ?? 0) | (1 << (slot & 31));
    previous = current;
  }
  return { bits, shift };
}

function queryPairHashes(needle: string): number[] {
  const hashes = new Set<number>();
  for (let index = 1; index < needle.length; index += 1)
    hashes.add(pairHash(needle.charCodeAt(index - 1), needle.charCodeAt(index)));
  return [...hashes];
}

/** False only when the text certainly does not contain the query; true means "scan to be sure". */
function mayContain(signature: BigramSignature, pairHashes: readonly number[]): boolean {
  for (const hash of pairHashes) {
    const slot = hash >>> signature.shift;
    if (((signature.bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) === 0) return false;
  }
  return true;
}

/** Where the index reads bodies: the store keeps only recently used ones in memory. */
export interface ArticleBodies {
  body(id: number): string;
  /** Changes whenever the body of `id` is replaced. */
  bodyVersion(id: number): number;
}

/** A query ready to test against many articles. */
interface CompiledQuery {
  needle: string;
  pairHashes: readonly number[];
  /** Case-insensitive literal match, so bodies are scanned as stored, with no lower-cased copy kept. */
  inBody: RegExp;
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
 * Lower-casing a long body costs far more than scanning it, so the lower-cased title, tags and
 * summary of each article, and a signature of its body's character pairs that rules most bodies
 * out without a scan, are kept here and rebuilt only when one of their sources changes; the
 * bodies the signature lets through are read and scanned case-insensitively as they are stored.
 * No write needs to notify the index: title, tags and summary are compared with what the entry
 * was built from, and the body by its version, which every body write moves.
 */
export class ArticleSearchIndex {
  private readonly entries = new Map<number, SearchEntry>();

  constructor(private readonly bodies: ArticleBodies) {}

  /** The articles that match, most relevant first; within a rank the input order is kept. */
  search(articles: readonly ArticleRecord[], query: string): ArticleRecord[] {
    const needle = normalizeQuery(query);
    if (!needle) return [...articles];
    const compiled = { needle, pairHashes: queryPairHashes(needle), inBody: new RegExp(escapeRegExp(needle), 'i') };
    const buckets: ArticleRecord[][] = [[], [], [], []];
    for (const article of articles) {
      const rank = this.rank(article, compiled);
      if (rank !== undefined) buckets[rank]?.push(article);
    }
    this.forgetMissing(articles);
    return buckets.flat();
  }

  /** Admin search (server/API.md §9): a case-insensitive substring of the title only. */
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

  /**
   * `warm` for the whole site at start, a batch at a time with the event loop free in between,
   * so the first pages are served while it runs (a search meanwhile builds what it needs).
   * Stops between batches once `signal` is aborted (the server is closing).
   */
  async warmInBackground(articles: readonly ArticleRecord[], signal?: AbortSignal): Promise<void> {
    for (let start = 0; start < articles.length && !signal?.aborted; start += WARM_BATCH) {
      this.warm(articles.slice(start, start + WARM_BATCH));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private rank(article: ArticleRecord, { needle, pairHashes, inBody }: CompiledQuery): MatchRank | undefined {
    const entry = this.entryFor(article);
    if (entry.lowerTitle.includes(needle)) return RANK.title;
    if (entry.lowerTags.some((tag) => tag.includes(needle))) return RANK.tag;
    if (entry.lowerSummary.includes(needle)) return RANK.summary;
    if (mayContain(entry.bodyBigrams, pairHashes) && inBody.test(this.bodies.body(article.id))) return RANK.body;
    return undefined;
  }

  private entryFor(article: ArticleRecord): SearchEntry {
    const bodyVersion = this.bodies.bodyVersion(article.id);
    const cached = this.entries.get(article.id);
    if (
      cached &&
      cached.bodyVersion === bodyVersion &&
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
      bodyVersion,
      lowerTitle: article.title.toLowerCase(),
      lowerTags: article.tags.map((tag) => tag.toLowerCase()),
      lowerSummary: article.summary.toLowerCase(),
      bodyBigrams: bigramSignature(this.bodies.body(article.id).toLowerCase()),
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
