import DOMPurify from 'dompurify';
import type { WindowLike } from 'dompurify';

let serverWindow: WindowLike | null = null;

/** On the server there is no DOM: the SSR entry hands in a jsdom window for DOMPurify. */
export function setServerDomWindow(window: WindowLike): void {
  serverWindow = window;
}

/**
 * Cleans owner-written HTML (the about texts) before it is inserted: scripts, event handler
 * attributes and `javascript:` URLs are removed, so a `<script>` or `onerror=` never runs.
 * Returns '' when no DOM is available rather than passing unsanitised HTML through.
 */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const purifier = typeof window === 'undefined' ? (serverWindow ? DOMPurify(serverWindow) : null) : DOMPurify;
  if (!purifier?.isSupported) return '';
  return purifier.sanitize(html, { USE_PROFILES: { html: true } });
}
