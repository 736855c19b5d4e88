import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import type { PipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createDOMRenderer, RendererProvider, renderToStyleElements } from '@fluentui/react-components';
import type { PublicPageSnapshot } from '@folio/shared';
import { App } from './app/app';
import { SNAPSHOT_ELEMENT_ID } from './lib/page-snapshot';
import { buildPageHead, scriptJson } from './ssr/page-head';

export { setServerHtmlSanitizer } from './lib/sanitize-html';

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
  /** Fluent UI (Griffel) style elements for everything the page rendered. */
  styles: string;
  /** The JSON snapshot the browser hydrates from. */
  dataScript: string;
  /** Streams the app's HTML (it is fully rendered, Suspense included, when this resolves). */
  pipe: PipeableStream['pipe'];
  abort: PipeableStream['abort'];
}

function appTree(url: string, snapshot: PublicPageSnapshot) {
  return (
    <StaticRouter location={url}>
      <App snapshot={{ snapshot, consumed: false }} />
    </StaticRouter>
  );
}

/**
 * Renders a public page with React streaming SSR. It waits for every Suspense boundary (lazy
 * routes) so crawlers and visitors without JavaScript get the whole page, then the styles the
 * render produced are known and can go into <head> before the body streams.
 */
export function renderPage(input: RenderPageInput): Promise<RenderedPage> {
  const renderer = createDOMRenderer();
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <RendererProvider renderer={renderer}>{appTree(input.url, input.snapshot)}</RendererProvider>,
      {
        onAllReady() {
          resolve({
            head: buildPageHead({
              origin: input.origin,
              path: input.url.split('?')[0] ?? '/',
              snapshot: input.snapshot,
              status: input.status,
            }),
            styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>),
            dataScript: `<script type="application/json" id="${SNAPSHOT_ELEMENT_ID}">${scriptJson(input.snapshot)}</script>`,
            pipe: stream.pipe.bind(stream),
            abort: stream.abort.bind(stream),
          });
        },
        onShellError: reject,
        // React outlines Suspense content larger than this into hidden segments revealed by a
        // script; the page must read without JavaScript, so everything stays inline.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      },
    );
  });
}
