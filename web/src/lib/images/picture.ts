import type { PublicImage, PublicImageSize } from '@folio/shared';

/**
 * How wide an image of the article column shows, for the browser to pick a size before layout:
 * the whole viewport on a phone, at most the column's 800 px beside it.
 */
export const ARTICLE_IMAGE_SIZES = '(max-width: 840px) 100vw, 800px';

/** How wide an article card's cover shows: one column on a phone, two on a tablet, three beside. */
export const CARD_IMAGE_SIZES = '(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 400px';

/** Newest format first: a browser takes the first `<source>` whose type it knows. */
const SOURCE_TYPES: readonly PublicImageSize['type'][] = ['image/avif', 'image/webp'];

export interface PictureSource {
  type: PublicImageSize['type'];
  srcSet: string;
}

/** The `<source>`s of an image's `<picture>`: one `srcset` per format, its widths in `w` units. */
export function pictureSources(image: PublicImage): PictureSource[] {
  return SOURCE_TYPES.map((type) => ({
    type,
    srcSet: image.sizes
      .filter((size) => size.type === type)
      .map((size) => `${size.url} ${size.width}w`)
      .join(', '),
  })).filter((source) => source.srcSet !== '');
}

/** The copy of an image made for link previews (a JPEG 1200 wide), when it is that wide. */
export function socialImageOf(image: PublicImage | undefined): PublicImageSize | undefined {
  return image?.sizes.find((size) => size.type === 'image/jpeg');
}

/** An upload's three URLs (server/API.md §12) end in its filename; other sources have none. */
const UPLOAD_SRC = /^\/(?:uploads|api\/admin\/avatars\/file|api\/admin\/articles\/cover)\/([A-Za-z0-9][A-Za-z0-9._-]{0,127})$/;

/** The facts of the upload an image source points at, when the page was given them. */
export function imageFactsFor(src: string, images: Readonly<Record<string, PublicImage>> | undefined): PublicImage | undefined {
  const filename = UPLOAD_SRC.exec(src)?.[1];
  return filename === undefined ? undefined : images?.[filename];
}
