/**
 * 本地导入, step one: find the Markdown files the owner picked (files or folders, recursively)
 * and preview each one as it would be imported, with its problems.
 *
 * API:
 * - `collectMarkdownFiles(paths): Promise<FoundFile[]>` — `.md`/`.markdown`, folders walked
 *   recursively (hidden folders and node_modules skipped), sorted, each file once.
 * - `previewFile(file, titles): Promise<ImportPreview>` — parsed title, date, updated,
 *   category, tags, summary, cover, images (resolved and checked), problems, `blocking`, and
 *   `duplicateOf` when a server article has the same title.
 * - `scanForImport(paths, titles): Promise<ImportPreview[]>`
 * - `checkArticle(title, parsed)` — the server's write rules applied before anything is sent.
 * - `readMarkdownFile(file)` — at most 1 MB, strict UTF-8, or the problem.
 * - `titleIndex(items)` — server title -> { id, revision } for duplicate detection.
 * - Problem kinds: 'no-title' | 'bad-tag' | 'bad-date' | 'bad-cover' | 'front-matter' |
 *   'missing-image' | 'not-utf8' | 'too-large' | 'body-empty' | 'unreadable' | 'invalid'.
 *   `blocking` is true when the file cannot be imported as it is.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DesktopMessages as D, LIMITS, articleCreateSchema, isValidCover } from '@folio/shared';
import { FrontMatterError, MARKDOWN_FILE_NAME, parseMarkdownArticle, titleFromFileName } from '@folio/shared/front-matter';
import type { ParsedMarkdown } from '@folio/shared/front-matter';
import type { ArticleCreateRequest } from '@folio/shared';
import { findImageRefs, localImagePath } from './image-links.js';
import type { ImageRef } from './image-links.js';

export interface FoundFile {
  path: string;
  /** Path relative to the picked folder (the file name for a picked file), with `/`. */
  relativePath: string;
}

export type ProblemKind =
  | 'no-title'
  | 'bad-tag'
  | 'bad-date'
  | 'bad-cover'
  | 'front-matter'
  | 'missing-image'
  | 'not-utf8'
  | 'too-large'
  | 'body-empty'
  | 'unreadable'
  | 'invalid';

export interface ImportProblem {
  kind: ProblemKind;
  message: string;
}

export interface PreviewImage {
  ref: ImageRef;
  /** The local file, when the reference is a local one. */
  file?: string;
  exists: boolean;
}

export interface ServerTitle {
  id: number;
  revision: number | null;
}

export interface ImportPreview extends FoundFile {
  title: string;
  date: string | undefined;
  updated: string | undefined;
  category: string;
  tags: string[];
  summary: string;
  /** The cover as written, and the local file it names (to upload) when it is one. */
  cover: string;
  coverFile: string | undefined;
  images: PreviewImage[];
  problems: ImportProblem[];
  blocking: boolean;
  duplicateOf: (ServerTitle & { title: string }) | null;
}

const SKIPPED_FOLDERS = new Set(['node_modules']);

async function walk(dir: string, root: string, found: FoundFile[]): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await walk(full, root, found);
    } else if (entry.isFile() && MARKDOWN_FILE_NAME.test(entry.name)) {
      found.push({ path: full, relativePath: path.relative(root, full).split(path.sep).join('/') });
    }
  }
}

export async function collectMarkdownFiles(paths: readonly string[]): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  for (const picked of paths) {
    const absolute = path.resolve(picked);
    const info = await fs.stat(absolute).catch(() => undefined);
    if (info?.isDirectory()) await walk(absolute, absolute, found);
    else if (info?.isFile() && MARKDOWN_FILE_NAME.test(absolute))
      found.push({ path: absolute, relativePath: path.basename(absolute) });
  }
  const seen = new Set<string>();
  return found
    .filter((file) => !seen.has(file.path) && seen.add(file.path))
    .sort((a, b) => a.relativePath.localeCompare(b.relativePath, 'zh-CN'));
}

export function titleIndex(items: readonly { id: number; title: string; revision: number | null }[]): Map<string, ServerTitle> {
  return new Map(items.map((item) => [item.title, { id: item.id, revision: item.revision }]));
}

async function exists(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => undefined))?.isFile() ?? false;
}

/** A local image, or undefined when the target is a web address (or a site path like /img/a.png). */
async function resolveImage(target: string, markdownFile: string): Promise<{ file?: string; exists: boolean }> {
  const file = localImagePath(target, markdownFile);
  if (!file) return { exists: true };
  if (await exists(file)) return { file, exists: true };
  // `/images/a.png` in a Hugo or Hexo post is usually a path on the site, not on this disk.
  if (target.startsWith('/') && !target.startsWith('//')) return { exists: true };
  return { file, exists: false };
}

function blank(file: FoundFile, problems: ImportProblem[]): ImportPreview {
  return {
    ...file,
    title: titleFromFileName(file.relativePath),
    date: undefined,
    updated: undefined,
    category: '',
    tags: [],
    summary: '',
    cover: '',
    coverFile: undefined,
    images: [],
    problems,
    blocking: true,
    duplicateOf: null,
  };
}

/** Reads a Markdown file as the server's import does: at most 1 MB, strict UTF-8. */
export async function readMarkdownFile(file: string): Promise<{ text: string } | { problem: ImportProblem }> {
  let bytes: Buffer;
  try {
    const info = await fs.stat(file);
    if (info.size > LIMITS.markdownFileBytes) return { problem: { kind: 'too-large', message: D.importTooLarge } };
    bytes = await fs.readFile(file);
  } catch {
    return { problem: { kind: 'unreadable', message: D.importFileUnreadable } };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { problem: { kind: 'not-utf8', message: D.importNotUtf8 } };
  }
}

/** The article the server would get, checked by the same schema as the server's write rules (server/API.md §9.1). */
export function checkArticle(
  title: string,
  parsed: ParsedMarkdown,
): { ok: true; article: ArticleCreateRequest } | { ok: false; message: string } {
  if (!parsed.content) return { ok: false, message: D.importBodyEmpty };
  const checked = articleCreateSchema.safeParse({
    title,
    content: parsed.content,
    category: parsed.category,
    tags: parsed.tags,
    summary: parsed.summary,
  });
  if (checked.success) return { ok: true, article: checked.data };
  return { ok: false, message: checked.error.issues[0]?.message ?? D.importFileUnreadable };
}

export async function previewFile(file: FoundFile, titles: ReadonlyMap<string, ServerTitle>): Promise<ImportPreview> {
  const read = await readMarkdownFile(file.path);
  if ('problem' in read) return blank(file, [read.problem]);
  let parsed: ParsedMarkdown;
  try {
    parsed = parseMarkdownArticle(read.text);
  } catch (error) {
    if (error instanceof FrontMatterError) return blank(file, [{ kind: 'front-matter', message: error.message }]);
    throw error;
  }
  const problems: ImportProblem[] = parsed.warnings.map((warning) => ({
    kind: warning.kind === 'tag' ? 'bad-tag' : 'bad-date',
    message: warning.message,
  }));
  if (!parsed.title) problems.push({ kind: 'no-title', message: D.importNoTitle });
  const title = parsed.title || titleFromFileName(file.relativePath);

  const images: PreviewImage[] = [];
  for (const ref of findImageRefs(parsed.content)) {
    const resolved = await resolveImage(ref.target, file.path);
    images.push({ ref, ...resolved });
    if (!resolved.exists) problems.push({ kind: 'missing-image', message: D.importImageMissing(ref.target) });
  }

  let coverFile: string | undefined;
  if (parsed.cover) {
    const resolved = await resolveImage(parsed.cover, file.path);
    if (resolved.file) coverFile = resolved.file;
    if (!resolved.exists) problems.push({ kind: 'missing-image', message: D.importImageMissing(parsed.cover) });
    else if (!resolved.file && !isValidCover(parsed.cover)) problems.push({ kind: 'bad-cover', message: D.importCoverInvalid });
  }

  const checked = checkArticle(title, parsed);
  if (!checked.ok) problems.push({ kind: parsed.content ? 'invalid' : 'body-empty', message: checked.message });
  const blocking = !checked.ok;

  const duplicate = titles.get(title);
  return {
    ...file,
    title,
    date: parsed.date,
    updated: parsed.updated,
    category: parsed.category,
    tags: parsed.tags,
    summary: parsed.summary,
    cover: parsed.cover,
    coverFile,
    images,
    problems,
    blocking,
    duplicateOf: duplicate ? { ...duplicate, title } : null,
  };
}

export async function scanForImport(
  paths: readonly string[],
  titles: ReadonlyMap<string, ServerTitle>,
): Promise<ImportPreview[]> {
  const previews: ImportPreview[] = [];
  for (const file of await collectMarkdownFiles(paths)) previews.push(await previewFile(file, titles));
  return previews;
}
