/**
 * The page's first script (an entry of its own, see web/vite/early-entry.ts), run once the HTML
 * is parsed. It starts the home section's lazy images (deferred-images.ts) at once, and the app's
 * main script only once a server-rendered page's first paint is on screen:
 * - run as a plain module script, the main script ran before the first paint whenever it arrived
 *   first (always on a fast connection) and held the paint back while it hydrated the page
 *   (140-180 ms here, far more on a slow phone);
 * - fetched as the HTML is parsed, it and its imports (about 100 KB) shared a slow connection
 *   with the page itself, which is all the first paint needs.
 * A page rendered in the browser (the admin) has nothing to paint first: it starts at once.
 */
import './deferred-images';

/** How long a server-rendered page waits for the browser to report its first paint, at most. */
const PAINT_REPORT_TIMEOUT_MS = 1000;

/** This entry's own `<script>`, which names the main script and the modules it imports. */
const OWN_SCRIPT_SELECTOR = 'script[data-main-entry]';

function startMain(): void {
  const ownScript = document.querySelector<HTMLScriptElement>(OWN_SCRIPT_SELECTOR);
  const mainEntry = ownScript?.dataset.mainEntry;
  if (!ownScript || !mainEntry) return;
  // Fetched side by side, rather than one after another as the imports are discovered.
  for (const href of (ownScript.dataset.mainImports ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ mainEntry);
}

/** Runs `start` once the first contentful paint is on screen, as the browser reports it. */
function afterFirstContentfulPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const isFirstContentfulPaint = (entry: PerformanceEntry) => entry.name === 'first-contentful-paint';
  // Older browsers have no paint timing, or no list of what it reports.
  const paintReported = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  const observer = paintReported
    ? new PerformanceObserver((list) => list.getEntries().some(isFirstContentfulPaint) && startOnce())
    : undefined;
  if (observer) {
    observer.observe({ type: 'paint', buffered: true });
    // Should the report never come, the page still starts.
    window.setTimeout(startOnce, PAINT_REPORT_TIMEOUT_MS);
  } else {
    // Without paint timing: the second frame's callback runs once the first frame is drawn.
    requestAnimationFrame(() => requestAnimationFrame(startOnce));
  }
}

const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
// A hidden tab paints nothing until it is shown.
if (!serverRendered || document.visibilityState === 'hidden') startMain();
else afterFirstContentfulPaint(startMain);
