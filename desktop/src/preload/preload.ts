/**
 * The preload of the sandboxed renderer: exposes `window.folio`, generated from the channel
 * table, and nothing else (no ipcRenderer, no Node). Bundled by esbuild into one CommonJS file
 * because sandboxed preloads cannot load modules of their own.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { createBridge, folioTable } from '../channels';

const bridge = createBridge(
  folioTable,
  (channel, arg) => ipcRenderer.invoke(channel, arg),
  (event, listener) => {
    // Strip the IpcRendererEvent: it carries `sender`, which must not reach the page.
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
  { pathForFile: (file) => webUtils.getPathForFile(file) },
);

contextBridge.exposeInMainWorld('folio', bridge);
