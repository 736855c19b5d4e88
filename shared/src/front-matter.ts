/**
 * Markdown front matter as Hexo, Hugo and Jekyll write it: the one rule that the server's
 * Markdown import and the desktop's folder import both follow (server/API.md §9.9, steps 2-4).
 *
 * API:
 * - `parseMarkdownArticle(text): ParsedMarkdown` — splits YAML (`---`) or TOML (`+++`) front
 *   matter off a Markdown text and reads the article fields; throws {@link FrontMatterError}
 *   (message `Front matter 解析失败`) when the block is unreadable or not a mapping.
 * - `parseFrontMatterDate(value): string | undefined` — a YAML/TOML date as a server/API.md §1.4 timestamp.
 * - `articleDatesOf(parsed)` — `created_at` and `updated_at` by the dates rule of server/API.md §E4.
 * - `MARKDOWN_FILE_NAME` — the `.md` / `.markdown` name rule; `titleFromFileName(name)`.
 * - `readFrontMatterFields(text)` — the raw fields, lower-cased keys, `{}` when unreadable.
 *
 * Fields: `title`; `date`; `updated` (or `lastmod`, Hugo's name); `category` or `categories`
 * (string or list, first non-empty item; the others in `otherCategories`); `tags` (list or comma string); `summary`,
 * `description` or `excerpt`; `cover`, `image` or `thumbnail`; `draft: true` (Hugo's),
 * `published: false` (Jekyll's) or a `status` other than `publish` for a draft, with YAML 1.1's
 * `yes`/`no`/`on`/`off` in any case, and a draft when the value is neither. Keys are read in any
 * case, as Hugo reads them. A bad tag or date is dropped with a warning. `cover` is returned as written: the server checks it is a URL, the desktop may
 * find a local file there to upload.
 *
 * Node-free and browser-safe; imported as `@folio/shared/front-matter` so the web bundle only
 * carries `yaml` and `smol-toml` if it asks for them.
 */
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { ServerMessages as M } from './messages/index.js';
import { tagsAreWellFormed } from './tags.js';
import { toIsoSeconds } from './timestamps.js';

export const MARKDOWN_FILE_NAME = /\.(md|markdown)$/i;

export type FrontMatterFormat = 'yaml' | 'toml' | 'none';

export type FrontMatterWarningKind = 'tag' | 'date' | 'updated';

export interface FrontMatterWarning {
  kind: FrontMatterWarningKind;
  message: string;
}

export interface ParsedMarkdown {
  format: FrontMatterFormat;
  /** Front-matter title, else the first `# ` heading outside code fences; '' when neither. */
  title: string;
  titleSource: 'front-matter' | 'heading' | 'none';
  /** The body, trimmed, without the front matter and without a heading used as the title. */
  content: string;
  category: string;
  /** The `categories` items after the one taken as `category` (Hexo lists several), in order. */
  otherCategories: string[];
  tags: string[];
  summary: string;
  /** The cover as written (URL, root-relative path, or a local file path); '' when none. */
  cover: string;
  /** Timestamps as server/API.md §1.4 writes them; undefined when absent or dropped. */
  date: string | undefined;
  updated: string | undefined;
  /** The file is a draft: it is imported as one and stays unseen by readers (server/API.md §E8). */
  draft: boolean;
  warnings: FrontMatterWarning[];
}

/**
 * The front matter block cannot be read: bad YAML/TOML, unclosed, or not a mapping. `body` is
 * what follows the block (the whole text when it never closes), for an importer that keeps it.
 */
export class FrontMatterError extends Error {
  constructor(
    readonly format: Exclude<FrontMatterFormat, 'none'>,
    readonly body: string,
  ) {
    super(M.mdFrontMatterInvalid);
    this.name = 'FrontMatterError';
  }
}

const FENCE_LINE = /^\s{0,3}(```|~~~)/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Jekyll writes `2019-03-04 09:30:00 +0800`: a space may stand before the offset.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const DELIMITERS = { yaml: '---', toml: '+++' } as const;

function splitFrontMatter(text: string): { format: FrontMatterFormat; fields: Record<string, unknown>; body: string } {
  const lines = text.split('\n');
  const first = lines[0]?.trimEnd();
  const format = first === DELIMITERS.yaml ? 'yaml' : first === DELIMITERS.toml ? 'toml' : undefined;
  if (!format) return { format: 'none', fields: {}, body: text };
  const closes = (line: string) =>
    format === 'yaml' ? line.trimEnd() === '---' || line.trimEnd() === '...' : line.trimEnd() === '+++';
  const end = lines.findIndex((line, index) => index > 0 && closes(line));
  if (end < 0) throw new FrontMatterError(format, text);
  const block = lines.slice(1, end).join('\n');
  const body = lines.slice(end + 1).join('\n');
  let parsed: unknown;
  try {
    parsed = format === 'yaml' ? parseYaml(block) : parseToml(block);
  } catch {
    throw new FrontMatterError(format, body);
  }
  // An empty block is an empty mapping; a list or a bare value is not front matter.
  if (parsed === null || parsed === undefined) parsed = {};
  if (typeof parsed !== 'object' || Array.isArray(parsed) || parsed instanceof Date) throw new FrontMatterError(format, body);
  return { format, fields: parsed as Record<string, unknown>, body };
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** First non-empty text of a value or list; Hexo's nested category lists (`[[a, b]]`) count too. */
function firstNonEmpty(value: unknown): string {
  if (Array.isArray(value)) return value.map(firstNonEmpty).find(Boolean) ?? '';
  return asText(value);
}

/** Every non-empty text of a value or (nested) list, in order, each once. */
function allNonEmpty(value: unknown): string[] {
  const texts = Array.isArray(value) ? value.flatMap(allNonEmpty) : [asText(value)];
  return [...new Set(texts.filter(Boolean))];
}

/** `category` wins; else the first of `categories`, and the rest are kept apart for the caller. */
function readCategories(fields: Record<string, unknown>): { category: string; otherCategories: string[] } {
  const listed = allNonEmpty(fields.categories);
  const category = asText(fields.category);
  if (category) return { category, otherCategories: listed.filter((item) => item !== category) };
  return { category: listed[0] ?? '', otherCategories: listed.slice(1) };
}

function firstField(fields: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) ? firstNonEmpty(value) : value instanceof Date || asText(value)) return value;
  }
  return undefined;
}

/** Takes the first `# ` heading outside code fences as the title and removes it from the body. */
function takeHeadingTitle(body: string): { title: string; body: string } | undefined {
  const lines = body.split('\n');
  let inFence = false;
  for (const [index, line] of lines.entries()) {
    if (FENCE_LINE.test(line)) inFence = !inFence;
    if (inFence || !/^# /.test(line)) continue;
    const title = line
      .slice(2)
      .replace(/\s+#+\s*$/, '')
      .trim();
    if (!title) continue;
    lines.splice(index, 1);
    return { title, body: lines.join('\n') };
  }
  return undefined;
}

/**
 * A YAML or TOML date or date-time as a server/API.md §1.4 timestamp; a time without a zone is UTC.
 * Returns undefined for anything that is not a real calendar date (2024-02-30, a bare time).
 */
export function parseFrontMatterDate(value: unknown): string | undefined {
  if (value instanceof Date) {
    // smol-toml's dates answer isTime() for a bare `07:32:00`, which is no date at all.
    const isBareTime = 'isTime' in value && typeof value.isTime === 'function' && value.isTime() === true;
    return Number.isNaN(value.getTime()) || isBareTime ? undefined : toIsoSeconds(value);
  }
  const text = asText(value);
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const date = new Date(`${text}T00:00:00Z`);
    // Date rolls 2024-02-30 over to March; a date that does not round-trip does not exist.
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? toIsoSeconds(date) : undefined;
  }
  if (!DATE_TIME.test(text)) return undefined;
  const iso = text.replace(' ', 'T').replace(/\s+(?=(Z|[+-]\d{2}:?\d{2})$)/i, '');
  const date = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(date.getTime()) ? undefined : toIsoSeconds(date);
}

/** Front-matter tags as a list; each bad one is dropped with a warning (server/API.md §9.9, step 4). */
function readTags(value: unknown, warnings: FrontMatterWarning[]): string[] {
  if (value === undefined || value === null) return [];
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const tags: string[] = [];
  for (const item of raw) {
    const tag = asText(item);
    if (!tag && (typeof item === 'string' || item === null)) continue;
    if (!tag || !tagsAreWellFormed(tag)) {
      warnings.push({ kind: 'tag', message: M.mdTagDropped(tag || JSON.stringify(item)) });
      continue;
    }
    tags.push(tag);
  }
  return tags;
}

function readDate(value: unknown, kind: 'date' | 'updated', warnings: FrontMatterWarning[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = parseFrontMatterDate(value);
  if (!date) warnings.push({ kind, message: M.mdDateDropped });
  return date;
}

/**
 * A yes-or-no value as Jekyll, Hugo and Hexo users write it: YAML 1.2 and TOML booleans, and the
 * YAML 1.1 words Jekyll's parser and older Hexo read as booleans (`yes`/`no`, `on`/`off`, `y`/`n`,
 * any case), which the YAML 1.2 parser here hands over as text; quoted ones count too
 * (`draft: "true"`, which some exporters write). `undefined` for anything else.
 */
function yesOrNo(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (['true', 'yes', 'y', 'on'].includes(word)) return true;
  if (['false', 'no', 'n', 'off'].includes(word)) return false;
  return undefined;
}

/**
 * The fields under lower-case names, as Hugo reads them (`Title`, `Tags`); where two names differ
 * only in case, the one written in lower case wins.
 */
function withLowerCaseKeys(fields: Record<string, unknown>): Record<string, unknown> {
  // A Map, so that a key such as `__proto__` or `constructor` is data like any other.
  const lowered = new Map<string, unknown>();
  for (const [name, value] of Object.entries(fields)) {
    const key = name.trim().toLowerCase();
    if (!lowered.has(key) || name === key) lowered.set(key, value);
  }
  return Object.fromEntries(lowered);
}

/** `status` values that mean the post is out (WordPress exports write `publish`). */
const PUBLISHED_STATUSES = new Set(['publish', 'published', 'public']);

/**
 * Whether the front matter marks a draft: `draft` (Hugo, Hexo) not saying no, `published`
 * (Jekyll, Hexo) not saying yes, or a `status` other than published. Keys are read in any case
 * (`Draft: true`), and a value that is neither yes nor no (`draft: maybe`, `published: 1`) makes
 * a draft, so a file is never published by a mark that was meant to hold it back. An empty value
 * says nothing.
 */
function marksDraft(fields: Record<string, unknown>): boolean {
  const valuesOf = (key: string) =>
    Object.entries(fields)
      .filter(([name, value]) => name.trim().toLowerCase() === key && value !== null && value !== undefined)
      .map(([, value]) => value);
  return (
    valuesOf('draft').some((value) => yesOrNo(value) !== false) ||
    valuesOf('published').some((value) => yesOrNo(value) !== true) ||
    valuesOf('status').some((value) => !PUBLISHED_STATUSES.has(asText(value).toLowerCase()))
  );
}

/**
 * The dates of an imported post by server/API.md §E4: `created_at` is `date`, else `updated` (a
 * post last changed then was written by then); `updated_at` is `updated` unless it is earlier
 * than `date`, when it is dropped (`updatedDropped`) and the post counts as unchanged since.
 */
export function articleDatesOf(parsed: Pick<ParsedMarkdown, 'date' | 'updated'>): {
  created_at: string | undefined;
  updated_at: string | undefined;
  updatedDropped: boolean;
} {
  const created = parsed.date ?? parsed.updated;
  const updatedDropped = parsed.updated !== undefined && created !== undefined && parsed.updated < created;
  return { created_at: created, updated_at: updatedDropped ? created : (parsed.updated ?? created), updatedDropped };
}

export function titleFromFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base.replace(MARKDOWN_FILE_NAME, '').trim();
}

/**
 * The front matter's fields under lower-case names (as {@link parseMarkdownArticle} reads them),
 * for the fields only an importer needs (`slug`, `url`, `aliases`, `permalink`); `{}` when the
 * text has none or it cannot be read.
 */
export function readFrontMatterFields(source: string): Record<string, unknown> {
  try {
    return withLowerCaseKeys(splitFrontMatter(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')).fields);
  } catch (error) {
    if (error instanceof FrontMatterError) return {};
    throw error;
  }
}

/**
 * Reads one Markdown text (a BOM and CRLF line ends are accepted) into article fields.
 * Throws {@link FrontMatterError} when the front matter is unreadable.
 */
export function parseMarkdownArticle(source: string): ParsedMarkdown {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const { format, fields: written, body: rawBody } = splitFrontMatter(text);
  const fields = withLowerCaseKeys(written);
  const warnings: FrontMatterWarning[] = [];

  let title = asText(fields.title);
  let titleSource: ParsedMarkdown['titleSource'] = title ? 'front-matter' : 'none';
  let body = rawBody;
  if (!title) {
    const heading = takeHeadingTitle(body);
    if (heading) {
      ({ title, body } = heading);
      titleSource = 'heading';
    }
  }

  return {
    format,
    title,
    titleSource,
    content: body.trim(),
    ...readCategories(fields),
    tags: readTags(fields.tags, warnings),
    summary: asText(firstField(fields, ['summary', 'description', 'excerpt'])),
    cover: firstNonEmpty(firstField(fields, ['cover', 'image', 'thumbnail'])),
    date: readDate(fields.date, 'date', warnings),
    updated: readDate(firstField(fields, ['updated', 'lastmod']), 'updated', warnings),
    draft: marksDraft(written),
    warnings,
  };
}
