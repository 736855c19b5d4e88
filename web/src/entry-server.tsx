import { renderToPipeableStream } from 'react-dom/server';
import type { PipeableStream } from 'react-dom/server';
import type { PublicPageSnapshot } from '@folio/shared';
import { App } from './app/app';
import { ownerHtmlTexts } from './features/public/layout/model/site-blocks';
import { SNAPSHOT_ELEMENT_ID } from './lib/page-snapshot';
import type { PageSnapshot } from './lib/page-snapshot';
import { loadAllCodeLanguages } from './lib/markdown/prism-highlight';
import { sanitizeOnServer } from './lib/server-html-sanitizer';
import { buildPageHead, scriptJson } from './ssr/page-head';

export { setServerHtmlSanitizer } from './lib/server-html-sanitizer';

export interface RenderPageInput {
  /** Request URL (path and query). */
  url: string;
  origin: string;
  snapshot: PublicPageSnapshot;
  status: number;
}

export interface RenderedPage {
  /** Title, meta, canonical, Open Graph, Twitter and JSON-LD tags. */
  head: string;
  /** The JSON snapshot the browser hydrates from. */
  dataScript: string;
  /** Streams the app's HTML (it is fully rendered, Suspense included, when this resolves). */
  pipe: PipeableStream['pipe'];
  abort: PipeableStream['abort'];
}

// Every code language, so any article renders highlighted (the browser loads only what a page uses).
const codeLanguagesReady = loadAllCodeLanguages();

/**
 * The snapshot with the server's sanitised copy of each owner HTML text: the page renders it and
 * hydration reuses it, so the browser needs no sanitiser (DOMPurify) before the page is usable.
 */
function withSanitizedHtml(snapshot: PublicPageSnapshot): PageSnapshot {
  const texts = ownerHtmlTexts(snapshot.siteBlocks);
  return { ...snapshot, sanitizedHtml: Object.fromEntries(texts.map((text) => [text, sanitizeOnServer(text)])) };
}

function appTree(url: string, snapshot: PageSnapshot) {
  return <App url={url} snapshot={{ snapshot, consumed: false }} />;
}

/**
 * Renders a public page with React streaming SSR. It waits for every Suspense boundary (lazy
 * routes) so crawlers and visitors without JavaScript get the whole page. Its styles are the app's
 * one stylesheet, which the server inlines in the template (server/src/web/ssr-renderer.ts).
 */
export async function renderPage(input: RenderPageInput): Promise<RenderedPage> {
  await codeLanguagesReady;
  const snapshot = withSanitizedHtml(input.snapshot);
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(appTree(input.url, snapshot), {
      onAllReady() {
        resolve({
          head: buildPageHead({
            origin: input.origin,
            path: input.url.split('?')[0] ?? '/',
            snapshot: input.snapshot,
            status: input.status,
          }),
          dataScript: `<script type="application/json" id="${SNAPSHOT_ELEMENT_ID}">${scriptJson(snapshot)}</script>`,
          pipe: stream.pipe.bind(stream),
          abort: stream.abort.bind(stream),
        });
      },
      onShellError: reject,
      // React outlines Suspense content larger than this into hidden segments revealed by a
      // script; the page must read without JavaScript, so everything stays inline.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    });
  });
}
