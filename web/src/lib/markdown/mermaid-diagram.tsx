import { useEffect, useState } from 'react';
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../theme-tokens';
import { CommonUiMessages } from '@folio/shared';
import { renderMermaid } from './mermaid-renderer';

type DiagramState = { status: 'rendering' } | { status: 'done'; svg: string } | { status: 'failed' };

const useStyles = makeStyles({
  figure: {
    margin: '1.5em 0',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    overflowX: 'auto',
    textAlign: 'center',
    '& svg': { maxWidth: '100%', height: 'auto' },
  },
  failed: { color: tokens.colorPaletteRedForeground1, textAlign: 'left' },
  // Fluent's tiny spinner look, in CSS: this module is also drawn in the admin's preview.
  rendering: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase300,
    '::before': {
      content: '""',
      width: '20px',
      height: '20px',
      boxSizing: 'border-box',
      borderRadius: '50%',
      border: `2px solid ${tokens.colorBrandStroke2}`,
      borderTopColor: tokens.colorBrandStroke1,
      animationName: { to: { transform: 'rotate(360deg)' } },
      animationDuration: '1s',
      animationIterationCount: 'infinite',
      animationTimingFunction: 'linear',
    },
  },
  source: { marginTop: '8px', whiteSpace: 'pre-wrap', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

/** A ```mermaid block drawn as an SVG diagram in the browser. */
export function MermaidDiagram({ code }: { code: string }) {
  const styles = useStyles();
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
      <figure className={`${styles.figure} ${styles.failed}`} role="alert" data-testid="mermaid-error">
        {CommonUiMessages.diagramFailed}
        <pre className={styles.source}>{code}</pre>
      </figure>
    );
  }
  return (
    <figure className={mergeClasses(styles.figure, styles.rendering)} role="status" data-testid="mermaid-rendering">
      {CommonUiMessages.renderingDiagram}
    </figure>
  );
}
