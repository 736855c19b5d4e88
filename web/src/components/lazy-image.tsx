import { useEffect, useRef, useState } from 'react';
import type { ImgHTMLAttributes } from 'react';
import { LAZY_LOAD_THRESHOLD } from '@folio/shared';
import type { PublicImage } from '@folio/shared';
import { PictureSources } from '../lib/images/responsive-picture';

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string;
  alt: string;
  /** Shown before loading and when `src` is empty or fails. */
  fallbackSrc?: string;
  /** Wait this long after the image scrolls into view before loading it. */
  delayMs?: number;
  /** Called when `src` fails and there is no fallback (the caller may hide the image). */
  onFailed?: () => void;
  /**
   * The upload's page sizes (server/API.md §E11.1): the image becomes a `<picture>` whose AVIF
   * and WebP sources join once it is in view, so nothing loads before then.
   */
  picture?: { image: PublicImage | undefined; sizes: string };
}

/**
 * An image that starts loading only once it is in view (threshold 0.1), optionally after a
 * delay, and swaps to `fallbackSrc` when it has no source or fails. In a server-rendered page
 * the `data-deferred-*` attributes let `deferred-images.ts` start it before the app hydrates.
 */
export function LazyImage({ src, alt, fallbackSrc, delayMs = 0, onFailed, picture, ...rest }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(false);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    let timer = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        timer = window.setTimeout(() => setVisible(true), delayMs);
      },
      { threshold: LAZY_LOAD_THRESHOLD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [visible, delayMs]);

  const useFallback = !src || failedSrc === src;
  const current = visible ? (useFallback ? fallbackSrc : src) : fallbackSrc;
  const img = (
    <img
      ref={ref}
      {...rest}
      alt={alt}
      src={current}
      decoding="async"
      data-deferred-src={src || undefined}
      data-deferred-delay={delayMs}
      data-deferred-threshold={LAZY_LOAD_THRESHOLD}
      data-fallback-src={fallbackSrc}
      data-loaded={visible ? 'true' : 'false'}
      onError={() => {
        if (visible && src && !useFallback) {
          setFailedSrc(src);
          if (!fallbackSrc) onFailed?.();
        }
      }}
    />
  );
  if (!picture) return img;
  // A <picture> from the start, so the server's markup and the hydrating one agree.
  return (
    <PictureSources image={visible && !useFallback ? picture.image : undefined} sizes={picture.sizes} alwaysWrapped>
      {img}
    </PictureSources>
  );
}
