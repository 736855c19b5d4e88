/// <reference lib="dom" />
/**
 * Runs inside the page before the renderer: builds `window.folio` with the very createBridge the
 * preload uses, over two Playwright bindings instead of Electron's IPC. Bundled by esbuild and
 * injected with page.addInitScript (see renderer-build.ts).
 */
import { createBridge, folioTable } from '../../../../desktop/src/channels';

interface HarnessWindow {
  /** page.exposeBinding: one bridge call, answered by the real handlers in the test process. */
  __folioInvoke(ipcChannel: string, arg: unknown): Promise<unknown>;
  /** Called by the test process (page.evaluate) to deliver a main -> renderer event. */
  __folioEmit?: (ipcEvent: string, payload: unknown) => void;
  /** Paths the test says dropped files have (Electron's webUtils.getPathForFile). */
  __folioDroppedPaths?: Record<string, string>;
}

const harness = window as unknown as HarnessWindow;
const listeners = new Map<string, Set<(payload: unknown) => void>>();

harness.__folioEmit = (ipcEvent, payload) => {
  for (const listener of listeners.get(ipcEvent) ?? []) listener(payload);
};

const bridge = createBridge(
  folioTable,
  (ipcChannel, arg) => harness.__folioInvoke(ipcChannel, arg),
  (ipcEvent, listener) => {
    const set = listeners.get(ipcEvent) ?? new Set();
    set.add(listener);
    listeners.set(ipcEvent, set);
    return () => {
      set.delete(listener);
    };
  },
  { pathForFile: (file) => harness.__folioDroppedPaths?.[file.name] ?? '' },
);

// contextBridge.exposeInMainWorld makes a read-only property; do the same.
Object.defineProperty(window, 'folio', { value: bridge, writable: false, configurable: false, enumerable: true });
