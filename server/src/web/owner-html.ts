import sanitize from 'sanitize-html';
import type { IOptions } from 'sanitize-html';
import { OWNER_HTML_ALLOW_LIST } from '@folio/shared';

/**
 * `sanitize-html` options from the shared allow-list. The server has no DOM (and should not
 * carry jsdom's memory for one), so it uses a sanitiser built on an HTML parser instead of
 * DOMPurify; both read the same list.
 */
const OPTIONS: IOptions = {
  allowedTags: [...OWNER_HTML_ALLOW_LIST.tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(OWNER_HTML_ALLOW_LIST.attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...OWNER_HTML_ALLOW_LIST.urlSchemes],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...OWNER_HTML_ALLOW_LIST.droppedWithContent],
  parseStyleAttributes: false,
};

/** Cleans owner-written HTML for a server-rendered page (see shared/src/html-allow-list.ts). */
export function sanitizeOwnerHtml(html: string): string {
  return html ? sanitize(html, OPTIONS) : '';
}
