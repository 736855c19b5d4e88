// First: starts the home section's lazy images before React hydrates the page (see the module).
import './deferred-images';
// Before any CSS module: it fixes the order of the cascade layers they write into.
import './styles/layers.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { App } from './app/app';
import { SNAPSHOT_ELEMENT_ID } from './lib/page-snapshot';
import type { PageSnapshot } from './lib/page-snapshot';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A server-rendered page carries its data as JSON; hydrate it. Other pages (admin) render here.
const snapshotElement = document.getElementById(SNAPSHOT_ELEMENT_ID);
const snapshot = snapshotElement ? (JSON.parse(snapshotElement.textContent || 'null') as PageSnapshot | null) : null;

// Griffel adopts the style elements the server rendered (RendererProvider rehydrates its cache
// from them). Without it, hydration computed and inserted every rule of the page a second time
// (384 rules became 774 on /), each insertion restyling the whole document.
const renderer = createDOMRenderer(document);

const app = (
  <StrictMode>
    <RendererProvider renderer={renderer} targetDocument={document}>
      <App snapshot={snapshot ? { snapshot, consumed: false } : undefined} />
    </RendererProvider>
  </StrictMode>
);

if (snapshot && root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
