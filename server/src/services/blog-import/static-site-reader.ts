/**
 * A static site's source tree in a zip (Hexo, Hugo, Jekyll, or only Markdown files) read into a
 * {@link BlogSource} (server/API.md §E21.4). Each Markdown file is read by the desktop's folder
 * import rule (`@folio/shared/markdown-import-parse`); the generator decides which files are
 * posts, pages or drafts, the addresses they had (its permalink pattern, or the owner's), and
 * where the images the zip carries were published, so the posts' links to them are found.
 *
 * Image links are written as the old site showed them: a relative link (a Hugo bundle's
 * `./a.png`, Hexo's `{% asset_img a.png %}`) becomes the image's site path, and every site path
 * becomes absolute on the old site's address when it is known; `archivedImages` holds each image
 * under its path in the zip, its site paths and those absolute addresses.
 */
import { BlogImportSourceMessages as M, DEFAULT_MAX_IMAGE_MB, FolderImportMessages as F } from '@folio/shared';
import type { BlogImportSkip } from '@folio/shared';
import { MARKDOWN_FILE_NAME } from '@folio/shared/front-matter';
import { parseForImport } from '@folio/shared/markdown-import-parse';
import type { ImportParse } from '@folio/shared/markdown-import-parse';
import { BlogSourceError } from './source.js';
import type { ArchivedImage, BlogSource, ReadInput, SourcePost } from './source.js';
import { addressesOf, configOf, slugOf } from './static-site-addresses.js';
import type { SiteConfig } from './static-site-addresses.js';
import { detectLayout, hasHexoConfigKeys, publishedPathOf, roleOf } from './static-site-layout.js';
import type { SiteLayout } from './static-site-layout.js';
import { DEFAULT_ZIP_LIMITS, InflateBudget, listZip, readZipFile, readZipFiles } from './zip-archive.js';
import type { ZipFileEntry, ZipLimits } from './zip-archive.js';

export { looksLikeZip } from './zip-archive.js';

const MB = 1024 * 1024;
/** A Markdown file larger than this is no blog post (the desktop reads at most 1 MB). */
const MAX_MARKDOWN_BYTES = 4 * MB;
/** The types the image pipeline takes (server/src/services/images.ts); others stay links. */
const IMAGE_FILE = /\.(jpe?g|png|gif|webp)$/i;
const SKIP_EXAMPLES = 5;
/** No image the pipeline takes is larger (server/API.md §E14); a larger entry is never inflated. */
const MAX_IMAGE_BYTES = DEFAULT_MAX_IMAGE_MB * MB;

class Skips {
  private readonly byReason = new Map<string, BlogImportSkip>();
  add(reason: string, example: string): void {
    const skip = this.byReason.get(reason) ?? { reason, count: 0, examples: [] };
    skip.count += 1;
    if (skip.examples.length < SKIP_EXAMPLES) skip.examples.push(example);
    this.byReason.set(reason, skip);
  }
  list(): BlogImportSkip[] {
    return [...this.byReason.values()];
  }
}

interface ReadPost {
  /** Its path inside the tree (the layout's root taken off). */
  path: string;
  archivePath: string;
  read: ImportParse;
  kind: 'post' | 'page';
  draft: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeText(bytes: Buffer): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

const directoryOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const stemOf = (path: string) => (path.split('/').pop() ?? '').replace(/\.[^.]+$/, '');

/** A link's target without its `<>`, query and fragment, percent-decoding undone when it can be. */
function linkTarget(raw: string): string {
  const bare = raw.replace(/^<|>$/g, '').replace(/[?#].*$/, '');
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

/** `a/b/../c` as `a/c`; null when it climbs above the tree. */
function normalise(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** Hexo's `{% asset_img a.png title %}` and Hugo's `{{< figure src="a.png" alt="t" >}}` as Markdown images. */
function generatorImageTags(markdown: string): string {
  return markdown
    .replace(
      /\{%\s*asset_img\s+(\S+)(?:\s+([^%]*?))?\s*%\}/g,
      (_all, src: string, title?: string) => `![${(title ?? '').replace(/^"|"$/g, '')}](${src})`,
    )
    .replace(/\{\{<\s*figure\s+([^>]*?)\s*>\}\}/g, (all, attributes: string) => {
      const read = (name: string) => new RegExp(`${name}=(?:"([^"]*)"|'([^']*)'|(\\S+))`).exec(attributes);
      const src = read('src');
      const alt = read('alt') ?? read('title') ?? read('caption');
      const value = (match: RegExpExecArray | null) => match?.[1] ?? match?.[2] ?? match?.[3] ?? '';
      return src ? `![${value(alt)}](${value(src)})` : all;
    });
}

interface ImageIndex {
  /** Tree path of each image the zip carries. */
  files: Set<string>;
  /** Tree path -> the site path the old site showed it at. */
  sitePathOf: Map<string, string>;
}

/** Where a post's image link points: the image's tree path, when the zip carries it. */
function findImage(link: string, post: ReadPost, layout: SiteLayout, images: ImageIndex): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(link)) return null;
  if (link.startsWith('/')) {
    for (const [path, sitePath] of images.sitePathOf) if (sitePath === link) return path;
    return null;
  }
  const beside = normalise(directoryOf(post.path) + link);
  if (beside !== null && images.files.has(beside)) return beside;
  // Hexo's post asset folder: `source/_posts/hello.md` keeps its images in `source/_posts/hello/`.
  if (layout.generator === 'hexo') {
    const inAssetFolder = normalise(`${directoryOf(post.path)}${stemOf(post.path)}/${link}`);
    if (inAssetFolder !== null && images.files.has(inAssetFolder)) return inAssetFolder;
  }
  return null;
}

function absolute(origin: string | null, sitePath: string): string {
  return origin ? `${origin}${sitePath}` : sitePath;
}

/** The address a post's image link is written with: the old site's, absolute when known. */
function rewriteLink(link: string, post: ReadPost, layout: SiteLayout, images: ImageIndex, origin: string | null): string | null {
  const target = linkTarget(link.trim());
  if (!target || target.startsWith('#') || /^data:/i.test(target)) return null;
  const found = findImage(target, post, layout, images);
  const sitePath = found ? images.sitePathOf.get(found) : target.startsWith('/') && !target.startsWith('//') ? target : undefined;
  return sitePath ? absolute(origin, sitePath) : null;
}

function rewriteImages(markdown: string, post: ReadPost, layout: SiteLayout, images: ImageIndex, origin: string | null): string {
  const swap = (whole: string, before: string, link: string, after: string) => {
    const rewritten = rewriteLink(link, post, layout, images, origin);
    return rewritten ? `${before}${rewritten}${after}` : whole;
  };
  return generatorImageTags(markdown)
    .replace(/(!\[[^\]]*\]\(\s*)(<[^>]+>|[^)\s]+)(\s*(?:"[^"]*"|'[^']*')?\s*\))/g, swap)
    .replace(/(<img\b[^>]*?\bsrc\s*=\s*["'])([^"']+)(["'])/gi, swap);
}

/** Reads the zip's posts, pages, drafts and images; throws {@link BlogSourceError} for a zip it refuses. */
export async function readStaticSite(input: ReadInput, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<BlogSource> {
  const { signal } = input;
  const budget = new InflateBudget(limits.maxTotalBytes);
  const entries = await listZip(input.path, limits, signal);
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  if (!entries.some((entry) => MARKDOWN_FILE_NAME.test(entry.path))) throw new BlogSourceError(M.zipNoMarkdown);

  const texts = new Map<string, string>();
  const readTexts = async (paths: string[]) => {
    const wanted = paths.map((path) => byPath.get(path)).filter((entry): entry is ZipFileEntry => entry !== undefined);
    await readZipFiles(input.path, wanted, budget, signal, (file, bytes) => {
      const text = decodeText(bytes);
      if (text !== null) texts.set(file.path, text);
    });
  };

  // Hexo and Jekyll both keep a `_config.yml`: only Hexo's has these keys.
  const candidateConfigs = entries.filter((entry) => /(^|\/)_config\.yml$/.test(entry.path) && entry.path.split('/').length <= 2);
  await readTexts(candidateConfigs.filter((entry) => entry.declaredSize <= MAX_MARKDOWN_BYTES).map((entry) => entry.path));
  const layout = detectLayout(
    entries.map((entry) => entry.path),
    (path) => hasHexoConfigKeys(texts.get(path) ?? ''),
  );
  await readTexts(layout.configFiles.filter((path) => !texts.has(path)));
  const config: SiteConfig = configOf(layout, texts, input.options);
  const inTree = (path: string) => path.startsWith(layout.root);
  const treePath = (path: string) => path.slice(layout.root.length);

  const skips = new Skips();
  const warnings: string[] = [];
  const markdownEntries: ZipFileEntry[] = [];
  const roles = new Map<string, { kind: 'post' | 'page'; draft: boolean }>();
  for (const entry of entries) {
    if (!MARKDOWN_FILE_NAME.test(entry.path)) continue;
    const role = inTree(entry.path)
      ? roleOf(layout.generator, treePath(entry.path))
      : ({ kind: 'skip', reason: 'outside-posts' } as const);
    if (role.kind === 'skip') skips.add(role.reason === 'list-page' ? M.skipListPage : M.skipOutsidePosts, entry.path);
    else if (entry.declaredSize > MAX_MARKDOWN_BYTES) skips.add(M.skipMarkdownTooLarge(MAX_MARKDOWN_BYTES / MB), entry.path);
    else {
      roles.set(entry.path, role);
      markdownEntries.push(entry);
    }
  }

  const posts: ReadPost[] = [];
  let done = 0;
  input.progress(0, markdownEntries.length);
  await readZipFiles(input.path, markdownEntries, budget, signal, (file, bytes) => {
    input.progress(++done, markdownEntries.length);
    const text = decodeText(bytes);
    const role = roles.get(file.path);
    if (text === null || !role) return skips.add(M.skipNotUtf8, file.path);
    const path = treePath(file.path);
    const read = parseForImport(text, path);
    for (const note of read.notes) warnings.push(M.fileNote(file.path, note.message));
    posts.push({ path, archivePath: file.path, read, kind: role.kind, draft: role.draft || read.parsed.draft });
  });

  const imageEntries = entries.filter((entry) => inTree(entry.path) && IMAGE_FILE.test(entry.path));
  const images: ImageIndex = { files: new Set(imageEntries.map((entry) => treePath(entry.path))), sitePathOf: new Map() };
  for (const entry of imageEntries) {
    const sitePath = publishedPathOf(layout.generator, treePath(entry.path));
    if (sitePath) images.sitePathOf.set(treePath(entry.path), config.pathPrefix + sitePath);
  }

  const now = Date.now();
  const sourcePosts: SourcePost[] = posts.map((post) => {
    const { parsed } = post.read;
    const oldAddresses = post.draft ? [] : addressesOf(layout, config, post.path, post.read, post.kind);
    // A bundle's or a Hexo asset folder's images are published beside the post, at its address.
    const home = oldAddresses[0];
    const assetFolder =
      layout.generator === 'hugo' && /(^|\/)index\.(md|markdown)$/.test(post.path)
        ? directoryOf(post.path)
        : layout.generator === 'hexo'
          ? `${directoryOf(post.path)}${stemOf(post.path)}/`
          : null;
    if (assetFolder && home?.endsWith('/')) {
      for (const image of images.files)
        if (image.startsWith(assetFolder)) images.sitePathOf.set(image, home + image.slice(assetFolder.length));
    }
    const date = parsed.date;
    const future = date !== undefined && Date.parse(date) > now;
    const status = post.draft ? 'draft' : future ? 'scheduled' : 'published';
    return {
      sourceId: post.archivePath,
      kind: post.kind,
      title: parsed.title,
      content: parsed.content,
      status,
      ...(status !== 'draft' && date ? { publishedAt: date } : {}),
      ...(parsed.updated ? { modifiedAt: parsed.updated } : {}),
      slug: slugOf(layout, config, post.path, post.read),
      summary: parsed.summary,
      category: parsed.category,
      tags: parsed.tags,
      cover: parsed.cover,
      oldAddresses,
      comments: [],
    };
  });
  // Links are rewritten once every image's site path is known (a bundle's comes from its post).
  sourcePosts.forEach((sourcePost, index) => {
    const post = posts[index];
    if (!post) return;
    sourcePost.content = rewriteImages(sourcePost.content, post, layout, images, config.origin);
    if (sourcePost.cover)
      sourcePost.cover = rewriteLink(sourcePost.cover, post, layout, images, config.origin) ?? sourcePost.cover;
  });

  const archivedImages = new Map<string, ArchivedImage>();
  for (const entry of imageEntries) {
    const image: ArchivedImage = {
      path: entry.path,
      // The header's size is an upper bound here: yauzl stops an entry inflating past it.
      read: () =>
        entry.declaredSize > MAX_IMAGE_BYTES
          ? Promise.reject(new Error(F.imageTooLarge(entry.path)))
          : readZipFile(input.path, entry, budget, signal),
    };
    archivedImages.set(entry.path, image);
    const sitePath = images.sitePathOf.get(treePath(entry.path));
    if (!sitePath) continue;
    archivedImages.set(sitePath, image);
    if (config.origin) archivedImages.set(absolute(config.origin, sitePath), image);
  }

  return {
    format: 'static-site',
    siteUrl: config.siteUrl,
    posts: sourcePosts,
    skipped: skips.list(),
    archivedImages,
    warnings,
  };
}
