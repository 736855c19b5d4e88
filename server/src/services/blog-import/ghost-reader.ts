/**
 * A Ghost 5 or 6 export (Settings → Labs → Export: `{ db: [{ meta, data }] }`, or the same
 * `{ meta, data }` without `db`) read into a {@link BlogSource} (server/API.md §E21.3).
 *
 * - Bodies: `html`, as Ghost rendered it; without it, the Lexical JSON (see ghost-lexical.ts).
 *   A post with only Mobiledoc (Ghost 4 and older) is skipped with its reason: Ghost 5 renders
 *   every post's `html` into its exports, so an export taken again from a current Ghost has it.
 * - `__GHOST_URL__` (Ghost's stand-in for its own address in bodies and images) becomes the
 *   owner's `site_url`, else a `url` setting of the export; with neither known it is dropped, the
 *   links stay site paths (`/content/images/…`) and a warning says so.
 * - Ghost exports carry no comments (its native comments are not exported): posts have none.
 *
 * The whole file is parsed at once (JSON.parse): an export is far smaller than a WXR of the same
 * blog (no comments, one rendering of each body), and it is refused above {@link GHOST_MAX_BYTES}
 * before it is read.
 */
import { promises as fs } from 'node:fs';
import { BlogImportSourceMessages as M, LIMITS, tagsAreWellFormed, toIsoSeconds } from '@folio/shared';
import type { BlogImportSkip } from '@folio/shared';
import { LexicalError, lexicalToMarkdown } from './ghost-lexical.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import { BlogSourceError } from './source.js';
import type { BlogSource, ReadInput, SourcePost } from './source.js';

export const GHOST_MAX_BYTES = 50 * 1024 * 1024;
const GHOST_URL = /__GHOST_URL__/g;
const SKIP_EXAMPLES = 5;

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Whether a file's first bytes are a Ghost export: a JSON object with Ghost's `db`/`meta` and export marks. */
export function looksLikeGhost(head: string | Buffer): boolean {
  const start = (typeof head === 'string' ? head : head.toString('utf8')).replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('{')) return false;
  return /"(db|meta)"\s*:/.test(start) && /"(exported_on|schema_version)"\s*:|"posts"\s*:\s*\[/.test(start);
}

/** A Ghost timestamp (ISO with `Z`, or Ghost 1's `2019-01-02 03:04:05` in UTC, or milliseconds) as ISO UTC. */
function utc(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? toIsoSeconds(new Date(value)) : undefined;
  const written = text(value).trim();
  if (!written) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(written) ? written : `${written.replace(' ', 'T')}Z`;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? undefined : toIsoSeconds(date);
}

/** The export's `data`, in either shape; null when the file is no Ghost export. */
function exportData(parsed: unknown): Row | null {
  const outer = isRow(parsed) && Array.isArray(parsed.db) ? parsed.db[0] : parsed;
  const data = isRow(outer) ? outer.data : undefined;
  return isRow(data) && Array.isArray(data.posts) ? data : null;
}

class Skips {
  private readonly byReason = new Map<string, BlogImportSkip>();
  add(reason: string, example: string): void {
    const skip = this.byReason.get(reason) ?? { reason, count: 0, examples: [] };
    skip.count += 1;
    if (skip.examples.length < SKIP_EXAMPLES && example) skip.examples.push(example);
    this.byReason.set(reason, skip);
  }
  list(): BlogImportSkip[] {
    return [...this.byReason.values()];
  }
}

function siteUrlOf(input: ReadInput, settings: Row[]): string | null {
  const written = [
    input.options.site_url,
    ...settings.filter((row) => row.key === 'url' || row.key === 'site_url').map((row) => row.value),
  ];
  for (const candidate of written) {
    const value = text(candidate).trim();
    if (!/^https?:\/\//i.test(value)) continue;
    try {
      const url = new URL(value);
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      continue;
    }
  }
  return null;
}

/** Each post's public tag names in the order Ghost keeps them (`sort_order`); internal `#tags` left out. */
function tagsByPost(data: Row): Map<string, string[]> {
  const tags = new Map(rows(data.tags).map((tag) => [text(tag.id), tag]));
  const links = rows(data.posts_tags).sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
  const byPost = new Map<string, string[]>();
  for (const link of links) {
    const tag = tags.get(text(link.tag_id));
    const name = text(tag?.name).trim();
    if (!tag || !name || tag.visibility === 'internal' || name.startsWith('#')) continue;
    const postId = text(link.post_id);
    const names = byPost.get(postId) ?? [];
    if (!names.includes(name)) names.push(name);
    byPost.set(postId, names);
  }
  return byPost;
}

/** Reads a Ghost export; throws {@link BlogSourceError} for a file that is too large or no Ghost export. */
export async function readGhost(input: ReadInput): Promise<BlogSource> {
  const { size } = await fs.stat(input.path);
  if (size > GHOST_MAX_BYTES) throw new BlogSourceError(M.ghostTooLarge(GHOST_MAX_BYTES / 1024 / 1024));
  input.signal.throwIfAborted();
  let parsed: unknown;
  try {
    parsed = JSON.parse((await fs.readFile(input.path, 'utf8')).replace(/^\uFEFF/, ''));
  } catch {
    throw new BlogSourceError(M.ghostNotJson);
  }
  const data = exportData(parsed);
  if (!data) throw new BlogSourceError(M.ghostNoPosts);

  const siteUrl = siteUrlOf(input, rows(data.settings));
  const resolve = (value: string) => value.replace(GHOST_URL, siteUrl ?? '');
  // A Ghost installed under a path (`https://example.com/blog`) shows its posts under it.
  const sitePath = siteUrl ? new URL(siteUrl).pathname.replace(/\/+$/, '') : '';
  const tags = tagsByPost(data);
  const skips = new Skips();
  const warnings: string[] = [];
  let ghostUrlUnresolved = false;
  const posts: SourcePost[] = [];
  const all = rows(data.posts);

  all.forEach((row, index) => {
    input.signal.throwIfAborted();
    input.progress(index + 1, all.length);
    const title = text(row.title).trim();
    const html = text(row.html);
    const lexical = text(row.lexical);
    if (!siteUrl && /__GHOST_URL__/.test(`${html}${lexical}${text(row.feature_image)}`)) ghostUrlUnresolved = true;
    let content: string;
    if (html.trim()) content = htmlToMarkdown(resolve(html), { baseUrl: siteUrl });
    else if (lexical.trim()) {
      try {
        content = lexicalToMarkdown(resolve(lexical), { baseUrl: siteUrl });
      } catch (error) {
        if (!(error instanceof LexicalError)) throw error;
        return skips.add(M.skipGhostBrokenLexical, title);
      }
    } else return skips.add(text(row.mobiledoc).trim() ? M.skipGhostMobiledoc : M.skipGhostNoBody, title);

    const written = text(row.status);
    // `sent` is an email-only post: never on the site, so it comes in as a draft.
    const status = written === 'published' ? 'published' : written === 'scheduled' ? 'scheduled' : 'draft';
    if (written === 'sent') warnings.push(M.ghostEmailOnly(title));
    const publishedAt = status === 'draft' ? undefined : utc(row.published_at);
    const modifiedAt = utc(row.updated_at);
    const [category = '', ...rest] = tags.get(text(row.id)) ?? [];
    const slug = text(row.slug);
    posts.push({
      sourceId: text(row.id),
      kind: row.type === 'page' ? 'page' : 'post',
      title,
      content,
      status,
      ...(publishedAt ? { publishedAt } : {}),
      ...(modifiedAt ? { modifiedAt } : {}),
      slug,
      summary: text(row.custom_excerpt).trim(),
      category: category.slice(0, LIMITS.articleCategory),
      tags: rest.filter((tag) => tagsAreWellFormed(tag)).slice(0, LIMITS.articleTags),
      cover: resolve(text(row.feature_image)),
      // Ghost shows posts and pages alike at /<slug>/ (its default routes); a draft was never shown.
      oldAddresses: status === 'published' && slug ? [`${sitePath}/${slug}/`] : [],
      comments: [],
    });
  });
  if (ghostUrlUnresolved) warnings.unshift(M.ghostSiteUrlUnknown);

  return { format: 'ghost', siteUrl, posts, skipped: skips.list(), archivedImages: new Map(), warnings };
}
