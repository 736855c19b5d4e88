import { use, useMemo } from 'react';
import { clsx } from 'clsx';
import { MermaidDiagram } from './mermaid-diagram';
import { loadCodeLanguages } from './prism-highlight';
import { renderMarkdownSegments } from './render-markdown';
import styles from './markdown-styles.module.css';

export interface MarkdownViewProps {
  source: string;
  className?: string;
}

/**
 * Renders an article body: Markdown with raw HTML escaped, Prism-highlighted code and Mermaid
 * diagrams. Used by the public article page (also server-side) and the admin preview (which,
 * like the server, loads every language up front: prism-languages.ts). Inside a Suspense boundary.
 */
export function MarkdownView({ source, className }: MarkdownViewProps) {
  // Suspends until the grammars of the source's code blocks are loaded, so the first render in
  // the browser highlights as the server did and hydration keeps the server's HTML meanwhile.
  const languages = loadCodeLanguages(source);
  if (languages) use(languages);
  const segments = useMemo(() => renderMarkdownSegments(source), [source]);
  return (
    <div className={clsx('markdown-body', styles.root, className)} data-testid="markdown-body">
      {segments.map((segment, index) =>
        segment.kind === 'mermaid' ? (
          <MermaidDiagram key={index} code={segment.code} />
        ) : (
          // The HTML comes from markdown-it with html:false, so it holds no owner-written markup.
          <div key={index} dangerouslySetInnerHTML={{ __html: segment.html }} />
        ),
      )}
    </div>
  );
}
