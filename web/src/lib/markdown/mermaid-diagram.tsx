import { useEffect, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { CommonUiMessages } from '@folio/shared';
import type { PublicDiagram } from '@folio/shared';
import ring from '../../styles/spinner-ring.module.css';
import styles from './mermaid-diagram.module.css';

type DiagramState = { status: 'rendering' } | { status: 'done'; svg: string } | { status: 'failed' };

/**
 * Carries the diagram's source on its figure, so a body the server rendered can be reused as it is
 * while the page hydrates (markdown-view.tsx).
 */
export const MERMAID_CODE_ATTRIBUTE = 'data-mermaid-code';

/**
 * How far outside the window a diagram starts to draw: half a window ahead, so it is usually
 * drawn before the reader scrolls to it, while a page whose diagrams are further down does not
 * download Mermaid (about 800 KB with d3 and dagre) or lay them out before anyone looks.
 */
const DRAW_AHEAD_MARGIN = '50% 0px';

/** The diagram's own title (Mermaid's `accTitle: …`), else a generic one. */
function diagramAlt(code: string): string {
  return /^\s*accTitle\s*:\s*(.+)$/m.exec(code)?.[1]?.trim() ?? CommonUiMessages.diagramImageAlt;
}

export interface MermaidDiagramProps {
  code: string;
  /** The owner's admin drew it ahead of time: shown as an image, and Mermaid is never loaded. */
  drawn?: PublicDiagram | undefined;
  /** Load the image at once (the first diagram of a body, likely on the first screen) rather than lazily. */
  eager?: boolean;
}

/**
 * A ```mermaid block: its pre-rendered image when there is one, else drawn as an SVG in the
 * browser once it nears the window (and then also if the image fails to load).
 */
export function MermaidDiagram({ code, drawn, eager = false }: MermaidDiagramProps) {
  const [state, setState] = useState<DiagramState>({ status: 'rendering' });
  const figureRef = useRef<HTMLElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = drawn !== undefined && !imageFailed;

  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) setImageFailed(true);
  }, [drawn]);

  useEffect(() => {
    const figure = figureRef.current;
    if (showImage || near || !figure) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: DRAW_AHEAD_MARGIN },
    );
    observer.observe(figure);
    return () => observer.disconnect();
  }, [near, showImage]);

  useEffect(() => {
    if (showImage || !near) return;
    let cancelled = false;
    setState({ status: 'rendering' });
    // Loaded only to draw here: a page whose diagrams are all images (or that has none) never fetches it.
    import('./mermaid-renderer')
      .then(({ renderMermaid }) => renderMermaid(code))
      .then(
        (svg) => !cancelled && setState({ status: 'done', svg }),
        () => !cancelled && setState({ status: 'failed' }),
      );
    return () => {
      cancelled = true;
    };
  }, [code, near, showImage]);

  // Every state's figure: observed for nearing the window, and carrying its source.
  const figureProps = { ref: figureRef, [MERMAID_CODE_ATTRIBUTE]: code };
  if (showImage) {
    return (
      <figure {...figureProps} className={styles.figure} data-testid="mermaid-diagram">
        <picture>
          <source media="(prefers-color-scheme: dark)" srcSet={drawn.dark_url} />
          {/* width and height hold the box before the image arrives, so nothing below it moves. */}
          <img
            ref={imageRef}
            className={styles.image}
            src={drawn.light_url}
            width={drawn.width}
            height={drawn.height}
            alt={diagramAlt(code)}
            decoding="async"
            loading={eager ? 'eager' : 'lazy'}
            onError={() => setImageFailed(true)}
            data-testid="mermaid-image"
          />
        </picture>
      </figure>
    );
  }
  if (state.status === 'done') {
    // Mermaid with securityLevel 'strict' sanitises the labels it puts into this SVG.
    return (
      <figure
        {...figureProps}
        className={styles.figure}
        data-testid="mermaid-diagram"
        dangerouslySetInnerHTML={{ __html: state.svg }}
      />
    );
  }
  if (state.status === 'failed') {
    return (
      <figure {...figureProps} className={clsx(styles.figure, styles.failed)} role="alert" data-testid="mermaid-error">
        {CommonUiMessages.diagramFailed}
        <pre className={styles.source}>{code}</pre>
      </figure>
    );
  }
  return (
    <figure {...figureProps} className={clsx(styles.figure, styles.rendering)} role="status" data-testid="mermaid-rendering">
      <span className={clsx(ring.ring, ring.tiny, styles.renderingRing)} aria-hidden="true" />
      {CommonUiMessages.renderingDiagram}
    </figure>
  );
}
