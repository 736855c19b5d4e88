import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FILENAME_PATTERN } from '@folio/shared';
import { syncDirectory, writeFileDurably } from '@folio/shared/durable-file';
import { openRegularFile } from './regular-files.js';
import type { OpenedUpload } from './regular-files.js';

/** Where the page-sized copies of uploads and the facts about each upload live, in the data directory. */
export const IMAGE_SIZES_DIR = 'image-sizes';

const MANIFEST_SUFFIX = '.json';

/** One page-sized copy of an upload: its width and format, and the file (named by its content) holding it. */
export interface ImageSizeRecord {
  width: number;
  height: number;
  /** AVIF and WebP for pages; one JPEG 1200 wide for link previews (Open Graph), which take neither reliably. */
  format: 'avif' | 'webp' | 'jpeg';
  filename: string;
}

/**
 * How an upload that has no sizes is served: `as-stored` for a file that is no image (nothing of
 * a picture's metadata to remove), `stripped` for an image that does not decode once its metadata
 * was cut out without decoding, `withheld` for one whose metadata could not be cut out, which is
 * not served at all (server/API.md §E11.1).
 */
export type UnreadableUploadServing = 'as-stored' | 'stripped' | 'withheld';

/**
 * What the server learned about an upload when it processed it, once: its upright dimensions,
 * whether it is animated, and its sizes. `unreadable` marks an old file that is no image or does
 * not decode; `served` says how such a file is served. A failed read or write (a full disk) is
 * never recorded: the upload is tried again.
 */
export interface ImageManifest {
  source: string;
  width: number;
  height: number;
  animated: boolean;
  unreadable: boolean;
  /**
   * Set on every unreadable manifest. Missing on one written by an older server, which recorded
   * any failure (a full disk included) as unreadable and served the file untouched: such an
   * upload is processed again.
   */
  served?: UnreadableUploadServing;
  sizes: ImageSizeRecord[];
}

/** True when the manifest settles how its upload is served: it is sized, or its unreadable file was judged by this server. */
export function isSettled(manifest: ImageManifest): boolean {
  return !manifest.unreadable || manifest.served !== undefined;
}

/**
 * What an interrupted size job left: the derived files are written before the manifest naming
 * them (see {@link ImageSizesRepository.record}), so a kill in between leaves files no manifest
 * names, and a kill during a write leaves its temp file. Run at open, before any job starts, so
 * nothing is being written; a file a manifest names is never touched.
 */
async function removeUnnamedFiles(dir: string, manifests: ReadonlyMap<string, ImageManifest>): Promise<void> {
  const named = new Set([...manifests.values()].flatMap((manifest) => manifest.sizes.map((size) => size.filename)));
  let removed = false;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const manifestOfUpload = entry.name.endsWith(MANIFEST_SUFFIX) && manifests.has(entry.name.slice(0, -MANIFEST_SUFFIX.length));
    if (!entry.isFile() || manifestOfUpload || named.has(entry.name)) continue;
    await fs.rm(path.join(dir, entry.name), { force: true });
    removed = true;
  }
  if (removed) await syncDirectory(dir);
}

/**
 * `image-sizes/`: a manifest per processed upload (`<upload name>.json`) and the derived files
 * the manifests name. All manifests are read at start and kept in memory: they are small, and
 * the page renderer asks for them on every view.
 */
export class ImageSizesRepository {
  private constructor(
    private readonly dir: string,
    private readonly manifests: Map<string, ImageManifest>,
  ) {}

  static async open(dataDir: string): Promise<ImageSizesRepository> {
    const dir = path.join(dataDir, IMAGE_SIZES_DIR);
    await fs.mkdir(dir, { recursive: true });
    const manifests = new Map<string, ImageManifest>();
    for (const name of await fs.readdir(dir)) {
      if (!name.endsWith(MANIFEST_SUFFIX)) continue;
      try {
        const manifest = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as ImageManifest;
        manifests.set(manifest.source, manifest);
      } catch {
        // A manifest a crash cut short is written again by the next processing pass.
      }
    }
    await removeUnnamedFiles(dir, manifests);
    return new ImageSizesRepository(dir, manifests);
  }

  /** Counts the manifests written and removed, so cached pages built from them know they changed. */
  get changes(): number {
    return this.changeCount;
  }

  private changeCount = 0;

  get(source: string): ImageManifest | undefined {
    return this.manifests.get(source);
  }

  /** The uploads that have a manifest. */
  sources(): string[] {
    return [...this.manifests.keys()];
  }

  private pathOf(filename: string): string {
    if (!FILENAME_PATTERN.test(filename)) throw new Error(`Refusing unsafe image size name ${JSON.stringify(filename)}`);
    return path.join(this.dir, filename);
  }

  /** Writes the derived files first, then the manifest naming them, so a manifest never names a missing file. */
  async record(manifest: ImageManifest, files: ReadonlyMap<string, Uint8Array>): Promise<void> {
    for (const [filename, bytes] of files) await writeFileDurably(this.pathOf(filename), bytes);
    await writeFileDurably(this.pathOf(`${manifest.source}${MANIFEST_SUFFIX}`), JSON.stringify(manifest));
    this.manifests.set(manifest.source, manifest);
    this.changeCount += 1;
  }

  /** Removes an upload's manifest and its derived files, except those another upload's manifest also names. */
  async forget(source: string): Promise<void> {
    const manifest = this.manifests.get(source);
    if (!manifest) return;
    this.manifests.delete(source);
    this.changeCount += 1;
    await fs.rm(this.pathOf(`${source}${MANIFEST_SUFFIX}`), { force: true });
    const stillNamed = new Set([...this.manifests.values()].flatMap((other) => other.sizes.map((size) => size.filename)));
    for (const size of manifest.sizes) {
      if (!stillNamed.has(size.filename)) await fs.rm(this.pathOf(size.filename), { force: true });
    }
    await syncDirectory(this.dir);
  }

  /** Opens a derived file without following links; `undefined` when the name is unsafe or missing. */
  async open(filename: string): Promise<OpenedUpload | undefined> {
    if (!FILENAME_PATTERN.test(filename) || filename.endsWith(MANIFEST_SUFFIX)) return undefined;
    return openRegularFile(path.join(this.dir, filename));
  }
}
