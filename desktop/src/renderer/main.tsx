// Before any CSS module: it fixes the order of the cascade layers they write into.
import '@folio/web/styles/layers.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { DesktopBridgeMessages } from '@folio/shared';
import { logRecoverableReactError } from '@folio/web/lib/react-errors';
import { DesktopApp } from './app/desktop-app';
import { DesktopNotifyProvider } from './app/desktop-notify';
import { DesktopSessionProvider } from './app/desktop-session';
import { AppProviders } from './web-admin';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Electron loads the page from file://, where only the hash can carry the route.
createRoot(root, { onRecoverableError: logRecoverableReactError }).render(
  <StrictMode>
    <AppProviders>
      {window.folio ? (
        <HashRouter>
          <DesktopNotifyProvider>
            <DesktopSessionProvider>
              <DesktopApp />
            </DesktopSessionProvider>
          </DesktopNotifyProvider>
        </HashRouter>
      ) : (
        <p role="alert">{DesktopBridgeMessages.bridgeUnavailable}</p>
      )}
    </AppProviders>
  </StrictMode>,
);
