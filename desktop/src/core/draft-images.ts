/**
 * Images pasted, dropped or picked into a draft while the server cannot take them: kept on this
 * disk beside the profile's drafts (`<drafts>/images/<sha256>.<ext>`), linked from the text as
 * `/draft-images/<profileId>/<sha256>.<ext>` (the preview loads that from the app's origin), and
 * uploaded when the draft is next sent, their links rewritten to the server's URLs in the draft
 * save that records them, before the text goes out.
 *
 * API:
 * - `draftImagesDir(dataDir, profileId)` — where a profile's kept images are
 * - `readKeptImage(dir, name)` — a kept image's bytes, or the server URL it was uploaded to once
 *   its file is gone; undefined for an unknown image or any name that is not
 *   `<sha256>.<jpg|png|gif|webp>` (the app protocol serves them with this)
 * - `DraftImages.open(dir, { profileId, now?, graceMs? }): Promise<DraftImages>`
 *   - `keep(bytes): Promise<{ name, url }>` — checks the bytes as the server would (5 MB, JPEG,
 *     PNG, GIF or WebP by magic bytes; `DraftImageError` with the server's Chinese message) and
 *     writes them durably, named by content, before the caller may link to them
 *   - `uploadLinked(draft, context): Promise<ImageUploadOutcome>` — uploads what the draft links
 *     to (each image once: the server's answer is kept beside the file, so a retry after a crash
 *     sends nothing again) and rewrites the links; `ready` when the text may be sent
 *   - `removeUnlinked(drafts): Promise<string[]>` — deletes the files of the images no draft's
 *     text links to any more: an uploaded one at once (its server URL stays on record while a
 *     revision links to it and for `graceMs`, so a restored revision, or an editor still showing
 *     the old link, sends and shows the server's copy), one never uploaded only when no revision
 *     links to it either and `graceMs` has passed since its last `keep` (the editor may not have
 *     saved its link yet)
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ImageInsertMessages, LIMITS, ServerMessages } from '@folio/shared';
import { writeFileDurably } from '@folio/shared/durable-file';
import { DRAFT_IMAGE_NAME, draftImageUrl, parseDraftImagePath } from '../common/draft-images-path.js';
import type { ArticlesApi } from './articles-api.js';
import type { StoredDraft } from './draft-file.js';
import type { DraftStore } from './draft-store.js';
import { isNetworkError } from './http.js';
import { findImageRefs, rewriteImageRefs } from './image-links.js';
import { imageExtensionOf } from './import-images.js';

/** Beside the drafts of the profile (draft-store.ts reads only its own `<id>.json` files there). */
export function draftImagesDir(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'profiles', profileId, 'drafts', 'images');
}

/** The uploaded URL kept beside a kept image, written once the server has answered. */
const UPLOADED_SUFFIX = '.uploaded';

async function uploadedUrl(file: string): Promise<string | undefined> {
  const recorded = (await fs.readFile(file + UPLOADED_SUFFIX, 'utf8').catch(() => '')).trim();
  return recorded === '' ? undefined : recorded;
}

export async function readKeptImage(
  dir: string,
  name: string,
): Promise<{ bytes: Uint8Array } | { uploadedTo: string } | undefined> {
  if (!DRAFT_IMAGE_NAME.test(name)) return undefined;
  const file = path.join(dir, name);
  const bytes = await fs.readFile(file).catch(() => undefined);
  if (bytes) return { bytes };
  const uploadedTo = await uploadedUrl(file);
  return uploadedTo === undefined ? undefined : { uploadedTo };
}

export class DraftImageError extends Error {
  override name = 'DraftImageError';
}

export interface DraftImagesOptions {
  /** The server profile whose drafts these are: links name it, so the app protocol finds the folder. */
  profileId: string;
  now?: () => Date;
  /** How long an image is kept after its last `keep` even with no link to it. */
  graceMs?: number;
}

/** An editor's undo may bring a deleted link back long after the keystroke save that dropped it. */
export const UNLINKED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

export interface ImageUploadContext {
  api: ArticlesApi;
  /** A durable change of the draft (sync's, which tells an open editor and the renderer). */
  change(draftId: string, edit: (draft: StoredDraft) => void): Promise<StoredDraft>;
}

/**
 * `ready`: no kept image is linked any more (the draft as it is now); `offline`: the server did
 * not answer; `retry-later`: 401/429/5xx; `rejected`: the server refused an image (or its file
 * is gone): the draft keeps its local link and `message` says why.
 */
export type ImageUploadOutcome =
  { status: 'ready'; draft: StoredDraft } | { status: 'offline' } | { status: 'retry-later' | 'rejected'; message: string };

export class DraftImages {
  private readonly now: () => Date;
  private readonly graceMs: number;

  private constructor(
    private readonly dir: string,
    private readonly profileId: string,
    options: DraftImagesOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.graceMs = options.graceMs ?? UNLINKED_IMAGE_GRACE_MS;
  }

  static async open(dir: string, options: DraftImagesOptions): Promise<DraftImages> {
    await fs.mkdir(dir, { recursive: true });
    // Temp files of a write a crash interrupted: the rename never happened, nothing links to them.
    for (const name of await fs.readdir(dir)) {
      if (name.startsWith('.') && name.endsWith('.tmp')) await fs.rm(path.join(dir, name), { force: true });
    }
    return new DraftImages(dir, options.profileId, options);
  }

  async keep(bytes: Uint8Array): Promise<{ name: string; url: string }> {
    if (bytes.byteLength > LIMITS.imageBytes) throw new DraftImageError(ServerMessages.imageTooLarge);
    const extension = imageExtensionOf(bytes.subarray(0, 12));
    if (!extension) throw new DraftImageError(ServerMessages.imageTypeUnsupported);
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
    const file = path.join(this.dir, name);
    const at = this.now();
    // The same bytes again: the file is already whole (it was renamed into place); its grace starts over.
    const kept = await fs.utimes(file, at, at).then(
      () => true,
      () => false,
    );
    if (!kept) await writeFileDurably(file, bytes, 0o600);
    return { name, url: draftImageUrl(this.profileId, name) };
  }

  /** The kept images a text links to, by file name (this profile's links only). */
  linkedNames(markdown: string): Set<string> {
    const names = new Set<string>();
    for (const ref of findImageRefs(markdown)) {
      const name = this.nameOf(ref.target);
      if (name !== undefined) names.add(name);
    }
    return names;
  }

  async uploadLinked(draft: StoredDraft, context: ImageUploadContext): Promise<ImageUploadOutcome> {
    const names = this.linkedNames(draft.fields.content);
    if (names.size === 0) return { status: 'ready', draft };
    const urls = new Map<string, string>();
    for (const name of names) {
      const uploaded = await this.upload(name, context.api);
      if (typeof uploaded !== 'string') return uploaded;
      urls.set(name, uploaded);
    }
    // Rewritten in the text as it is now: typing may have gone on during the uploads.
    const rewritten = await context.change(draft.id, (next) => {
      const content = next.fields.content;
      next.fields.content = rewriteImageRefs(content, findImageRefs(content), (ref) => {
        const name = this.nameOf(ref.target);
        return name === undefined ? undefined : urls.get(name);
      });
    });
    // An image pasted during the uploads goes up too, before the text.
    return this.uploadLinked(rewritten, context);
  }

  async removeUnlinked(drafts: DraftStore): Promise<string[]> {
    const entries = await fs.readdir(this.dir);
    // Most syncs keep no image: the drafts' revision rings are read only when there is one.
    if (entries.length === 0) return [];
    const inText = new Set<string>();
    const inRing = new Set<string>();
    for (const summary of drafts.list()) {
      for (const name of this.linkedNames(drafts.get(summary.id)?.fields.content ?? '')) inText.add(name);
      const ring = await drafts.revisions(summary.id).catch(() => []);
      for (const revision of ring) for (const name of this.linkedNames(revision.fields.content)) inRing.add(name);
    }
    const removed: string[] = [];
    for (const entry of entries) {
      const name = entry.endsWith(UPLOADED_SUFFIX) ? entry.slice(0, -UPLOADED_SUFFIX.length) : entry;
      if (!DRAFT_IMAGE_NAME.test(name) || inText.has(name)) continue;
      const file = path.join(this.dir, entry);
      const info = await fs.stat(file).catch(() => undefined);
      const young = !info || this.now().getTime() - info.mtimeMs < this.graceMs;
      if (entry !== name) {
        // A record outlives its file while a revision may bring the link back, or an editor
        // opened before the sync still shows it (its preview is sent to the server's copy).
        if (!inRing.has(name) && !young) await fs.rm(file, { force: true });
        continue;
      }
      const uploaded = (await uploadedUrl(file)) !== undefined;
      if (!uploaded && (inRing.has(name) || young)) continue;
      await fs.rm(file, { force: true });
      removed.push(name);
    }
    return removed;
  }

  private nameOf(target: string): string | undefined {
    const parsed = parseDraftImagePath(target.split(/[?#]/)[0] ?? '');
    return parsed?.profileId === this.profileId ? parsed.name : undefined;
  }

  /** The server's URL for a kept image: from its record, or by uploading it now. */
  private async upload(name: string, api: ArticlesApi): Promise<string | Exclude<ImageUploadOutcome, { status: 'ready' }>> {
    const file = path.join(this.dir, name);
    const recorded = await uploadedUrl(file);
    if (recorded !== undefined) return recorded;
    const bytes = await fs.readFile(file).catch(() => undefined);
    if (!bytes) return { status: 'rejected', message: ImageInsertMessages.keptImageMissing(name) };
    let result: Awaited<ReturnType<ArticlesApi['uploadImage']>>;
    try {
      result = await api.uploadImage(bytes, name);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      return { status: 'offline' };
    }
    if (!result.ok) {
      if (result.status === 401 || result.status === 429 || result.status >= 500) {
        return { status: 'retry-later', message: result.message };
      }
      return { status: 'rejected', message: ImageInsertMessages.failed(name, result.message) };
    }
    await writeFileDurably(file + UPLOADED_SUFFIX, result.value, 0o600);
    return result.value;
  }
}
