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
  /** The lower-cased fields, the very source strings when lower-casing changes nothing (no second copy). */
  lowerTitle: string;
  lowerTags: readonly string[];
  lowerSummary: string;
  /**
   * Where the body's signature lies in the index's {@link SignatureSlab}: built from the
   * lower-cased body, which is then dropped (a second copy of every body costs too much memory).
   */
  signature: SignatureSpan;
}

/**
 * A Bloom filter of the character pairs in a text: each distinct pair sets three bits. A query can
 * only occur in a body whose filter holds every pair of the query, so most bodies are ruled out
 * without reading them. Sized to the text's distinct pairs, not its length: prose repeats most of
 * its pairs, and a filter sized by length held four to eight bits per character, most of them
 * never set (37 MB at 20,000 articles of the bench, against 11 MB sized this way).
 */
interface SignatureSpan {
  /** Index of the first 32-bit word in the slab. */
  offset: number;
  /** Number of 32-bit words; the filter has 32 times as many bits. */
  words: number;
}

/**
 * Bits per distinct pair. With three bits set per pair, a pair the body lacks passes with a
 * probability of (1 - e^(-3/8))^3, about 3%, and a query of n + 1 characters (n pairs) about 3%
 * to the n-th: a two-character query makes one body in thirty be read for nothing, four
 * characters one in 30,000. On the bench's corpus the filter sized by length, one bit per pair,
 * let through 3.2% of the bodies for a two-character query they lack, this one 2.6%.
 */
const BITS_PER_PAIR = 8;
/** The largest filter, 32 KB (a body of some 30,000 distinct pairs); past it more bodies pass. */
const MAX_SIGNATURE_WORDS = 2 ** 13;

/** MurmurHash3's 32-bit finaliser: every input bit moves every output bit. */
function mix32(value: number): number {
  let hash = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
/**
 * A 32-bit hash of two UTF-16 code units. Fully mixed, since a filter's bit is taken from the
 * hash's high bits: a bare multiplicative hash puts pairs of neighbouring letters ("xq" and a
 * common pair) so close that they shared a bit in most bodies.
 */
const pairHash = (first: number, second: number) => mix32((first << 16) | second);
/** The step between a pair's bits (double hashing: bit i from hash + i * step): the mixed hash rotated. */
const stepHash = (hash: number) => (hash << 13) | (hash >>> 19) | 1;
/** Bits set per pair. */
const BITS_SET = 3;
/** A 32-bit hash scaled to a bit of a filter of `bits` bits (multiply-high: any size, no modulo). */
const bitOf = (hash: number, bits: number) => Math.floor((hash * bits) / 2 ** 32);

/**
 * A text's pair hashes, each computed once, and the number of distinct pairs, estimated from a
 * scratch bit set of eight bits per character (linear counting: within a few per cent at that
 * load), so a filter can be sized before it is filled without keeping a set of pairs.
 */
class PairScratch {
  /** The hash of each pair of the last text read, `pairs` of them. */
  hashes = new Uint32Array(0);
  pairs = 0;
  private seen = new Uint32Array(0);

  /** Reads a text's pairs; returns the estimated number of distinct ones. */
  read(text: string): number {
    this.pairs = Math.max(0, text.length - 1);
    if (this.hashes.length < this.pairs) this.hashes = new Uint32Array(this.pairs);
    const log2 = Math.ceil(Math.log2(Math.max(64, text.length * 8)));
    const bits = 2 ** log2;
    if (this.seen.length < bits / 32) this.seen = new Uint32Array(bits / 32);
    const seen = this.seen.subarray(0, bits / 32);
    seen.fill(0);
    const shift = 32 - log2;
    for (let index = 0; index < this.pairs; index += 1) {
      const hash = pairHash(text.charCodeAt(index), text.charCodeAt(index + 1));
      this.hashes[index] = hash;
      const bit = hash >>> shift;
      seen[bit >>> 5] = (seen[bit >>> 5] ?? 0) | (1 << (bit & 31));
    }
    let set = 0;
    for (const word of seen) set += popcount(word);
    // A scratch that is nearly full (a very long text) counts as full.
    return set >= bits - 1 ? bits : -bits * Math.log(1 - set / bits);
  }

  /** Lets go of large buffers (one very long body) once the warm-up is done. */
  release(): void {
    if (this.hashes.length > 2 ** 16) this.hashes = new Uint32Array(0);
    if (this.seen.length > 2 ** 14) this.seen = new Uint32Array(0);
  }
}

function popcount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Articles indexed per turn of the event loop while warming at start. */
const WARM_BATCH = 50;

/** Words the slab grows by: 1 MB at a time, so growing copies nothing. */
const SLAB_CHUNK_LOG2 = 18;
const SLAB_CHUNK_WORDS = 2 ** SLAB_CHUNK_LOG2;

/** Where a span's first word lies in its chunk. */
const baseOf = (span: SignatureSpan) => span.offset & (SLAB_CHUNK_WORDS - 1);

/**
 * Every signature in a few large word arrays instead of one typed array each: 20,000 small
 * arrays cost 170 bytes of objects and a separate allocation apiece. A replaced signature's words
 * are counted as waste, and the index moves the live ones to fresh chunks once waste is half.
 */
class SignatureSlab {
  private chunks: Uint32Array[] = [];
  /** Words handed out in the last chunk. */
  private used = SLAB_CHUNK_WORDS;
  private live = 0;
  private wasted = 0;

  allocate(words: number): SignatureSpan {
    if (this.used + words > SLAB_CHUNK_WORDS) {
      this.chunks.push(new Uint32Array(SLAB_CHUNK_WORDS));
      this.wasted += SLAB_CHUNK_WORDS - this.used;
      this.used = 0;
    }
    const offset = (this.chunks.length - 1) * SLAB_CHUNK_WORDS + this.used;
    this.used += words;
    this.live += words;
    return { offset, words };
  }

  release(span: SignatureSpan): void {
    this.live -= span.words;
    this.wasted += span.words;
  }

  get needsCompacting(): boolean {
    return this.wasted > SLAB_CHUNK_WORDS && this.wasted > this.live;
  }

  /** The word array a span lies in (its first word there is {@link baseOf}). */
  chunkOf(span: SignatureSpan): Uint32Array {
    const chunk = this.chunks[span.offset >>> SLAB_CHUNK_LOG2];
    if (!chunk) throw new Error(`signature at ${span.offset} lies outside the slab`);
    return chunk;
  }

  /** Copies a span's words into `target` (a fresh slab), returning where they now lie. */
  moveTo(target: SignatureSlab, span: SignatureSpan): SignatureSpan {
    const moved = target.allocate(span.words);
    const start = baseOf(span);
    target.chunkOf(moved).set(this.chunkOf(span).subarray(start, start + span.words), baseOf(moved));
    return moved;
  }
}

function queryPairHashes(needle: string): number[] {
  const hashes = new Set<number>();
  for (let index = 1; index < needle.length; index += 1)
    hashes.add(pairHash(needle.charCodeAt(index - 1), needle.charCodeAt(index)));
  return [...hashes];
}

/** The lower-cased text, or the text itself when lower-casing changes nothing (one string, not two). */
function lowerCased(text: string): string {
  const lower = text.toLowerCase();
  return lower === text ? text : lower;
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
  private slab = new SignatureSlab();
  private readonly pairs = new PairScratch();

  constructor(private readonly bodies: ArticleBodies) {}

  /** The articles that match, most relevant first; within a rank the input order is kept. */
  search(articles: readonly ArticleRecord[], query: string): ArticleRecord[] {
    const needle = normalizeQuery(query);
    if (!needle) return [...articles];
    const compiled = { needle, pairHashes: queryPairHashes(needle), inBody: new RegExp(escapeRegExp(needle), 'i') };
    if (this.slab.needsCompacting) this.compact();
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
    this.pairs.release();
  }

  private rank(article: ArticleRecord, { needle, pairHashes, inBody }: CompiledQuery): MatchRank | undefined {
    const entry = this.entryFor(article);
    if (entry.lowerTitle.includes(needle)) return RANK.title;
    if (entry.lowerTags.some((tag) => tag.includes(needle))) return RANK.tag;
    if (entry.lowerSummary.includes(needle)) return RANK.summary;
    if (this.mayContain(entry.signature, pairHashes) && inBody.test(this.bodies.body(article.id))) return RANK.body;
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
    const lowerTags = article.tags.map(lowerCased);
    const entry: SearchEntry = {
      title: article.title,
      tags: article.tags,
      summary: article.summary,
      bodyVersion,
      lowerTitle: lowerCased(article.title),
      lowerTags: lowerTags.every((tag, index) => tag === article.tags[index]) ? article.tags : lowerTags,
      lowerSummary: lowerCased(article.summary),
      // The body's filter is kept when only the title, tags or summary changed.
      signature:
        cached && cached.bodyVersion === bodyVersion
          ? cached.signature
          : this.signatureOf(this.bodies.body(article.id).toLowerCase(), cached?.signature),
    };
    this.entries.set(article.id, entry);
    return entry;
  }

  /** Builds a body's filter in the slab, giving back the words of the one it replaces. */
  private signatureOf(text: string, replaced: SignatureSpan | undefined): SignatureSpan {
    if (replaced) this.slab.release(replaced);
    const bits = Math.ceil(this.pairs.read(text) * BITS_PER_PAIR);
    const span = this.slab.allocate(Math.min(MAX_SIGNATURE_WORDS, Math.max(1, Math.ceil(bits / 32))));
    const size = span.words * 32;
    const words = this.slab.chunkOf(span);
    const base = baseOf(span);
    const { hashes, pairs } = this.pairs;
    for (let index = 0; index < pairs; index += 1) {
      const hash = hashes[index] ?? 0;
      const step = stepHash(hash);
      for (let probe = 0; probe < BITS_SET; probe += 1) {
        const bit = bitOf((hash + probe * step) >>> 0, size);
        words[base + (bit >>> 5)] = (words[base + (bit >>> 5)] ?? 0) | (1 << (bit & 31));
      }
    }
    return span;
  }

  /** False only when the body certainly does not contain the query; true means "scan to be sure". */
  private mayContain(span: SignatureSpan, pairHashes: readonly number[]): boolean {
    const size = span.words * 32;
    const words = this.slab.chunkOf(span);
    const base = baseOf(span);
    for (let pair = 0; pair < pairHashes.length; pair += 1) {
      const hash = pairHashes[pair] ?? 0;
      const step = stepHash(hash);
      for (let probe = 0; probe < BITS_SET; probe += 1) {
        const bit = bitOf((hash + probe * step) >>> 0, size);
        if (((words[base + (bit >>> 5)] ?? 0) & (1 << (bit & 31))) === 0) return false;
      }
    }
    return true;
  }

  /** Moves every live filter to a fresh slab, leaving the words of replaced ones behind. */
  private compact(): void {
    const fresh = new SignatureSlab();
    for (const entry of this.entries.values()) entry.signature = this.slab.moveTo(fresh, entry.signature);
    this.slab = fresh;
  }

  /** Drops entries of articles that are gone (purged or binned) once the index holds too many. */
  private forgetMissing(articles: readonly ArticleRecord[]): void {
    if (this.entries.size <= articles.length) return;
    const present = new Set(articles.map((article) => article.id));
    for (const [id, entry] of this.entries) {
      if (present.has(id)) continue;
      this.slab.release(entry.signature);
      this.entries.delete(id);
    }
  }
}
