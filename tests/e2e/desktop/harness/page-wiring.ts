import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { ipcChannelName } from '../../../../desktop/src/channels';
import type { Dispatch } from '../../../../desktop/src/main/dispatch';
import type { SessionStatus } from '../../../../desktop/src/channels';
import { createDraftImageFilesHandler } from '../../../../desktop/src/main/draft-image-files';
import { createActiveUploadsHandler } from '../../../../desktop/src/main/server-files';
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
  /** The app's data folder: the page's `/draft-images/...` are read from it, as main's app:// protocol does. */
  dataDir?: string;
}

/** Answers a routed request with a handler of main's app:// protocol. */
async function fulfillWith(route: Route, handler: (request: Request) => Promise<Response>): Promise<void> {
  const request = route.request();
  const response = await handler(new Request(request.url(), { method: request.method() }));
  await route.fulfill({
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  });
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
  const { serverFiles, dataDir } = main;
  // Main's app:// protocol answers the servers' images under /server-files/ (and the active
  // server's under /uploads/) and the images kept with offline drafts under /draft-images/; so
  // does the harness.
  if (serverFiles) {
    await page.route('**/server-files/**', (route) => fulfillWith(route, serverFiles));
    const activeUploads = createActiveUploadsHandler(serverFiles, async () => {
      const reply = await main.dispatch('session.status', undefined);
      return reply.ok ? ((reply.data as SessionStatus).profile?.id ?? undefined) : undefined;
    });
    await page.route(/^[a-z]+:\/\/[^/]+\/uploads\//, (route) => fulfillWith(route, activeUploads));
  }
  if (dataDir) {
    const draftImages = createDraftImageFilesHandler({
      dataDir,
      hasProfile: (profileId) => existsSync(path.join(dataDir, 'profiles', profileId)),
    });
    await page.route('**/draft-images/**', (route) => fulfillWith(route, draftImages));
  }
  await page.addInitScript({ content: renderer.bridgeScript });
  await page.goto(renderer.url);
}
