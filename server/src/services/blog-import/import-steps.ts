import type { BlogImportFormat, BlogImportImageFailure } from '@folio/shared';
import type { BlogSource, ReadInput } from './source.js';

/** One format's reader (server/API.md §E21): recognises its file by the first bytes and reads it into a {@link BlogSource}. */
export interface BlogReader {
  /** Whether the file's first bytes (up to {@link SNIFF_BYTES}) look like this format. */
  looksLike(head: Buffer): boolean;
  read(input: ReadInput): Promise<BlogSource>;
}

/** What the images step did: how each old image address reads now, and what it could not fetch. */
export interface ImportedImages {
  fetched: number;
  fromArchive: number;
  failures: BlogImportImageFailure[];
  /** A post's Markdown with every image it took in pointing at its new file. */
  rewrite(markdown: string): string;
  /** A featured image's new address (`/uploads/…`), or the old one when it failed. */
  rewriteCover(url: string): string;
  /** Old image addresses on the old site's host that should answer 301 to the new files. */
  redirects: { from: string; to: string }[];
}

/** Fetches and stores the images of the posts to be imported; `progress(done, total)` as it goes. */
export type ImageImporter = (
  source: BlogSource,
  signal: AbortSignal,
  progress: (done: number, total: number) => void,
) => Promise<ImportedImages>;

/**
 * The parts a blog import is made of, each replaceable: the readers by format and the images
 * step. The job dispatches through this table, never to a reader by name.
 */
export interface BlogImportSteps {
  readers: Partial<Record<BlogImportFormat, BlogReader>>;
  /** Absent: images keep their old addresses (nothing fetched, nothing failed). */
  importImages?: ImageImporter;
}

/** How much of the file's start a reader is shown to recognise it. */
export const SNIFF_BYTES = 16 * 1024;

/** Images keep their old addresses: what the job does when no images step is given. */
export const KEEP_OLD_IMAGES: ImportedImages = {
  fetched: 0,
  fromArchive: 0,
  failures: [],
  rewrite: (markdown) => markdown,
  rewriteCover: (url) => url,
  redirects: [],
};
