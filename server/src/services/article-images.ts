import type { PublicImage, PublicImageSize } from '@folio/shared';
import { uploadFilenameOfPath, uploadsShownBy } from '../store/uploads.repository.js';

/** Defined beside the upload log, which a purge fills from it; the page and the backup read it here. */
export { uploadsShownBy };

/** The facts of an upload, by filename, once its page sizes exist (ImageSizesService). */
export type ImageFactsLookup = (filename: string) => PublicImage | undefined;

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
