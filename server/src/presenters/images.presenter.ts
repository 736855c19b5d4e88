import type { ImageManifest } from '../store/image-sizes.repository.js';

/** An upload's page size as a client sees it: where to fetch it and what it measures. */
export interface ImageSizeJson {
  width: number;
  height: number;
  type: 'image/avif' | 'image/webp';
  url: string;
}

/** What a page needs to show an upload without the layout moving (server/API.md §E11). */
export interface ImageFactsJson {
  width: number;
  height: number;
  animated: boolean;
  sizes: ImageSizeJson[];
}

export const imageSizeUrl = (filename: string) => `/uploads/sizes/${filename}`;

export function presentImageFacts(manifest: ImageManifest): ImageFactsJson {
  return {
    width: manifest.width,
    height: manifest.height,
    animated: manifest.animated,
    sizes: manifest.sizes.map((size) => ({
      width: size.width,
      height: size.height,
      type: size.format === 'avif' ? 'image/avif' : 'image/webp',
      url: imageSizeUrl(size.filename),
    })),
  };
}
