import createDOMPurify from 'dompurify';
import type { Config, DOMPurify } from 'dompurify';
import { OWNER_HTML_ALLOW_LIST, allowedAttributeNames, allowedUrlPattern } from '@folio/shared';
import { sanitizeOnServer } from './server-html-sanitizer';

const CONFIG: Config = {
  ALLOWED_TAGS: [...OWNER_HTML_ALLOW_LIST.tags],
  ALLOWED_ATTR: allowedAttributeNames(),
  ALLOWED_URI_REGEXP: allowedUrlPattern(),
  ADD_FORBID_CONTENTS: [...OWNER_HTML_ALLOW_LIST.droppedWithContent],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

let ownerHtmlPurifier: DOMPurify | undefined;

/**
 * A DOMPurify of its own for owner HTML. Its hook must not sit on the shared default instance:
 * Mermaid cleans every diagram it draws with that one, and with the hook it lost every attribute
 * the owner-HTML list does not name (viewBox, transform, d), so a page or admin screen that had
 * cleaned an about text drew blank diagrams.
 */
function purifier(): DOMPurify {
  if (ownerHtmlPurifier) return ownerHtmlPurifier;
  const instance = createDOMPurify(window);
  // DOMPurify allows attributes on any tag; the shared list names them per tag.
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const everywhere = OWNER_HTML_ALLOW_LIST.attributes['*'] ?? [];
    const forTag = OWNER_HTML_ALLOW_LIST.attributes[tag] ?? [];
    if (!everywhere.includes(data.attrName) && !forTag.includes(data.attrName)) data.keepAttr = false;
  });
  ownerHtmlPurifier = instance;
  return instance;
}

/**
 * Cleans owner-written HTML (the about texts, the contact description) before it is inserted:
 * only the shared allow-list survives, so a `<script>`, an `onerror=`, a `javascript:` URL or a
 * `<style>` never reaches the page. Returns '' when no sanitiser is available rather than
 * passing unsanitised HTML through. Public pages use `useSanitizedHtml` (owner-html.ts), which
 * loads this module only when it needs it.
 */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  if (typeof window === 'undefined') return sanitizeOnServer(html);
  const instance = purifier();
  if (!instance.isSupported) return '';
  return instance.sanitize(html, CONFIG);
}
