import { SCROLL_DURATION_MS, SCROLL_OFFSET_PX } from '@folio/shared';

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Scrolls to an element's top plus `offset` (below the fixed bar) over `duration` ms. */
export function scrollToElement(element: Element, offset = SCROLL_OFFSET_PX, duration = SCROLL_DURATION_MS): void {
  const target = Math.max(0, element.getBoundingClientRect().top + window.scrollY + offset);
  const start = window.scrollY;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduceMotion || duration <= 0) {
    window.scrollTo(0, target);
    return;
  }
  const startTime = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startTime) / duration);
    window.scrollTo(0, start + (target - start) * easeInOut(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function scrollToId(id: string): void {
  const element = document.getElementById(id);
  if (element) scrollToElement(element);
}
