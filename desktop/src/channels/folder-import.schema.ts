import { z } from 'zod';
import { DesktopBridgeMessages as M } from '@folio/shared';
import { articleIdSchema, isoDate, localIdSchema } from './common.schema';

const absolutePath = z.string().min(1).max(4096);
export const pickedPathsSchema = z.object({ paths: z.array(absolutePath) });

/** One Markdown file as it would be imported (desktop-core's folder-scan preview). */
export const importCandidateSchema = z.object({
  path: absolutePath,
  /** Relative to the picked folder (the file name for a picked file), for display. */
  relativePath: z.string(),
  title: z.string(),
  date: isoDate.nullable(),
  updated: isoDate.nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  summary: z.string(),
  /** As written in the front matter ('' when none); `coverPath` is the local file to upload. */
  cover: z.string(),
  coverPath: z.string().nullable(),
  images: z.array(
    z.object({
      /** The link as written in the file. */
      reference: z.string(),
      /** The local file it points at; null for web addresses and site paths. */
      resolvedPath: z.string().nullable(),
      missing: z.boolean(),
      /** A local file the server would refuse (an SVG, over 5 MB): skipped with a warning. */
      unsupported: z.boolean(),
    }),
  ),
  /** No title, bad tags, unreadable YAML, a missing image... (`message` in Chinese). */
  problems: z.array(z.object({ kind: z.string(), message: z.string() })),
  /** True when a problem makes the file impossible to import as it is. */
  blocking: z.boolean(),
  /** A server article with the same title: the owner chooses skip, update or import as new. */
  duplicateOf: z.object({ id: articleIdSchema, title: z.string(), revision: z.number().int().nullable() }).nullable(),
  /** Other picked files with the same title (relative paths): only the first is ticked at first. */
  sameTitleAs: z.array(z.string()),
});
export type ImportCandidate = z.infer<typeof importCandidateSchema>;

export const importScanSchema = z.object({
  /** Names this preview for `run` (the files are read again then: they may have changed). */
  scanId: localIdSchema,
  candidates: z.array(importCandidateSchema),
});
export type ImportScan = z.infer<typeof importScanSchema>;

export const duplicateChoiceSchema = z.enum(['skip', 'update', 'import-as-new']);
export const importRunInputSchema = z.object({
  scanId: localIdSchema,
  /**
   * The files the owner ticked, in order; `onDuplicate` is read only for a `duplicateOf` file
   * (default skip); a file with a missing image is skipped unless `acceptMissingImages`.
   */
  items: z
    .array(
      z.object({
        path: absolutePath,
        onDuplicate: duplicateChoiceSchema.optional(),
        acceptMissingImages: z.boolean().optional(),
      }),
    )
    .min(1, M.pathsRequired),
});
export type ImportRunInput = z.infer<typeof importRunInputSchema>;

export const importFileResultSchema = z.object({
  path: absolutePath,
  relativePath: z.string(),
  title: z.string(),
  status: z.enum(['imported', 'updated', 'skipped', 'failed']),
  articleId: articleIdSchema.nullable(),
  /** Chinese reason for `failed`/`skipped`. */
  reason: z.string().nullable(),
  warnings: z.array(z.string()),
});
export const importReportSchema = z.object({
  files: z.array(importFileResultSchema),
  cancelled: z.boolean(),
  counts: z.object({ imported: z.number(), updated: z.number(), skipped: z.number(), failed: z.number() }),
  /** The one-line Chinese summary (导入完成：新增…). */
  message: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importScanInputSchema = z.object({ paths: z.array(absolutePath).min(1, M.pathsRequired).max(10_000) });
