import { useEffect, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { CommonUiMessages } from '@folio/shared';
import { renderMermaid } from './mermaid-renderer';
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

/** A ```mermaid block drawn as an SVG diagram in the browser once it nears the window. */
export function MermaidDiagram({ code }: { code: string }) {
  const [state, setState] = useState<DiagramState>({ status: 'rendering' });
  const figureRef = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const figure = figureRef.current;
    if (near || !figure) return;
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
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    setState({ status: 'rendering' });
    renderMermaid(code).then(
      (svg) => !cancelled && setState({ status: 'done', svg }),
      () => !cancelled && setState({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [code, near]);

  // Every state's figure: observed for nearing the window, and carrying its source.
  const figureProps = { ref: figureRef, [MERMAID_CODE_ATTRIBUTE]: code };
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
