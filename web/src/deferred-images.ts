/**
 * Run by the page's first script (page-start.ts) once the page is parsed and before the main
 * script: it starts the lazy images of a server-rendered page (the home section's avatar and
 * contribution calendar) exactly as LazyImage would, once they are in view (threshold) and after
 * their delay, so they wait neither for the main script's download (about 90 KB) nor for
 * hydration. The calendar is the landing page's largest element: when it shows is the page's
 * largest contentful paint. LazyImage takes over after hydration and on pages rendered in the
 * browser; setting the same URL again costs no second request.
 */
const SELECTOR = 'img[data-deferred-src]';

function start(image: HTMLImageElement): void {
  const source = image.dataset.deferredSrc ?? '';
  const fallback = image.dataset.fallbackSrc;
  const delay = Number(image.dataset.deferredDelay ?? 0);
  const threshold = Number(image.dataset.deferredThreshold ?? 0);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      window.setTimeout(() => {
        // A failed image shows its fallback, as LazyImage does.
        if (fallback) image.addEventListener('error', () => image.setAttribute('src', fallback), { once: true });
        image.setAttribute('src', source);
      }, delay);
    },
    { threshold },
  );
  observer.observe(image);
}

document.querySelectorAll<HTMLImageElement>(SELECTOR).forEach(start);
