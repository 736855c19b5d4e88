import { promises as fs } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { LIMITS, ServerMessages as M, articleCreateSchema, isValidCover, tagsAreWellFormed } from '@folio/shared';
import type { MarkdownImportResult, MarkdownImportSummary } from '@folio/shared';
import type { ArticlesRepository } from '../store/articles.repository.js';
import { toIsoSeconds } from '../store/clock.js';

/** One uploaded file as the import sees it: the client's name and the temp file holding the bytes. */
export interface UploadedMarkdown {
  filename: string;
  path: string;
  size: number;
}

/** A file that cannot be imported; `message` becomes the result's `reason`. */
class SkipFile extends Error {}

interface FrontMatter {
  fields: Record<string, unknown>;
  body: string;
}

interface ArticleDraft {
  title: string;
  content: string;
  category: string;
  tags: string[];
  summary: string;
  cover: string;
  date: string | undefined;
  warnings: string[];
}

const MARKDOWN_NAME = /\.(md|markdown)$/i;
const FENCE_LINE = /^\s{0,3}(```|~~~)/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Strict UTF-8: a byte sequence that is not UTF-8 is refused rather than turned into U+FFFD. */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    // The decoder drops a leading BOM by itself (ignoreBOM is false).
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SkipFile(M.mdNotUtf8);
  }
}

/** Splits off a YAML front matter block: first line `---`, closed by a `---` or `...` line. */
function splitFrontMatter(text: string): FrontMatter {
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== '---') return { fields: {}, body: text };
  const end = lines.findIndex((line, index) => index > 0 && (line.trimEnd() === '---' || line.trimEnd() === '...'));
  if (end < 0) throw new SkipFile(M.mdFrontMatterInvalid);
  let parsed: unknown;
  try {
    parsed = parseYaml(lines.slice(1, end).join('\n'));
  } catch {
    throw new SkipFile(M.mdFrontMatterInvalid);
  }
  // An empty block is an empty mapping; a list or a bare value is not front matter.
  if (parsed === null || parsed === undefined) parsed = {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new SkipFile(M.mdFrontMatterInvalid);
  return { fields: parsed as Record<string, unknown>, body: lines.slice(end + 1).join('\n') };
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

function firstNonEmpty(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).find(Boolean) ?? '';
  return asText(value);
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

/** YAML date or date-time as API 1.4 timestamps; a time without a zone is UTC. */
function parseDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : toIsoSeconds(value);
  const text = asText(value);
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const date = new Date(`${text}T00:00:00Z`);
    // Date rolls 2024-02-30 over to March; a date that does not round-trip does not exist.
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? toIsoSeconds(date) : undefined;
  }
  if (!DATE_TIME.test(text)) return undefined;
  const iso = text.replace(' ', 'T');
  const date = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(date.getTime()) ? undefined : toIsoSeconds(date);
}

/** Front-matter tags as a list; each bad one is dropped with a warning (API 9 import step 4). */
function readTags(value: unknown, warnings: string[]): string[] {
  if (value === undefined || value === null) return [];
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  const tags: string[] = [];
  for (const item of raw) {
    const tag = asText(item);
    if (!tag && (typeof item === 'string' || item === null)) continue;
    if (!tag || !tagsAreWellFormed(tag)) {
      warnings.push(M.mdTagDropped(tag || JSON.stringify(item)));
      continue;
    }
    tags.push(tag);
  }
  return tags;
}

function fileTitle(filename: string): string {
  return filename.replace(MARKDOWN_NAME, '').trim();
}

/** Reads one file into an article draft, or throws {@link SkipFile} with the reason. */
async function readDraft(file: UploadedMarkdown): Promise<ArticleDraft> {
  if (!MARKDOWN_NAME.test(file.filename)) throw new SkipFile(M.mdNotMarkdown);
  if (file.size > LIMITS.markdownFileBytes) throw new SkipFile(M.mdTooLarge);
  const text = decodeUtf8(await fs.readFile(file.path)).replace(/\r\n?/g, '\n');
  const { fields, body: rawBody } = splitFrontMatter(text);
  const warnings: string[] = [];

  let title = asText(fields.title);
  let body = rawBody;
  if (!title) {
    const heading = takeHeadingTitle(body);
    if (heading) ({ title, body } = heading);
  }
  title ||= fileTitle(file.filename);

  let date: string | undefined;
  if (fields.date !== undefined && fields.date !== null) {
    date = parseDate(fields.date);
    if (!date) warnings.push(M.mdDateDropped);
  }
  let cover = asText(fields.cover);
  if (cover && !isValidCover(cover)) {
    warnings.push(M.mdCoverDropped);
    cover = '';
  }
  return {
    title,
    content: body.trim(),
    category: asText(fields.category) || firstNonEmpty(fields.categories),
    tags: readTags(fields.tags, warnings),
    summary: asText(fields.summary) || asText(fields.description),
    cover,
    date,
    warnings,
  };
}

async function importOne(file: UploadedMarkdown, articles: ArticlesRepository): Promise<MarkdownImportResult> {
  const draft = await readDraft(file);
  if (!draft.content) throw new SkipFile(M.mdBodyEmpty);
  const checked = articleCreateSchema.safeParse(draft);
  if (!checked.success) throw new SkipFile(checked.error.issues[0]?.message ?? M.badRequest);
  const fields = checked.data;
  if (articles.listLive().some((article) => article.title === fields.title)) throw new SkipFile(M.mdDuplicateTitle);
  const created = await articles.create({ ...fields, created_at: draft.date, updated_at: draft.date });
  return { filename: file.filename, status: 'imported', id: created.id, title: created.title, warnings: draft.warnings };
}

// Imports run one at a time, so two requests cannot both pass the same-title check.
/**
 * Imports Markdown files one by one (API section 9): each is checked, parsed and created on its
 * own, so a request can partly succeed. Skipped files are reported with the reason.
 */
export class MarkdownImportService {
  /** One import at a time, so two requests' files never interleave in the article ids. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly articles: ArticlesRepository) {}

  import(files: readonly UploadedMarkdown[]): Promise<MarkdownImportSummary> {
    const run = this.queue.then(async () => {
      const results: MarkdownImportResult[] = [];
      for (const upload of files) {
        const file = { ...upload, filename: upload.filename.split(/[\\/]/).pop() ?? '' };
        try {
          results.push(await importOne(file, this.articles));
        } catch (error) {
          if (!(error instanceof SkipFile)) throw error;
          results.push({ filename: file.filename, status: 'skipped', reason: error.message });
        }
      }
      const imported = results.filter((result) => result.status === 'imported');
      return {
        imported_count: imported.length,
        skipped_count: results.length - imported.length,
        imported_ids: imported.map((result) => result.id ?? 0),
        results,
      };
    });
    this.queue = run.catch(() => {});
    return run;
  }
}
