import { useEffect, useState } from 'react';
import { useSnapshotHolder } from './page-snapshot';
import { sanitizeOnServer } from './server-html-sanitizer';

type Sanitizer = (html: string) => string;

let browserSanitizer: Sanitizer | null = null;
let browserSanitizerLoading: Promise<void> | null = null;

// DOMPurify is about 10 KB gzip: it is fetched only when live data brings owner HTML that the
// server did not sanitise for this page, never before the page is usable.
function loadBrowserSanitizer(): Promise<void> {
  browserSanitizerLoading ??= import('./sanitize-html').then((module) => {
    browserSanitizer = module.sanitizeHtml;
  });
  return browserSanitizerLoading;
}

// Own keys only: an owner text such as `constructor` must not find Object.prototype's member.
function serverSanitized(table: Record<string, string> | undefined, html: string): string | undefined {
  return table && Object.hasOwn(table, html) ? table[html] : undefined;
}

/**
 * Owner-written HTML (the about texts, the contact description) made safe to insert. A
 * server-rendered page carries the server's sanitised copy of each such text in its snapshot
 * (`sanitizedHtml`, keyed by the raw HTML), which hydration uses as it is; any other text (a live
 * update, a refetch after navigating) goes through DOMPurify, loaded on first need, and is ''
 * until then. Whatever the path, only the shared allow-list survives: a `<script>`, an
 * `onerror=` or a `javascript:` URL never reaches the page.
 */
export function useSanitizedHtml(html: string): string {
  const { snapshot } = useSnapshotHolder();
  const [, setLoaded] = useState(false);
  const fromServer = html ? serverSanitized(snapshot?.sanitizedHtml, html) : '';
  const clean =
    fromServer ??
    (typeof window === 'undefined' ? sanitizeOnServer(html) : browserSanitizer ? browserSanitizer(html) : undefined);
  const waiting = clean === undefined;
  useEffect(() => {
    if (waiting) void loadBrowserSanitizer().then(() => setLoaded(true));
  }, [waiting]);
  return clean ?? '';
}
