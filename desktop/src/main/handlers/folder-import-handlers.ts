import { randomUUID } from 'node:crypto';
import { DesktopBridgeMessages as M, DesktopMessages as D } from '@folio/shared';
import { BridgeError } from '../../channels';
import type { ImportCandidate, ImportReport } from '../../channels';
import { runFolderImport } from '../../core/folder-import';
import type { ImportReport as CoreImportReport } from '../../core/folder-import';
import { scanForImport, titleIndex } from '../../core/folder-scan';
import type { ImportPreview } from '../../core/folder-scan';
import { isNetworkError } from '../../core/http';
import type { HandlerContext, Handlers } from './handler-context';

/** folderImport.*: pick, preview against the live server list, import (cancellable). */
export function createFolderImportHandlers(context: HandlerContext): Handlers['folderImport'] {
  const { dialogs, emit } = context.deps;
  const scans = new Map<string, ImportPreview[]>();
  let importAbort: AbortController | undefined;

  return {
    pickFiles: async () => ({ paths: await dialogs.pickFiles() }),
    pickFolder: async () => ({ paths: await dialogs.pickFolder() }),
    scan: async ({ paths }) => {
      const work = await context.workspace();
      const list = await work.api.listAll().catch((error: unknown) => {
        if (isNetworkError(error)) throw new BridgeError('offline', D.serverUnreachable);
        throw error;
      });
      // Duplicates are flagged against the live server list; without it the preview would lie.
      if (!list.ok) throw new BridgeError('server-error', list.message);
      const previews = await scanForImport(paths, titleIndex(list.value));
      const scanId = randomUUID();
      scans.clear();
      scans.set(scanId, previews);
      return { scanId, candidates: previews.map(toCandidate) };
    },
    run: async ({ scanId, items }) => {
      const previews = scans.get(scanId);
      if (previews === undefined) throw new BridgeError('not-found', M.scanExpired);
      if (importAbort !== undefined) throw new BridgeError('busy', M.importBusy);
      const byPath = new Map(previews.map((preview) => [preview.path, preview]));
      const chosen = items.flatMap((item) => {
        const preview = byPath.get(item.path);
        return preview === undefined
          ? []
          : [{ preview, onDuplicate: item.onDuplicate, acceptMissingImages: item.acceptMissingImages }];
      });
      const work = await context.workspace();
      importAbort = new AbortController();
      try {
        const report = await runFolderImport({
          api: work.api,
          items: chosen,
          signal: importAbort.signal,
          onProgress: (progress) => emit('folderImport.progress', progress),
        });
        return toImportReport(report);
      } finally {
        importAbort = undefined;
      }
    },
    cancel: () => {
      const running = importAbort !== undefined;
      importAbort?.abort();
      return { cancelled: running };
    },
  };
}

function toCandidate(preview: ImportPreview): ImportCandidate {
  return {
    path: preview.path,
    relativePath: preview.relativePath,
    title: preview.title,
    date: preview.date ?? null,
    updated: preview.updated ?? null,
    category: preview.category,
    tags: preview.tags,
    summary: preview.summary,
    cover: preview.cover,
    coverPath: preview.coverFile ?? null,
    images: preview.images.map((image) => ({
      reference: image.ref.target,
      resolvedPath: image.file ?? null,
      missing: !image.exists,
      unsupported: image.verdict === 'unsupported' || image.verdict === 'too-large',
    })),
    problems: preview.problems.map((problem) => ({ kind: problem.kind, message: problem.message })),
    blocking: preview.blocking,
    duplicateOf: preview.duplicateOf,
    sameTitleAs: preview.sameTitleAs,
  };
}

function toImportReport(report: CoreImportReport): ImportReport {
  return {
    files: report.files.map((file) => ({
      path: file.path,
      relativePath: file.relativePath,
      title: file.title,
      status: file.status,
      articleId: file.articleId ?? null,
      reason: file.reason ?? null,
      warnings: file.warnings,
    })),
    cancelled: report.cancelled,
    counts: report.counts,
    message: report.message,
  };
}
