/**
 * The one allow-list for owner-written HTML (the about texts and the contact description).
 * The server renders with `sanitize-html` and the browser with DOMPurify, both configured from
 * this list (server/src/web/owner-html.ts, web/src/lib/sanitize-html.ts), so a page looks the
 * same before and after hydration and neither side lets more through than the other.
 *
 * No `<style>` element and no `style` attribute: owner text (or a snippet pasted from elsewhere)
 * must not restyle the public page, hide its content or overlay fake controls.
 */
export const OWNER_HTML_ALLOW_LIST = Object.freeze({
  tags: Object.freeze([
    'p',
    'br',
    'hr',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'code',
    'pre',
    'kbd',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ]),
  /** Attributes per tag; '*' applies to every allowed tag. */
  attributes: Object.freeze({
    '*': Object.freeze(['title', 'lang', 'dir']),
    a: Object.freeze(['href', 'target', 'rel']),
    img: Object.freeze(['src', 'alt', 'width', 'height']),
    ol: Object.freeze(['start']),
    th: Object.freeze(['colspan', 'rowspan']),
    td: Object.freeze(['colspan', 'rowspan']),
  }) as Readonly<Record<string, readonly string[]>>,
  /** URL schemes allowed in `href` and `src` (relative URLs are always allowed). */
  urlSchemes: Object.freeze(['http', 'https', 'mailto', 'tel']),
  /** Dropped with their content, not just unwrapped. */
  droppedWithContent: Object.freeze(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'textarea', 'title']),
});

export type OwnerHtmlAllowList = typeof OWNER_HTML_ALLOW_LIST;

/** Every attribute name the list allows on some tag (DOMPurify takes one flat list). */
export function allowedAttributeNames(list: OwnerHtmlAllowList = OWNER_HTML_ALLOW_LIST): string[] {
  return [...new Set(Object.values(list.attributes).flat())].sort();
}

/**
 * A URL is allowed when it is relative (no scheme) or uses one of the listed schemes. The
 * pattern has DOMPurify's shape (`ALLOWED_URI_REGEXP`): it is tested against the whole value
 * after whitespace and control characters are removed.
 */
export function allowedUrlPattern(list: OwnerHtmlAllowList = OWNER_HTML_ALLOW_LIST): RegExp {
  return new RegExp(`^(?:(?:${list.urlSchemes.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`, 'i');
}
