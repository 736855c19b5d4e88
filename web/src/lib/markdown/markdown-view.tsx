import { use, useDeferredValue, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import type { PublicDiagram, PublicImage } from '@folio/shared';
import { MermaidDiagram, MERMAID_CODE_ATTRIBUTE } from './mermaid-diagram';
import { loadMarkdownRenderer, loadedMarkdownRenderer } from './markdown-renderer';
import type { MarkdownSegment, RenderOptions } from './render-markdown';
import { SOURCE_LINE_ATTRIBUTE } from './scroll-sync';
import styles from './markdown-styles.module.css';

export interface MarkdownViewProps {
  source: string;
  className?: string;
  /** Diagrams of `source` drawn ahead of time (the public article); the others are drawn here. */
  diagrams?: readonly PublicDiagram[];
  /** The facts of the uploads the body shows (the public article's `images`): their `<picture>`s. */
  images?: Readonly<Record<string, PublicImage>> | undefined;
  /** Mark each block with its source line, for an editor's scroll sync (the admin's preview). */
  sourceLines?: boolean;
  /** The page has no cover: the body's opening image is its largest, fetched at once (render-markdown.ts). */
  eagerLeadImage?: boolean;
}

const SOURCE_KEY_ATTRIBUTE = 'data-markdown-source';

/** A short fingerprint of the source (its length and FNV-1a hash), to find the body rendered from it. */
function sourceKey(source: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < source.length; index += 1) {
    hash = Math.imul(hash ^ source.charCodeAt(index), 0x01000193);
  }
  return `${source.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}

/**
 * The segments of a body already in the document for this source (the server's, while the page
 * hydrates), read back from its HTML; null on the server and when there is none.
 */
function segmentsInDocument(key: string): MarkdownSegment[] | null {
  if (typeof document === 'undefined') return null;
  const body = document.querySelector(`[${SOURCE_KEY_ATTRIBUTE}="${key}"]`);
  if (!body) return null;
  return Array.from(body.children, (child): MarkdownSegment => {
    const code = child.getAttribute(MERMAID_CODE_ATTRIBUTE);
    return code === null ? { kind: 'html', html: child.innerHTML } : { kind: 'mermaid', code };
  });
}

type MarkdownRenderer = Awaited<ReturnType<typeof loadMarkdownRenderer>>;

/** A promise React reads as already settled: `use()` returns its value without suspending. */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

const NOTHING_TO_RENDER = settled(null);

/** The renderer, once it and the grammars of the source's code blocks are loaded. */
function rendererFor(source: string): Promise<MarkdownRenderer> {
  const loaded = loadedMarkdownRenderer();
  if (loaded && !loaded.loadCodeLanguages(source)) return settled(loaded);
  return loadMarkdownRenderer().then(async (renderer) => {
    await renderer.loadCodeLanguages(source);
    return renderer;
  });
}

/**
 * Renders the source in this browser, suspending until the renderer and its code grammars are
 * loaded. One promise per source, kept by useMemo, and one `use()` on every render: when a
 * render suspends and React renders the component again reusing its hooks (a transition
 * waiting for a module that arrives at once), it must meet the same `use()` of the same
 * promise, or it throws for a component it is mounting (React's #467, reported as #520).
 */
function useRenderedSegments(source: string, skip: boolean, options: RenderOptions): MarkdownSegment[] | null {
  const request = useMemo(() => (skip ? NOTHING_TO_RENDER : rendererFor(source)), [skip, source]);
  const renderer = use(request);
  const { sourceLines, images, eagerLeadImage } = options;
  return useMemo(
    () => (renderer ? renderer.renderMarkdownSegments(source, { sourceLines, images, eagerLeadImage }) : null),
    [renderer, source, sourceLines, images, eagerLeadImage],
  );
}

/** A diagram, inside a block carrying its source line when it has one (the admin's preview, for scroll sync). */
function DiagramAt({ line, children }: { line: number | undefined; children: ReactNode }) {
  return line === undefined ? children : <div {...{ [SOURCE_LINE_ATTRIBUTE]: line }}>{children}</div>;
}

/**
 * Renders an article body: Markdown with raw HTML escaped, Prism-highlighted code and Mermaid
 * diagrams. Used by the public article page (also server-side) and the admin preview (which,
 * like the server, loads every language up front: prism-languages.ts). Inside a Suspense boundary.
 */
export function MarkdownView({
  source,
  className,
  diagrams,
  images,
  sourceLines = false,
  eagerLeadImage = false,
}: MarkdownViewProps) {
  // A changed source (a live update, typing in the preview) keeps the current body on screen
  // until the new one is ready, instead of falling back to the Suspense boundary.
  const shown = useDeferredValue(source);
  const key = sourceKey(shown);
  // While hydrating, the server's body is reused as it is: the browser neither downloads the
  // renderer nor renders the Markdown again before the page is usable.
  const [fromDocument] = useState(() => ({ key, segments: segmentsInDocument(key) }));
  const reused = fromDocument.key === key ? fromDocument.segments : null;
  const rendered = useRenderedSegments(shown, reused !== null, { sourceLines, images, eagerLeadImage });
  const segments = reused ?? rendered ?? [];
  const drawn = useMemo(() => new Map(diagrams?.map((diagram) => [diagram.source, diagram])), [diagrams]);
  const firstDiagram = segments.findIndex((segment) => segment.kind === 'mermaid');
  return (
    <div
      className={clsx('markdown-body', styles.root, className)}
      data-testid="markdown-body"
      {...{ [SOURCE_KEY_ATTRIBUTE]: key }}
    >
      {segments.map((segment, index) =>
        segment.kind === 'mermaid' ? (
          <DiagramAt key={index} line={segment.line}>
            <MermaidDiagram code={segment.code} drawn={drawn.get(segment.code)} eager={index === firstDiagram} />
          </DiagramAt>
        ) : (
          // The HTML comes from markdown-it with html:false, so it holds no owner-written markup.
          <div key={index} dangerouslySetInnerHTML={{ __html: segment.html }} />
        ),
      )}
    </div>
  );
}
