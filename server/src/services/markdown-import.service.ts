import { promises as fs } from 'node:fs';
import { LIMITS, ServerMessages as M, articleCreateSchema, isValidCover } from '@folio/shared';
import type { MarkdownImportResult, MarkdownImportSummary } from '@folio/shared';
import { FrontMatterError, MARKDOWN_FILE_NAME, parseMarkdownArticle, titleFromFileName } from '@folio/shared/front-matter';
import type { ParsedMarkdown } from '@folio/shared/front-matter';
import type { ArticlesRepository } from '../store/articles.repository.js';

/** One uploaded file as the import sees it: the client's name and the temp file holding the bytes. */
export interface UploadedMarkdown {
  filename: string;
  path: string;
  size: number;
}

/** A file that cannot be imported; `message` becomes the result's `reason`. */
class SkipFile extends Error {}

interface ArticleDraft {
  title: string;
  content: string;
  category: string;
  tags: string[];
  summary: string;
  cover: string;
  date: string | undefined;
  updated: string | undefined;
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

/** Reads one file into an article draft, or throws {@link SkipFile} with the reason. */
async function readDraft(file: UploadedMarkdown): Promise<ArticleDraft> {
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
  return {
    title: parsed.title || titleFromFileName(file.filename),
    content: parsed.content,
    category: parsed.category,
    tags: parsed.tags,
    summary: parsed.summary,
    cover,
    date: parsed.date,
    updated: parsed.updated,
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
  const created = await articles.create({
    ...fields,
    created_at: draft.date,
    updated_at: draft.updated ?? draft.date,
    source: 'import',
  });
  return { filename: file.filename, status: 'imported', id: created.id, title: created.title, warnings: draft.warnings };
}

// Imports run one at a time, so two requests cannot both pass the same-title check.
/**
 * Imports Markdown files one by one (server/API.md §9): each is checked, parsed and created on its
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
