import { promises as fs } from 'node:fs';
import { LIMITS, ServerMessages as M, articleCreateSchema, isValidCover } from '@folio/shared';
import type { MarkdownImportResult, MarkdownImportSummary } from '@folio/shared';
import {
  FrontMatterError,
  MARKDOWN_FILE_NAME,
  articleDatesOf,
  parseMarkdownArticle,
  titleFromFileName,
} from '@folio/shared/front-matter';
import type { ParsedMarkdown } from '@folio/shared/front-matter';
import type { ArticlesService } from './articles.service.js';

/** One uploaded file as the import sees it: the client's name and the temp file holding the bytes. */
export interface UploadedMarkdown {
  filename: string;
  path: string;
  size: number;
}

/** A file that cannot be imported; `message` becomes the result's `reason`. */
class SkipFile extends Error {}

/** A file read into the fields of a new article, before the rules of server/API.md §9.1 are checked. */
interface ImportedFields {
  title: string;
  content: string;
  category: string;
  tags: string[];
  summary: string;
  cover: string;
  created_at: string | undefined;
  updated_at: string | undefined;
  /** `draft` for front matter marking a draft; absent otherwise, so the article is published (server/API.md §E8). */
  status: 'draft' | undefined;
  warnings: string[];
}

/** Strict UTF-8: a byte sequence that is not UTF-8 is refused rather than turned into U+FFFD. */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    // The decoder drops a leading BOM by itself (ignoreBOM is false).
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SkipFile(M.mdNotUtf8);
  }
}

/** Reads one file into article fields, or throws {@link SkipFile} with the reason. */
async function readFields(file: UploadedMarkdown): Promise<ImportedFields> {
  if (!MARKDOWN_FILE_NAME.test(file.filename)) throw new SkipFile(M.mdNotMarkdown);
  if (file.size > LIMITS.markdownFileBytes) throw new SkipFile(M.mdTooLarge);
  const text = decodeUtf8(await fs.readFile(file.path));
  let parsed: ParsedMarkdown;
  try {
    // The same front-matter rule as the desktop's folder import (shared/src/front-matter.ts).
    parsed = parseMarkdownArticle(text);
  } catch (error) {
    if (error instanceof FrontMatterError) throw new SkipFile(error.message);
    throw error;
  }
  const warnings = parsed.warnings.map((warning) => warning.message);
  let cover = parsed.cover;
  if (cover && !isValidCover(cover)) {
    warnings.push(M.mdCoverDropped);
    cover = '';
  }
  // The dates rule of server/API.md §E4, as the desktop's folder import applies it.
  const dates = articleDatesOf(parsed);
  if (dates.updatedDropped) warnings.push(M.mdUpdatedBeforeDate);
  return {
    title: parsed.title || titleFromFileName(file.filename),
    content: parsed.content,
    category: parsed.category,
    tags: parsed.tags,
    summary: parsed.summary,
    cover,
    created_at: dates.created_at,
    updated_at: dates.updated_at,
    status: parsed.draft ? 'draft' : undefined,
    warnings,
  };
}

async function importOne(file: UploadedMarkdown, articles: ArticlesService): Promise<MarkdownImportResult> {
  const read = await readFields(file);
  if (!read.content) throw new SkipFile(M.mdBodyEmpty);
  const checked = articleCreateSchema.safeParse(read);
  if (!checked.success) throw new SkipFile(checked.error.issues[0]?.message ?? M.badRequest);
  const fields = checked.data;
  if (articles.listAdmin(undefined).some((article) => article.title === fields.title)) throw new SkipFile(M.mdDuplicateTitle);
  const created = await articles.create(fields, undefined, 'import');
  return { filename: file.filename, status: 'imported', id: created.id, title: created.title, warnings: read.warnings };
}

// Imports run one at a time, so two requests cannot both pass the same-title check.
/**
 * Imports Markdown files one by one (server/API.md §9): each is checked, parsed and created on its
 * own, so a request can partly succeed. Skipped files are reported with the reason.
 */
export class MarkdownImportService {
  /** One import at a time, so two requests' files never interleave in the article ids. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly articles: ArticlesService) {}

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
