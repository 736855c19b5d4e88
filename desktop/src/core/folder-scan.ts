/**
 * 本地导入, step one: find the Markdown files the owner picked (files or folders, recursively)
 * and preview each one as it would be imported, with its problems.
 *
 * API:
 * - `collectMarkdownFiles(paths): Promise<FoundFile[]>` — `.md`/`.markdown`, folders walked
 *   recursively (hidden folders and node_modules skipped), sorted, each file once; `root` is
 *   the picked folder (a picked file's own folder), where site-root image links are looked for.
 * - `previewFile(file, titles): Promise<ImportPreview>` — parsed title, date, updated,
 *   category, tags, summary, cover, images (resolved and checked), problems, `blocking`, and
 *   `duplicateOf` when a server article has the same title.
 * - `scanForImport(paths, titles): Promise<ImportPreview[]>` — also flags files of the same
 *   title among the picked ones (`sameTitleAs`).
 * - `readForImport(file)` — the text parsed as the import reads it (see {@link readForImport}).
 * - `checkArticle(title, parsed)` — the server's write rules applied before anything is sent.
 * - `readMarkdownFile(file)` — at most 1 MB, strict UTF-8, or the problem.
 * - `titleIndex(items)` — server title -> { id, revision } for duplicate detection.
 * - Problem kinds: 'no-title' | 'bad-tag' | 'bad-date' | 'bad-cover' | 'front-matter' |
 *   'missing-image' | 'unsupported-image' | 'categories-as-tags' | 'same-title' | 'not-utf8' |
 *   'too-large' | 'body-empty' | 'unreadable' | 'invalid'. `blocking` is true when the file
 *   cannot be imported as it is; a 'missing-image' file goes in only once the owner accepts
 *   its broken links.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DesktopMessages as D, FolderImportMessages as F, LIMITS, articleCreateSchema, isValidCover } from '@folio/shared';
import { MARKDOWN_FILE_NAME, titleFromFileName } from '@folio/shared/front-matter';
import type { ParsedMarkdown } from '@folio/shared/front-matter';
import type { ArticleCreateRequest } from '@folio/shared';
import { parseForImport } from '@folio/shared/markdown-import-parse';
import { findImageRefs } from './image-links.js';
import type { ImageRef } from './image-links.js';
import { imageProblem, judgeImage } from './import-images.js';
import type { ImageVerdict } from './import-images.js';

export interface FoundFile {
  path: string;
  /** Path relative to the picked folder (the file name for a picked file), with `/`. */
  relativePath: string;
  /** The picked folder (a picked file's own folder): the site root for `/images/…` links. */
  root: string;
}

export type ProblemKind =
  | 'no-title'
  | 'bad-tag'
  | 'bad-date'
  | 'bad-cover'
  | 'front-matter'
  | 'missing-image'
  | 'unsupported-image'
  | 'categories-as-tags'
  | 'same-title'
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
  verdict: ImageVerdict;
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
  /** Other picked files with the same title (relative paths); empty when the title is unique. */
  sameTitleAs: string[];
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
      found.push({ path: full, relativePath: path.relative(root, full).split(path.sep).join('/'), root });
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
      found.push({ path: absolute, relativePath: path.basename(absolute), root: path.dirname(absolute) });
  }
  const seen = new Set<string>();
  return found
    .filter((file) => !seen.has(file.path) && seen.add(file.path))
    .sort((a, b) => a.relativePath.localeCompare(b.relativePath, 'zh-CN'));
}

export function titleIndex(items: readonly { id: number; title: string; revision: number | null }[]): Map<string, ServerTitle> {
  return new Map(items.map((item) => [item.title, { id: item.id, revision: item.revision }]));
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
    sameTitleAs: [],
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
  const { parsed, notes, frontMatterBroken } = parseForImport(read.text, file.relativePath);
  const problems: ImportProblem[] = [...notes];
  if (parsed.titleSource === 'none' && !frontMatterBroken) problems.push({ kind: 'no-title', message: D.importNoTitle });
  const title = parsed.title;

  const images: PreviewImage[] = [];
  for (const ref of findImageRefs(parsed.content)) {
    const judged = await judgeImage(ref.target, file.path, file.root);
    images.push({ ref, file: judged.file, exists: judged.kind !== 'missing', verdict: judged.kind });
    const message = imageProblem(ref.target, judged);
    if (message) problems.push({ kind: judged.kind === 'missing' ? 'missing-image' : 'unsupported-image', message });
  }

  let coverFile: string | undefined;
  if (parsed.cover) {
    const judged = await judgeImage(parsed.cover, file.path, file.root);
    if (judged.kind === 'ok') coverFile = judged.file;
    const message = imageProblem(parsed.cover, judged);
    if (message) problems.push({ kind: judged.kind === 'missing' ? 'missing-image' : 'unsupported-image', message });
    else if (judged.kind === 'web' && !isValidCover(parsed.cover))
      problems.push({ kind: 'bad-cover', message: D.importCoverInvalid });
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
    sameTitleAs: [],
  };
}

/** Flags each file whose title another picked file has too: importing both makes two articles of one title. */
function flagSameTitles(previews: ImportPreview[]): void {
  const byTitle = new Map<string, ImportPreview[]>();
  for (const preview of previews) {
    if (preview.blocking || !preview.title) continue;
    byTitle.set(preview.title, [...(byTitle.get(preview.title) ?? []), preview]);
  }
  for (const group of byTitle.values()) {
    if (group.length < 2) continue;
    for (const preview of group) {
      preview.sameTitleAs = group.filter((other) => other !== preview).map((other) => other.relativePath);
      preview.problems.push({ kind: 'same-title', message: F.sameTitleInFolder(preview.sameTitleAs.join('、')) });
    }
  }
}

export async function scanForImport(
  paths: readonly string[],
  titles: ReadonlyMap<string, ServerTitle>,
): Promise<ImportPreview[]> {
  const previews: ImportPreview[] = [];
  for (const file of await collectMarkdownFiles(paths)) previews.push(await previewFile(file, titles));
  flagSameTitles(previews);
  return previews;
}
