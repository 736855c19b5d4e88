// Before any CSS module: it fixes the order of the cascade layers they write into.
import './styles/layers.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { SNAPSHOT_ELEMENT_ID } from './lib/page-snapshot';
import { logRecoverableReactError } from './lib/react-errors';
import type { PageSnapshot } from './lib/page-snapshot';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A server-rendered page carries its data as JSON; hydrate it. Other pages (admin) render here.
const snapshotElement = document.getElementById(SNAPSHOT_ELEMENT_ID);
const snapshot = snapshotElement ? (JSON.parse(snapshotElement.textContent || 'null') as PageSnapshot | null) : null;

// Public pages are styled by the app's stylesheet (CSS modules), which the server inlined; only
// the admin's chunk brings Fluent UI and its CSS-in-JS, which inserts its styles as it renders.
const app = (
  <StrictMode>
    <App snapshot={snapshot ? { snapshot, consumed: false } : undefined} />
  </StrictMode>
);

const options = { onRecoverableError: logRecoverableReactError };
if (snapshot && root.hasChildNodes()) hydrateRoot(root, app, options);
else createRoot(root, options).render(app);
