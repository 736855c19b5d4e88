import type { Context, Next } from 'koa';

/**
 * The Content-Security-Policy of every answer. It is one constant string, not a per-response
 * nonce, on purpose: the server-rendered page carries no inline script that runs (its data is a
 * `<script type="application/json">` and JSON-LD, which browsers never execute and CSP does not
 * govern), so nothing in the page has to match the header. A page kept in the page cache (web/page-cache.ts)
 * therefore stays valid with any response's header.
 *
 * - scripts: only the built bundles from this origin; no inline script, no eval.
 * - styles: 'unsafe-inline' is needed for styles only: Fluent/Griffel insert `<style>` rules at
 *   run time, Fluent and CodeMirror set `style` attributes, and Mermaid's SVG carries its own
 *   `<style>` element, none of which can take a nonce. The owner's and visitors' HTML loses its
 *   `<style>` and `style` anyway (see shared/src/html-allow-list.ts).
 * - images: owner-chosen covers, the code-host avatars and the contribution-calendar image come
 *   from any host the owner links, so any http(s) image is allowed, plus data:/blob: (Mermaid).
 * - connections: this origin only (API, Socket.IO polling and WebSocket); the projects come
 *   through the server (server/API.md §E20), so no page talks to the code host.
 * - frame-ancestors 'none': no other site may frame any page, the admin above all.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
  "worker-src 'self' blob:",
].join('; ');

/** Powerful browser features Folio never uses, switched off for every page. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The headers every answer gets, set before anything runs so streamed pages carry them too. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
});

/**
 * Sets the security headers on every answer (HTML pages, files and JSON alike): a JSON or
 * image answer opened directly in a tab is a document too, so it gets the same policy.
 */
export function securityHeaders() {
  return async (ctx: Context, next: Next) => {
    ctx.set(SECURITY_HEADERS);
    await next();
  };
}
