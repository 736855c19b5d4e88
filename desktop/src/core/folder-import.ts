/**
 * 本地导入, step two: import the chosen previews one file at a time. Each file's local images
 * are uploaded first (each distinct file once per run, by resolved path and by content hash),
 * links rewritten, then the article is created or updated: a cancel or crash midway never
 * leaves a half-imported article.
 *
 * API:
 * - `runFolderImport({ api, items, signal?, onProgress? }): Promise<ImportReport>`
 *   - `items`: `{ preview, onDuplicate? }[]` (`onDuplicate`: 'skip' | 'update' | 'import-as-new',
 *     default 'skip'; only read when the preview has `duplicateOf`)
 *   - `signal`: abort to cancel; the file in progress finishes, the rest are reported skipped
 *   - `onProgress({ done, total, current })` before each file and once at the end
 * - `ImportReport`: `{ files: ImportFileReport[], cancelled, counts }`; each file is
 *   'imported' | 'updated' | 'skipped' | 'failed' with `reason` and `warnings`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DesktopMessages as D, isValidCover } from '@folio/shared';
import { FrontMatterError, parseMarkdownArticle } from '@folio/shared/front-matter';
import type { ArticleFields } from '@folio/shared';
import type { ParsedMarkdown } from '@folio/shared/front-matter';
import type { ApiResult, ArticleDates, ArticlePublication, ArticlesApi } from './articles-api.js';
import { checkArticle, readMarkdownFile } from './folder-scan.js';
import type { ImportPreview } from './folder-scan.js';
import { isNetworkError } from './http.js';
import { findImageRefs, localImagePath, rewriteImageRefs } from './image-links.js';

export type DuplicateChoice = 'skip' | 'update' | 'import-as-new';

export interface ImportItem {
  preview: ImportPreview;
  onDuplicate?: DuplicateChoice;
}

export type ImportStatus = 'imported' | 'updated' | 'skipped' | 'failed';

export interface ImportFileReport {
  path: string;
  relativePath: string;
  title: string;
  status: ImportStatus;
  articleId?: number;
  reason?: string;
  warnings: string[];
}

export interface ImportReport {
  files: ImportFileReport[];
  cancelled: boolean;
  counts: Record<ImportStatus, number>;
  message: string;
}

export interface ImportProgress {
  done: number;
  total: number;
  current: string | null;
}

export interface FolderImportOptions {
  api: ArticlesApi;
  items: readonly ImportItem[];
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
}

/** A file that fails: nothing of it was created on the server. */
class FileFailed extends Error {}

/** Uploads shared by every file of one run: the same image is sent once. */
class UploadCache {
  private readonly byPath = new Map<string, string>();
  private readonly byHash = new Map<string, string>();

  constructor(private readonly api: ArticlesApi) {}

  async upload(file: string, kind: 'image' | 'cover', label: string): Promise<string> {
    const pathKey = `${kind}:${file}`;
    const known = this.byPath.get(pathKey);
    if (known) return known;
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch {
      throw new FileFailed(D.importImageUnreadable(label));
    }
    const hashKey = `${kind}:${createHash('sha256').update(bytes).digest('hex')}`;
    let url = this.byHash.get(hashKey);
    if (!url) {
      const name = path.basename(file);
      const result = kind === 'image' ? await this.api.uploadImage(bytes, name) : await this.api.uploadCover(bytes, name);
      if (!result.ok) throw new FileFailed(D.importImageUploadFailed(label, result.message));
      url = result.value;
      this.byHash.set(hashKey, url);
    }
    this.byPath.set(pathKey, url);
    return url;
  }
}

function report(item: ImportItem, status: ImportStatus, extra: Partial<ImportFileReport> = {}): ImportFileReport {
  const { preview } = item;
  return { path: preview.path, relativePath: preview.relativePath, title: preview.title, status, warnings: [], ...extra };
}

/** Reads the file again (it may have changed since the preview), uploads its images, builds the fields. */
async function prepare(
  preview: ImportPreview,
  uploads: UploadCache,
): Promise<{ fields: ArticleFields; dates: ArticleDates; publication: ArticlePublication; warnings: string[] }> {
  const read = await readMarkdownFile(preview.path);
  if ('problem' in read) throw new FileFailed(read.problem.message);
  let parsed: ParsedMarkdown;
  try {
    parsed = parseMarkdownArticle(read.text);
  } catch (error) {
    if (error instanceof FrontMatterError) throw new FileFailed(error.message);
    throw error;
  }
  const warnings = parsed.warnings.map((warning) => warning.message);
  const title = parsed.title || preview.title;
  const checked = checkArticle(title, parsed);
  if (!checked.ok) throw new FileFailed(checked.message);

  const refs = findImageRefs(parsed.content);
  const urls = new Map<number, string>();
  for (const ref of refs) {
    const file = localImagePath(ref.target, preview.path);
    if (!file) continue;
    const info = await fs.stat(file).catch(() => undefined);
    if (!info?.isFile()) {
      // A site path such as /images/a.png stays as written; a missing relative file is reported.
      if (!ref.target.startsWith('/') || ref.target.startsWith('//')) warnings.push(D.importImageMissing(ref.target));
      continue;
    }
    urls.set(ref.start, await uploads.upload(file, 'image', ref.target));
  }

  let cover = '';
  if (parsed.cover) {
    const file = localImagePath(parsed.cover, preview.path);
    const info = file ? await fs.stat(file).catch(() => undefined) : undefined;
    if (file && info?.isFile()) cover = await uploads.upload(file, 'cover', parsed.cover);
    else if (isValidCover(parsed.cover)) cover = parsed.cover;
    else warnings.push(file && !parsed.cover.startsWith('/') ? D.importImageMissing(parsed.cover) : D.importCoverInvalid);
  }

  const content = rewriteImageRefs(parsed.content, refs, (ref) => urls.get(ref.start));
  // The server refuses an updated_at before created_at; the date is the one a reader sees.
  let updated = parsed.updated;
  if (updated && parsed.date && updated < parsed.date) {
    warnings.push(D.importUpdatedBeforeDate);
    updated = undefined;
  }
  return {
    fields: {
      title: checked.article.title,
      content,
      category: checked.article.category,
      tags: checked.article.tags.join(','),
      summary: checked.article.summary,
      cover,
    },
    // The front matter's date and updated, as the server's own Markdown import keeps them.
    dates: { created_at: parsed.date, updated_at: updated },
    // A file marked as a draft (`draft: true`, `published: false`) stays unseen by readers.
    publication: parsed.draft ? { status: 'draft' } : {},
    warnings,
  };
}

function counts(files: readonly ImportFileReport[]): Record<ImportStatus, number> {
  const result: Record<ImportStatus, number> = { imported: 0, updated: 0, skipped: 0, failed: 0 };
  for (const file of files) result[file.status] += 1;
  return result;
}

export async function runFolderImport(options: FolderImportOptions): Promise<ImportReport> {
  const { api, items, signal, onProgress } = options;
  const uploads = new UploadCache(api);
  const files: ImportFileReport[] = [];
  let offline = false;

  for (const [index, item] of items.entries()) {
    onProgress?.({ done: index, total: items.length, current: item.preview.relativePath });
    if (signal?.aborted) {
      files.push(report(item, 'skipped', { reason: D.importCancelled }));
      continue;
    }
    if (offline) {
      files.push(report(item, 'failed', { reason: D.serverUnreachable }));
      continue;
    }
    const { preview } = item;
    const duplicate = preview.duplicateOf;
    const choice = duplicate ? (item.onDuplicate ?? 'skip') : 'import-as-new';
    if (choice === 'skip') {
      files.push(report(item, 'skipped', { reason: D.importDuplicateTitle, articleId: duplicate?.id }));
      continue;
    }
    try {
      const { fields, dates, publication, warnings } = await prepare(preview, uploads);
      let result: ApiResult<{ id: number }>;
      if (choice === 'update' && duplicate) {
        // An update keeps the article's own created_at; the server sets updated_at (PUT ignores both).
        result = await api.update(duplicate.id, fields, { ifMatch: duplicate.revision ?? undefined });
      } else {
        result = await api.create({ ...fields, ...dates, ...publication }, { idempotencyKey: randomUUID() });
      }
      if (!result.ok) throw new FileFailed(result.message);
      files.push(report(item, choice === 'update' ? 'updated' : 'imported', { articleId: result.value.id, warnings }));
    } catch (error) {
      if (isNetworkError(error)) {
        offline = true;
        files.push(report(item, 'failed', { reason: D.serverUnreachable }));
      } else if (error instanceof FileFailed) {
        files.push(report(item, 'failed', { reason: error.message }));
      } else {
        throw error;
      }
    }
  }
  onProgress?.({ done: items.length, total: items.length, current: null });
  const tally = counts(files);
  return {
    files,
    cancelled: signal?.aborted ?? false,
    counts: tally,
    message: D.importDone(tally.imported, tally.updated, tally.skipped, tally.failed),
  };
}
