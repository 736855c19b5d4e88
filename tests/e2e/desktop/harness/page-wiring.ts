import type { Page } from '@playwright/test';
import { ipcChannelName } from '../../../../desktop/src/channels';
import type { Dispatch } from '../../../../desktop/src/main/dispatch';
import type { EventTarget } from '../../../../desktop/src/main/events';

/** The built renderer and the page-side bridge script (renderer-build.ts). */
export interface Renderer {
  url: string;
  bridgeScript: string;
}

/** What the page is wired to: a harness main in this process or in a child process. */
export interface PageMain {
  dispatch: Dispatch;
  /** Answers the page's `/server-files/...` image requests; absent: they are not answered. */
  serverFiles?: (request: Request) => Promise<Response>;
}

/** Delivers main -> renderer events to the page, as Electron's webContents.send does. */
export function pageEvents(page: Page): EventTarget {
  return {
    send(ipcEvent, payload) {
      // Events may race with a page that is closing at the end of a test; those are not lost work.
      page
        .evaluate(
          ([name, data]) => (window as unknown as { __folioEmit?: (n: string, d: unknown) => void }).__folioEmit?.(name, data),
          [ipcEvent, payload] as const,
        )
        .catch(() => undefined);
    },
  };
}

/** Wires the page's bridge to `main` (as the preload and main's IPC do) and opens the renderer. */
export async function openRendererPage(page: Page, main: PageMain, renderer: Renderer): Promise<void> {
  const prefix = ipcChannelName('');
  await page.exposeBinding('__folioInvoke', async (source, ipcChannel: unknown, arg: unknown) => {
    // As main's IPC registration does: only the app's own top frame may call the bridge.
    if (source.frame !== page.mainFrame()) return { ok: false, error: { code: 'forbidden-sender', message: 'forbidden' } };
    if (typeof ipcChannel !== 'string' || !ipcChannel.startsWith(prefix)) {
      return { ok: false, error: { code: 'unknown-channel', message: String(ipcChannel) } };
    }
    return main.dispatch(ipcChannel.slice(prefix.length), arg);
  });
  const { serverFiles } = main;
  // Main's app:// protocol answers the servers' images under /server-files/; so does the harness.
  if (serverFiles) {
    await page.route('**/server-files/**', async (route) => {
      const request = route.request();
      const response = await serverFiles(new Request(request.url(), { method: request.method() }));
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    });
  }
  await page.addInitScript({ content: renderer.bridgeScript });
  await page.goto(renderer.url);
}
