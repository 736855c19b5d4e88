/**
 * Reads a WordPress export (WXR 1.0–1.2, as Tools → Export writes it, and what Typecho, Blogger
 * and Halo converters write) into a {@link BlogSource} (server/API.md §E21). The file is read as a
 * stream with sax, item by item: a 20 MB export never becomes one DOM.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BlogImportWordPressMessages as M, LIMITS, TAG_DISALLOWED_CHARS } from '@folio/shared';
import type { BlogImportSkip } from '@folio/shared';
import type { BlogSource, ReadInput, SourceComment, SourcePost } from './source.js';
import {
  bodyNeedsWholeExport,
  decodeEntities,
  wordPressBodyToMarkdown,
  wordPressCommentToMarkdown,
  wordPressHtmlToText,
  type WordPressAttachment,
} from './wordpress-content.js';
import { streamWxr } from './wxr-stream.js';
import type { RawComment, RawItem, WxrHandlers } from './wxr-stream.js';

const ZERO_DATE = /^0000-00-00/;
/** `2020-05-01 12:30:00` as WordPress writes every date. */
const WP_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const EXAMPLES_PER_SKIP = 3;
/** Posts converted at the end between two turns of the event loop, so the server keeps answering. */
const POSTS_PER_TURN = 20;

/**
 * Whether the opening of a file (its first few KB) is a WordPress export. By content, never by
 * name: WordPress writes a comment naming the format before `<rss>`; converters at least declare
 * the `wp` namespace.
 */
export function looksLikeWordPress(head: string): boolean {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (!text.startsWith('<')) return false;
  return (
    /WordPress eXtended RSS/i.test(text) ||
    /xmlns:wp\s*=\s*["']https?:\/\/wordpress\.org\/export\/1\.\d+\/?["']/.test(text) ||
    /<wp:wxr_version>/.test(text)
  );
}

/** A WordPress date as UTC milliseconds, reading it `offsetMinutes` ahead of UTC. */
function wpDateMs(text: string, offsetMinutes = 0): number | null {
  const match = WP_DATE.exec(text.trim());
  if (!match || ZERO_DATE.test(text)) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const ms = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  return Number.isNaN(ms) ? null : ms - offsetMinutes * 60_000;
}

/** Counts things left out by reason, with a few examples of each. */
class SkipCounter {
  private readonly byReason = new Map<string, BlogImportSkip>();
  add(reason: string, example: string): void {
    const skip = this.byReason.get(reason) ?? { reason, count: 0, examples: [] };
    skip.count += 1;
    if (skip.examples.length < EXAMPLES_PER_SKIP && example) skip.examples.push(example);
    this.byReason.set(reason, skip);
  }
  list(): BlogImportSkip[] {
    return [...this.byReason.values()];
  }
}

const POST_STATUS: Record<string, SourcePost['status'] | undefined> = {
  publish: 'published',
  draft: 'draft',
  pending: 'draft',
  private: 'draft',
  future: 'scheduled',
};

/** Builds the blog out of the items as the stream delivers them. */
class WxrAssembler implements WxrHandlers {
  readonly posts: SourcePost[] = [];
  readonly skips = new SkipCounter();
  readonly warnings: string[] = [];
  readonly attachments = new Map<string, WordPressAttachment>();
  private readonly reusableBlocks = new Map<string, string>();
  siteUrl: string | null;
  private readonly ownSiteUrl: boolean;
  /** The blog's distance from UTC, learnt from an item that gives both its local and GMT dates. */
  private offsetMinutes: number | null = null;
  /** Bodies to convert once the parser has gone through the step of the file that ended them. */
  private readonly conversions: (() => void)[] = [];
  /** Work that needs the whole file first: galleries, covers and reusable blocks name items listed later. */
  private readonly pending: {
    post: SourcePost;
    postId: string;
    deferredBody: string | null;
    thumbnailId: string;
    local: LocalDates;
  }[] = [];
  private readonly droppedTags = new Map<string, number>();
  private cappedTags = 0;

  constructor(siteUrl: string | null) {
    this.siteUrl = siteUrl;
    this.ownSiteUrl = siteUrl !== null;
  }

  /** The channel's `<link>`, else `wp:base_blog_url`, else `wp:base_site_url`: the first one given wins. */
  siteAddress(url: string): void {
    if (!this.ownSiteUrl && !this.siteUrl && /^https?:\/\//i.test(url.trim())) this.siteUrl = url.trim().replace(/\/+$/, '');
  }

  item(item: RawItem): void {
    const title = decodeEntities(item.title).trim();
    const example = title || M.untitled;
    if (item.postType === 'attachment') {
      this.attachments.set(item.postId, {
        id: item.postId,
        parentId: item.parentId,
        url: item.attachmentUrl.trim() || item.guid.trim(),
        caption: wordPressHtmlToText(item.excerpt),
        alt: item.meta.get('_wp_attachment_image_alt') ?? '',
      });
      return;
    }
    if (item.postType === 'wp_block') this.reusableBlocks.set(item.postId, item.content);
    if (item.postType !== 'post' && item.postType !== 'page') {
      this.skips.add(M.skippedPostType(item.postType), example);
      return;
    }
    if (item.status === 'trash') return this.skips.add(M.skippedTrash, example);
    if (item.status === 'auto-draft') return this.skips.add(M.skippedAutoDraft, example);
    const status = POST_STATUS[item.status];
    if (!status) return this.skips.add(M.skippedStatus(item.status), example);

    this.learnOffset(item.postDate, item.postDateGmt);
    // Term names are stored HTML-escaped (`Tom &amp; Jerry`).
    const [category = '', ...otherCategories] = item.categories.map((name) => decodeEntities(name).trim());
    const post: SourcePost = {
      sourceId: item.guid.trim() || item.postId,
      kind: item.postType === 'page' ? 'page' : 'post',
      title,
      content: '',
      status,
      slug: item.slug.trim(),
      summary: wordPressHtmlToText(item.excerpt).slice(0, LIMITS.articleSummary),
      category: category.slice(0, LIMITS.articleCategory),
      tags: this.validTags([...otherCategories, ...item.tags.map((name) => decodeEntities(name))]),
      cover: '',
      oldAddresses: this.oldAddresses(item),
      comments: this.comments(item.comments),
    };
    const modified = wpDateMs(item.modifiedGmt);
    if (modified !== null) post.modifiedAt = new Date(modified).toISOString();
    const local: LocalDates = { published: null, comments: new Map() };
    const published = wpDateMs(item.postDateGmt);
    if (published !== null) post.publishedAt = new Date(published).toISOString();
    // A draft never published has no GMT date: it has no publishing date either.
    else if (status !== 'draft') local.published = item.postDate;
    for (const comment of item.comments) {
      if (wpDateMs(comment.dateGmt) === null) local.comments.set(comment.id, comment.date);
    }
    // A gallery or a reusable block may be listed further down the file: such a body waits for the end.
    const deferredBody = bodyNeedsWholeExport(item.content) ? item.content : null;
    if (deferredBody === null) this.conversions.push(() => (post.content = this.markdown(item.postId, item.content)));
    this.pending.push({ post, postId: item.postId, deferredBody, thumbnailId: item.meta.get('_thumbnail_id') ?? '', local });
    this.posts.push(post);
  }

  /**
   * Converts the bodies of the posts the last step of the file ended, a turn of the event loop
   * after each: one long post takes tens of milliseconds, and a step can end several.
   */
  async afterStep(): Promise<void> {
    for (let convert = this.conversions.shift(); convert; convert = this.conversions.shift()) {
      convert();
      await nextTurn();
    }
  }

  /** What needed the whole file: galleries, covers and dates given only in the blog's time. */
  async finish(signal: AbortSignal): Promise<void> {
    let localDates = 0;
    const offset = this.offsetMinutes ?? 0;
    for (const [index, { post, postId, deferredBody, thumbnailId: thumbnail, local }] of this.pending.entries()) {
      if (index % POSTS_PER_TURN === 0) {
        await nextTurn();
        signal.throwIfAborted();
      }
      if (deferredBody !== null) post.content = this.markdown(postId, deferredBody);
      if (thumbnail) {
        const attachment = this.attachments.get(thumbnail);
        if (attachment) post.cover = attachment.url;
        else this.warnings.push(M.coverMissing(post.title || M.untitled, thumbnail));
      }
      if (local.published !== null) {
        const ms = wpDateMs(local.published, offset);
        if (ms !== null) {
          post.publishedAt = new Date(ms).toISOString();
          localDates += 1;
        }
      }
      for (const comment of post.comments) {
        const date = local.comments.get(comment.sourceId);
        const ms = date === undefined ? null : wpDateMs(date, offset);
        if (ms !== null) {
          comment.createdAt = new Date(ms).toISOString();
          localDates += 1;
        }
      }
    }
    if (localDates > 0 && this.offsetMinutes === null) this.warnings.push(M.localDatesAsUtc(localDates));
    for (const [tag, posts] of this.droppedTags) this.warnings.push(M.tagDropped(tag, posts));
    if (this.cappedTags > 0) this.warnings.push(M.tagsCapped(this.cappedTags, LIMITS.articleTags));
  }

  private markdown(postId: string, body: string): string {
    return wordPressBodyToMarkdown(body, {
      postId,
      attachments: this.attachments,
      baseUrl: this.siteUrl,
      reusableBlocks: this.reusableBlocks,
    });
  }

  private learnOffset(local: string, gmt: string): void {
    if (this.offsetMinutes !== null) return;
    const localMs = wpDateMs(local);
    const gmtMs = wpDateMs(gmt);
    if (localMs !== null && gmtMs !== null) this.offsetMinutes = Math.round((localMs - gmtMs) / 60_000);
  }

  /** Tags as Folio's rules allow them (server/API.md §9.1); the others dropped, and said so. */
  private validTags(names: readonly string[]): string[] {
    const tags: string[] = [];
    let joined = 0;
    let capped = false;
    for (const raw of names) {
      const tag = raw.replace(/\s+/g, ' ').trim();
      if (!tag || tags.includes(tag)) continue;
      if (tag.includes(',') || new RegExp(TAG_DISALLOWED_CHARS.source).test(tag) || tag.length > LIMITS.articleTagLength) {
        this.droppedTags.set(tag, (this.droppedTags.get(tag) ?? 0) + 1);
        continue;
      }
      const length = joined + (tags.length > 0 ? 1 : 0) + tag.length;
      if (tags.length >= LIMITS.articleTags || length > LIMITS.articleTagsJoined) {
        capped = true;
        continue;
      }
      tags.push(tag);
      joined = length;
    }
    if (capped) this.cappedTags += 1;
    return tags;
  }

  /** The permalink and WordPress's own `?p=` (or `?page_id=`) address, under the blog's path. */
  private oldAddresses(item: RawItem): string[] {
    const addresses = new Set<string>();
    const link = item.link.trim();
    if (link) addresses.add(link);
    if (/^\d+$/.test(item.postId)) {
      let basePath = '';
      try {
        if (this.siteUrl) basePath = new URL(this.siteUrl).pathname.replace(/\/+$/, '');
      } catch {
        basePath = '';
      }
      addresses.add(`${basePath}/?${item.postType === 'page' ? 'page_id' : 'p'}=${item.postId}`);
    }
    return [...addresses];
  }

  /** Approved and held comments, threaded; a reply to a comment left out answers its nearest kept ancestor. */
  private comments(raw: readonly RawComment[]): SourceComment[] {
    const parentOf = new Map(raw.map((comment) => [comment.id, comment.parentId]));
    const kept = new Set<string>();
    const comments: SourceComment[] = [];
    for (const comment of raw) {
      const author = decodeEntities(comment.author).trim() || M.anonymous;
      const example = `${author}：${wordPressHtmlToText(comment.content).slice(0, 30)}`;
      if (comment.type === 'pingback' || comment.type === 'trackback') {
        this.skips.add(M.skippedPingback, example);
        continue;
      }
      if (comment.approved === 'spam') {
        this.skips.add(M.skippedSpam, example);
        continue;
      }
      if (comment.approved === 'trash' || comment.approved === 'post-trashed') {
        this.skips.add(M.skippedCommentTrash, example);
        continue;
      }
      kept.add(comment.id);
      const created = wpDateMs(comment.dateGmt) ?? wpDateMs(comment.date) ?? 0;
      comments.push({
        sourceId: comment.id,
        parentSourceId: comment.parentId,
        author,
        email: comment.email.trim(),
        content: wordPressCommentToMarkdown(comment.content),
        createdAt: new Date(created).toISOString(),
        status: comment.approved === '1' || comment.approved === 'approve' ? 'published' : 'pending',
      });
    }
    for (const comment of comments) {
      let parent: string | null = comment.parentSourceId;
      const seen = new Set<string>();
      while (parent && parent !== '0' && !kept.has(parent) && !seen.has(parent)) {
        seen.add(parent);
        parent = parentOf.get(parent) ?? null;
      }
      comment.parentSourceId = parent && parent !== '0' && kept.has(parent) ? parent : null;
    }
    return comments;
  }
}

interface LocalDates {
  /** The post's `wp:post_date` when its GMT date is `0000-00-00 00:00:00`. */
  published: string | null;
  /** The same for comments, by comment id. */
  comments: Map<string, string>;
}

/**
 * Reads a WXR file (server/API.md §E21). Fails with a {@link BlogSourceError} (and no partial
 * result) when the file is not a WordPress export or its XML breaks anywhere; an abort throws the
 * signal's reason.
 */
export async function readWordPress(input: ReadInput): Promise<BlogSource> {
  input.signal.throwIfAborted();
  const blog = new WxrAssembler(input.options.site_url?.trim().replace(/\/+$/, '') || null);
  await streamWxr(input, blog);
  input.signal.throwIfAborted();
  await blog.finish(input.signal);
  return {
    format: 'wordpress',
    siteUrl: blog.siteUrl,
    posts: blog.posts,
    skipped: blog.skips.list(),
    archivedImages: new Map(),
    warnings: blog.warnings,
  };
}
