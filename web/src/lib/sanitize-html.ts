import DOMPurify from 'dompurify';

/**
 * Cleans owner-written HTML (the about texts) before it is inserted: scripts, event handler
 * attributes and `javascript:` URLs are removed. Needs a DOM, so on the server it returns ''
 * unless a DOM window is passed (see server/src/web, which passes one from jsdom).
 */
export function sanitizeHtml(html: string, domWindow?: Window): string {
  if (!html) return '';
  const purifier = domWindow ? DOMPurify(domWindow as unknown as Parameters<typeof DOMPurify>[0]) : DOMPurify;
  if (!purifier.isSupported) return '';
  return purifier.sanitize(html, { USE_PROFILES: { html: true } });
}
