// @vitest-environment happy-dom
import { createElement, startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RenderMarkdown from './render-markdown';

type Renderer = typeof RenderMarkdown;

/**
 * What the view loads, as the test decides: the renderer (markdown-renderer.ts) and the code
 * grammars it asks for. Each arrives a moment after it is first asked for, as a module the
 * browser already holds does: soon enough that React renders the suspended component again
 * in the same pass, reusing the hooks of its first try.
 */
const loading = vi.hoisted(() => ({
  renderer: null as Renderer | null,
  rendererRequest: null as Promise<Renderer> | null,
  grammarLoaded: false,
  grammarRequest: null as Promise<void> | null,
  actual: null as Renderer | null,
}));

vi.mock('./markdown-renderer', () => ({
  loadMarkdownRenderer: (): Promise<Renderer> => {
    loading.rendererRequest ??= Promise.resolve().then(() => {
      if (!loading.actual) throw new Error('the real renderer is imported before the view renders');
      loading.renderer = {
        ...loading.actual,
        loadCodeLanguages: () => {
          if (loading.grammarLoaded) return null;
          loading.grammarRequest ??= Promise.resolve().then(() => {
            loading.grammarLoaded = true;
          });
          return loading.grammarRequest;
        },
      };
      return loading.renderer;
    });
    return loading.rendererRequest;
  },
  loadedMarkdownRenderer: () => loading.renderer,
}));

/** Lets React's scheduler finish its queued work (it yields to a macrotask between slices). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('MarkdownView while its renderer and grammars load', () => {
  let container: HTMLElement;
  let root: Root;
  let errors: unknown[];

  beforeEach(async () => {
    loading.actual = await vi.importActual<Renderer>('./render-markdown');
    loading.renderer = null;
    loading.rendererRequest = null;
    loading.grammarLoaded = false;
    loading.grammarRequest = null;
    container = document.createElement('div');
    document.body.append(container);
    errors = [];
    // React's development build also warns, in the console, of a use() it missed.
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args.join(' ')));
    root = createRoot(container, {
      onRecoverableError: (error) => errors.push(error),
      onUncaughtError: (error) => errors.push(error),
      onCaughtError: (error) => errors.push(error),
    });
  });

  afterEach(() => {
    root.unmount();
    container.remove();
    vi.restoreAllMocks();
  });

  /** Renders the view in a transition, as a link inside the app renders the next page. */
  async function renderInTransition(source: string): Promise<void> {
    const { MarkdownView } = await import('./markdown-view');
    startTransition(() => {
      root.render(createElement(Suspense, { fallback: null }, createElement(MarkdownView, { source })));
    });
    await settle();
  }

  it('renders the body once the renderer arrives, without React meeting an error', async () => {
    await renderInTransition('# 标题\n\n正文');
    expect(container.querySelector('h2')?.textContent).toBe('标题');
    expect(errors).toEqual([]);
  });

  it('renders the body once the renderer and then a code grammar arrive, without React meeting an error', async () => {
    await renderInTransition('```rust\nfn main() {}\n```');
    expect(container.querySelector('pre code')?.textContent).toContain('fn main');
    expect(errors).toEqual([]);
  });

  it('renders the body once a code grammar arrives, the renderer already at hand', async () => {
    await loadMarkdownRendererFirst();
    await renderInTransition('```rust\nfn main() {}\n```');
    expect(container.querySelector('pre code')?.textContent).toContain('fn main');
    expect(errors).toEqual([]);
  });
});

async function loadMarkdownRendererFirst(): Promise<void> {
  const { loadMarkdownRenderer } = await import('./markdown-renderer');
  await loadMarkdownRenderer();
}
