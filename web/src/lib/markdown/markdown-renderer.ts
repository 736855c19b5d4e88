import type * as RenderMarkdown from './render-markdown';

/**
 * The Markdown renderer (markdown-it, Prism and their data: about 45 KB gzip), loaded on first
 * use. A server-rendered article page never needs it: hydration reuses the body the server
 * rendered (markdown-view.tsx). It is needed for a body the browser renders itself: an article
 * reached by a link inside the app, a body a live update changed, and the admin's preview.
 */
type RenderMarkdownModule = typeof RenderMarkdown;

let loaded: RenderMarkdownModule | null = null;
let loading: Promise<RenderMarkdownModule> | null = null;

/** Starts loading the renderer once; every caller gets the same promise. */
export function loadMarkdownRenderer(): Promise<RenderMarkdownModule> {
  loading ??= import('./render-markdown').then((module) => (loaded = module));
  return loading;
}

/** The renderer if it has loaded, else null. */
export function loadedMarkdownRenderer(): RenderMarkdownModule | null {
  return loaded;
}
