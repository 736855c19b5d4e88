import { SCROLL_DURATION_MS, SCROLL_OFFSET_PX } from '@folio/shared';

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Where the window must scroll to put the element's top at `offset` (clamped to the scrollable range). */
function targetOf(element: Element, offset: number): number {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.min(Math.max(0, element.getBoundingClientRect().top + window.scrollY + offset), Math.max(0, max));
}

/**
 * Scrolls to an element's top plus `offset` (below the fixed bar) over `duration` ms. The
 * target is measured again on every frame, so content that still changes height while the
 * scroll runs (a late image, a list that finishes loading) cannot make it land off target.
 */
export function scrollToElement(element: Element, offset = SCROLL_OFFSET_PX, duration = SCROLL_DURATION_MS): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduceMotion || duration <= 0) {
    window.scrollTo(0, targetOf(element, offset));
    return;
  }
  const start = window.scrollY;
  const startTime = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startTime) / duration);
    window.scrollTo(0, start + (targetOf(element, offset) - start) * easeInOut(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function scrollToId(id: string): void {
  const element = document.getElementById(id);
  if (element) scrollToElement(element);
}
