/**
 * The parts of a markdown-it token these functions read. Structural, so `shared` needs no
 * markdown-it: the web app and the server each parse with their own instance.
 */
export interface MarkdownBlockToken {
  type: string;
  info: string;
  level: number;
  content: string;
}

/** A fenced block whose language (the info string's first word) is `mermaid`, in any case. */
export function isMermaidFence(token: MarkdownBlockToken): boolean {
  return token.type === 'fence' && token.info.trim().split(/\s+/)[0]?.toLowerCase() === 'mermaid';
}

/**
 * A diagram an article page draws: a Mermaid fence at the top level of the body. One inside a
 * list or a quote is shown as its source instead (see the web app's render-markdown.ts).
 */
export function isDiagramFence(token: MarkdownBlockToken): boolean {
  return token.level === 0 && isMermaidFence(token);
}

/**
 * The sources of the diagrams an article page draws, in order. The server finds the articles
 * whose diagrams still need an image with this, and the admin draws them with it: both must
 * agree with the page.
 */
export function topLevelMermaidSources(tokens: readonly MarkdownBlockToken[]): string[] {
  return tokens.flatMap((token) => (isDiagramFence(token) ? [token.content] : []));
}
