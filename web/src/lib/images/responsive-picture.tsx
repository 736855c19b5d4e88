import type { ReactNode } from 'react';
import type { PublicImage } from '@folio/shared';
import { pictureSources } from './picture';

export interface ResponsivePictureProps {
  src: string;
  alt: string;
  /** The upload's facts (server/API.md §E11.1); without them the original alone is shown. */
  image: PublicImage | undefined;
  /** How wide it shows, for the browser's pick among the sizes (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /**
   * The page's largest image (an article's cover): fetched first and at once. Any other image
   * waits until it nears the viewport.
   */
  priority?: boolean;
}

/**
 * An upload as `<picture>`: AVIF and WebP sizes for the browser to choose from, the original as
 * the `<img>`, whose width and height reserve its box before it loads.
 */
export function ResponsivePicture({ src, alt, image, sizes, className, priority = false }: ResponsivePictureProps) {
  const img = (
    <img
      className={className}
      src={src}
      alt={alt}
      width={image?.width}
      height={image?.height}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  return (
    <PictureSources image={image} sizes={sizes}>
      {img}
    </PictureSources>
  );
}

export interface PictureSourcesProps {
  image: PublicImage | undefined;
  sizes: string;
  /** Keep the `<picture>` even without sources (an image whose sources join later). */
  alwaysWrapped?: boolean;
  children: ReactNode;
}

/**
 * Puts an `<img>` inside a `<picture>` with the image's AVIF and WebP sizes; the `<img>` alone
 * when there are none (no facts yet, an outside image, an animation).
 */
export function PictureSources({ image, sizes, alwaysWrapped = false, children }: PictureSourcesProps) {
  const sources = image ? pictureSources(image) : [];
  if (sources.length === 0 && !alwaysWrapped) return children;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {children}
    </picture>
  );
}
