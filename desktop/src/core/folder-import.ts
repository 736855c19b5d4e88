/**
 * 本地导入, step two: import the chosen previews one file at a time. Every image of a file is
 * judged first (missing, a type the server refuses, too large), so a file that fails has
 * uploaded nothing; then its images are uploaded (each distinct file once per run, by resolved
 * path and by content hash; the server keeps one copy of the same bytes across runs), links
 * rewritten, and the article is created or updated: a cancel or crash midway never leaves a
 * half-imported article. An image the server refuses (an SVG) is skipped with a warning and its
 * link left as written; the rest of the file goes in.
 *
 * API:
 * - `runFolderImport({ api, items, signal?, onProgress? }): Promise<ImportReport>`
 *   - `items`: `{ preview, onDuplicate?, acceptMissingImages? }[]` (`onDuplicate`: 'skip' |
 *     'update' | 'import-as-new', default 'skip'; only read when the preview has `duplicateOf`).
 *     A file with a missing image is skipped unless `acceptMissingImages` (its broken links are
 *     then kept as written, each with a warning).
 *   - `signal`: abort to cancel; the file in progress finishes, the rest are reported skipped
 *   - `onProgress({ done, total, current })` before each file and once at the end
 * - `ImportReport`: `{ files: ImportFileReport[], cancelled, counts }`; each file is
 *   'imported' | 'updated' | 'skipped' | 'failed' with `reason` and `warnings`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DesktopMessages as D, FolderImportMessages as F, isValidCover } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { parseForImport } from '@folio/shared/markdown-import-parse';
import type { ApiResult, ArticleDates, ArticlePublication, ArticlesApi } from './articles-api.js';
import { checkArticle, readMarkdownFile } from './folder-scan.js';
import type { ImportPreview } from './folder-scan.js';
import { isNetworkError } from './http.js';
import { findImageRefs, rewriteImageRefs } from './image-links.js';
import type { ImageRef } from './image-links.js';
import { imageProblem, judgeImage } from './import-images.js';
import type { JudgedImage } from './import-images.js';

export type DuplicateChoice = 'skip' | 'update' | 'import-as-new';

export interface ImportItem {
  preview: ImportPreview;
  onDuplicate?: DuplicateChoice;
  /** The owner accepted the file's broken image links (docs/spec.md §2.6 preview). */
  acceptMissingImages?: boolean;
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

/** A file left out on purpose (its broken links were not accepted); nothing was sent. */
class FileSkipped extends Error {}

/** The server's answer to an image it does not take (server/API.md §E3): skip the image, keep the file. */
const UNSUPPORTED_MEDIA_TYPE = 415;

/** Uploads shared by every file of one run: the same image is sent once. */
class UploadCache {
  private readonly byPath = new Map<string, string>();
  private readonly byHash = new Map<string, string>();

  constructor(private readonly api: ArticlesApi) {}

  /** The uploaded URL, or undefined when the server refuses the image's type. */
  async upload(file: string, kind: 'image' | 'cover', label: string): Promise<string | undefined> {
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
      if (!result.ok && result.status === UNSUPPORTED_MEDIA_TYPE) return undefined;
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

/** What a file's images come to once judged: files to upload, links kept as written, warnings. */
interface ImagePlan {
  uploads: { ref: ImageRef; file: string }[];
  coverFile: string | undefined;
  /** The cover to send as written (a web address), or a kept broken site path once accepted. */
  cover: string;
  missing: string[];
  warnings: string[];
}

const problemOf = (target: string, judged: JudgedImage): string[] => {
  const problem = imageProblem(target, judged);
  return problem ? [problem] : [];
};

/** Judges every image of the file before the first upload, so a file that fails uploads nothing. */
async function planImages(preview: ImportPreview, refs: readonly ImageRef[], coverTarget: string): Promise<ImagePlan> {
  const plan: ImagePlan = { uploads: [], coverFile: undefined, cover: '', missing: [], warnings: [] };
  for (const ref of refs) {
    const judged = await judgeImage(ref.target, preview.path, preview.root);
    if (judged.kind === 'ok' && judged.file) plan.uploads.push({ ref, file: judged.file });
    else if (judged.kind === 'missing') plan.missing.push(ref.target);
    else plan.warnings.push(...problemOf(ref.target, judged));
  }
  if (coverTarget) {
    const judged = await judgeImage(coverTarget, preview.path, preview.root);
    if (judged.kind === 'ok') plan.coverFile = judged.file;
    else if (judged.kind === 'missing') {
      plan.missing.push(coverTarget);
      // A site path may exist on the site itself; a missing relative file means nothing there.
      if (judged.rootRelative && isValidCover(coverTarget)) plan.cover = coverTarget;
    } else if (judged.kind !== 'web') plan.warnings.push(...problemOf(coverTarget, judged));
    else if (isValidCover(coverTarget)) plan.cover = coverTarget;
    else plan.warnings.push(D.importCoverInvalid);
  }
  return plan;
}

/** Reads the file again (it may have changed since the preview), uploads its images, builds the fields. */
async function prepare(
  item: ImportItem,
  uploads: UploadCache,
): Promise<{ fields: ArticleFields; dates: ArticleDates; publication: ArticlePublication; warnings: string[] }> {
  const { preview } = item;
  const read = await readMarkdownFile(preview.path);
  if ('problem' in read) throw new FileFailed(read.problem.message);
  const { parsed, notes } = parseForImport(read.text, preview.relativePath);
  const warnings = notes.map((note) => note.message);
  const checked = checkArticle(parsed.title, parsed);
  if (!checked.ok) throw new FileFailed(checked.message);

  const refs = findImageRefs(parsed.content);
  const plan = await planImages(preview, refs, parsed.cover);
  if (plan.missing.length > 0 && !item.acceptMissingImages)
    throw new FileSkipped(F.brokenLinksNotAccepted(plan.missing.join('、')));
  for (const warning of plan.warnings) warnings.push(warning);
  for (const missing of plan.missing) warnings.push(F.brokenLinkKept(missing));

  const urls = new Map<number, string>();
  for (const { ref, file } of plan.uploads) {
    const url = await uploads.upload(file, 'image', ref.target);
    if (url) urls.set(ref.start, url);
    else warnings.push(F.imageUnsupported(ref.target));
  }
  let cover = plan.cover;
  if (plan.coverFile) {
    const url = await uploads.upload(plan.coverFile, 'cover', parsed.cover);
    if (url) cover = url;
    else warnings.push(F.imageUnsupported(parsed.cover));
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
      const { fields, dates, publication, warnings } = await prepare(item, uploads);
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
      } else if (error instanceof FileSkipped) {
        files.push(report(item, 'skipped', { reason: error.message }));
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
