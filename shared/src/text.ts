/**
 * The project's one HTML escaper, RegExp escaper and tag stripper (server feeds and SSR head, web Markdown
 * renderer and public layout), so a fix to either reaches every page and feed.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML or XML content and attribute values (&#39; is valid in both). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** `text` as a RegExp source that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Plain text from a field that may hold HTML (site name, titles): tags removed, ends trimmed.
 * `separator` replaces each tag: a space keeps the words of `<p>a</p><p>b</p>` apart in a
 * description, while a name like `<b>张</b>三` wants none.
 */
export function stripTags(text: string, separator = ''): string {
  return text.replace(/<[^>]*>/g, separator).trim();
}
