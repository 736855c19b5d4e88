import { CommonUiMessages } from '@folio/shared';
import type mermaidApi from 'mermaid';

type MermaidApi = typeof mermaidApi;
type MermaidConfig = Parameters<MermaidApi['initialize']>[0];

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
    .then(({ default: mermaid }) => mermaid);
  return loading;
}

export type DiagramTheme = 'light' | 'dark';

/** 'strict' makes Mermaid sanitise labels and disables click handlers in diagrams. */
const BASE_CONFIG: MermaidConfig = { startOnLoad: false, securityLevel: 'strict', suppressErrorRendering: true };

/**
 * For an image file: labels as SVG text, not HTML inside `foreignObject`, so the drawing is plain
 * SVG that the server's allow-list keeps whole and that draws the same inside `<img>`.
 */
const IMAGE_CONFIG: MermaidConfig = { ...BASE_CONFIG, htmlLabels: false, flowchart: { htmlLabels: false } };

const mermaidTheme = (theme: DiagramTheme) => (theme === 'dark' ? 'dark' : 'default');

/**
 * Renders one diagram to SVG markup with `config`. Renders run one at a time because Mermaid
 * keeps global state (its configuration among it) while it lays out a diagram.
 */
function render(code: string, config: MermaidConfig): Promise<string> {
  const run = renderQueue.then(async () => {
    const mermaid = await loadMermaid();
    mermaid.initialize(config);
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

/** A diagram to show in this page, in the page's theme. */
export function renderMermaid(code: string): Promise<string> {
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  return render(code, { ...BASE_CONFIG, theme: mermaidTheme(dark ? 'dark' : 'light') });
}

/** A diagram drawn for an image file in one theme (the admin uploads both; see draw-diagrams.ts). */
export function renderMermaidImage(code: string, theme: DiagramTheme): Promise<string> {
  return render(code, { ...IMAGE_CONFIG, theme: mermaidTheme(theme) });
}
