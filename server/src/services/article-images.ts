import type { PublicImage, PublicImageSize } from '@folio/shared';
import { uploadFilenameOfPath } from '../store/uploads.repository.js';

/** The facts of an upload, by filename, once its page sizes exist (ImageSizesService). */
export type ImageFactsLookup = (filename: string) => PublicImage | undefined;

/** An upload's path, by any of its three URLs (server/API.md §12), wherever it stands in Markdown. */
const UPLOAD_PATH = /\/(?:uploads|api\/admin\/avatars\/file|api\/admin\/articles\/cover)\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}/g;

const FEED_IMAGE_WIDTH = 960;

/** The size a feed shows: WebP, 960 wide, or the widest below that when the image is narrower. */
export function midSizeOf(image: PublicImage | undefined): PublicImageSize | undefined {
  const webp = image?.sizes.filter((size) => size.type === 'image/webp' && size.width <= FEED_IMAGE_WIDTH) ?? [];
  return webp.reduce<PublicImageSize | undefined>(
    (widest, size) => (widest && widest.width >= size.width ? widest : size),
    undefined,
  );
}

/** The facts of the upload a cover or image path points at; `undefined` for another path or before its sizes exist. */
export function factsOfUploadPath(uploadPath: string, lookup: ImageFactsLookup): PublicImage | undefined {
  const filename = uploadFilenameOfPath(uploadPath);
  return filename === undefined ? undefined : lookup(filename);
}

/**
 * The facts of the uploads an article shows (its cover and the images of its body), by
 * filename, for the page to build `<picture>` from (server/API.md §E11.1). Uploads without page
 * sizes yet are left out: the page shows their original.
 */
export function imagesShownBy(cover: string, body: string, lookup: ImageFactsLookup): Record<string, PublicImage> {
  const images: Record<string, PublicImage> = {};
  for (const filename of uploadsShownBy(cover, body)) {
    const facts = lookup(filename);
    if (facts) images[filename] = facts;
  }
  return images;
}

/**
 * The uploads an article shows, by filename, each once: its cover, then every upload its body
 * names (Markdown images, reference-style links, `<img src>`, by any of the three URLs). The
 * page and the backup (server/API.md §14) read a body through this one rule.
 */
export function uploadsShownBy(cover: string, body: string): string[] {
  const filenames = new Set<string>();
  for (const uploadPath of [cover, ...(body.match(UPLOAD_PATH) ?? [])]) {
    const filename = uploadFilenameOfPath(uploadPath);
    if (filename !== undefined) filenames.add(filename);
  }
  return [...filenames];
}
