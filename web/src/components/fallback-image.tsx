import { useEffect, useRef } from 'react';
import type { ImgHTMLAttributes } from 'react';

export interface FallbackImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  alt: string;
  fallbackSrc: string;
}

/**
 * An image that swaps to `fallbackSrc` when it fails, including a failure that happened in
 * server-rendered HTML before React hydrated (its error event is gone by then).
 */
export function FallbackImage({ src, fallbackSrc, alt, ...rest }: FallbackImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const showFallback = (image: HTMLImageElement) => {
    if (!image.src.endsWith(fallbackSrc)) image.src = fallbackSrc;
  };
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0 && image.getAttribute('src')) showFallback(image);
  });
  return <img ref={ref} {...rest} src={src || fallbackSrc} alt={alt} onError={(event) => showFallback(event.currentTarget)} />;
}
