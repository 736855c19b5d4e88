import { CommonUiMessages } from '@folio/shared';
import type mermaidApi from 'mermaid';

type MermaidApi = typeof mermaidApi;

let loading: Promise<MermaidApi> | null = null;
let counter = 0;
let renderQueue: Promise<unknown> = Promise.resolve();

/** Resolves once the browser is idle (the page painted and hydrated), or after `timeoutMs` at the latest. */
function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else window.setTimeout(resolve, 200);
  });
}

function loadMermaid(): Promise<MermaidApi> {
  // Lazy: only pages with a diagram download Mermaid (it is large, with d3 and dagre), and only
  // once the browser is idle, so neither its download nor its start-up delays the first paint,
  // hydration or the first clicks; the diagram shows '正在渲染图表...' until then.
  loading ??= whenIdle(2000)
    .then(() => import('mermaid'))
    .then(({ default: mermaid }) => {
      const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
      // 'strict' makes Mermaid sanitise labels and disables click handlers in diagrams.
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        theme: dark ? 'dark' : 'default',
        suppressErrorRendering: true,
      });
      return mermaid;
    });
  return loading;
}

/**
 * Renders one diagram to SVG markup. Renders run one at a time because Mermaid keeps global
 * state while it lays out a diagram.
 */
export function renderMermaid(code: string): Promise<string> {
  const run = renderQueue.then(async () => {
    const mermaid = await loadMermaid();
    counter += 1;
    const id = `folio-mermaid-${counter}`;
    try {
      const { svg } = await mermaid.render(id, code);
      return svg;
    } catch (error) {
      // A failed render can leave its scratch element behind in <body>.
      document.getElementById(id)?.remove();
      document.getElementById(`d${id}`)?.remove();
      throw error instanceof Error ? error : new Error(CommonUiMessages.diagramFailed);
    }
  });
  renderQueue = run.catch(() => undefined);
  return run;
}
