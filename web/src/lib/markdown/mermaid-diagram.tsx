import { useEffect, useState } from 'react';
import { clsx } from 'clsx';
import { CommonUiMessages } from '@folio/shared';
import { renderMermaid } from './mermaid-renderer';
import styles from './mermaid-diagram.module.css';

type DiagramState = { status: 'rendering' } | { status: 'done'; svg: string } | { status: 'failed' };

/** A ```mermaid block drawn as an SVG diagram in the browser. */
export function MermaidDiagram({ code }: { code: string }) {
  const [state, setState] = useState<DiagramState>({ status: 'rendering' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'rendering' });
    renderMermaid(code).then(
      (svg) => !cancelled && setState({ status: 'done', svg }),
      () => !cancelled && setState({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [code]);

  if (state.status === 'done') {
    // Mermaid with securityLevel 'strict' sanitises the labels it puts into this SVG.
    return <figure className={styles.figure} data-testid="mermaid-diagram" dangerouslySetInnerHTML={{ __html: state.svg }} />;
  }
  if (state.status === 'failed') {
    return (
      <figure className={clsx(styles.figure, styles.failed)} role="alert" data-testid="mermaid-error">
        {CommonUiMessages.diagramFailed}
        <pre className={styles.source}>{code}</pre>
      </figure>
    );
  }
  return (
    <figure className={clsx(styles.figure, styles.rendering)} role="status" data-testid="mermaid-rendering">
      {CommonUiMessages.renderingDiagram}
    </figure>
  );
}
