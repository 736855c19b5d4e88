import DOMPurify from 'dompurify';
import type { Config } from 'dompurify';
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

let hookAdded = false;

/** DOMPurify allows attributes on any tag; the shared list names them per tag. */
function addPerTagAttributeHook(): void {
  if (hookAdded) return;
  hookAdded = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const everywhere = OWNER_HTML_ALLOW_LIST.attributes['*'] ?? [];
    const forTag = OWNER_HTML_ALLOW_LIST.attributes[tag] ?? [];
    if (!everywhere.includes(data.attrName) && !forTag.includes(data.attrName)) data.keepAttr = false;
  });
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
  if (!DOMPurify.isSupported) return '';
  addPerTagAttributeHook();
  return DOMPurify.sanitize(html, CONFIG);
}
