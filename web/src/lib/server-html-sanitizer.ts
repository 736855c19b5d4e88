type Sanitizer = (html: string) => string;

let serverSanitizer: Sanitizer | null = null;

/**
 * On the server there is no DOM for DOMPurify: the SSR entry hands in the server's sanitiser,
 * which is configured from the same shared allow-list (server/src/web/owner-html.ts).
 */
export function setServerHtmlSanitizer(sanitizer: Sanitizer): void {
  serverSanitizer = sanitizer;
}

/** The server's sanitiser, or '' when none was handed in: never the HTML as it came. */
export function sanitizeOnServer(html: string): string {
  return html && serverSanitizer ? serverSanitizer(html) : '';
}
