import type { PublicImage } from '@folio/shared';
import type { ImageManifest } from '../store/image-sizes.repository.js';

export const imageSizeUrl = (filename: string) => `/uploads/sizes/${filename}`;

/** What a page needs to show an upload without the layout moving (server/API.md §E11.1). */
export function presentImageFacts(manifest: ImageManifest): PublicImage {
  return {
    width: manifest.width,
    height: manifest.height,
    animated: manifest.animated,
    sizes: manifest.sizes.map((size) => ({
      width: size.width,
      height: size.height,
      type: `image/${size.format}`,
      url: imageSizeUrl(size.filename),
    })),
  };
}
