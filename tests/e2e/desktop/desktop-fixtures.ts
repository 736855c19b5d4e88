import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startTestServer } from '../../support/test-server.js';
import type { TestServer } from '../../support/test-server.js';
import type { DesktopMain, KeychainKind } from './harness/desktop-main';
import { startDesktopMain } from './harness/desktop-main';
import { openRendererPage, pageEvents } from './harness/page-wiring';
import type { Renderer } from './harness/page-wiring';
import { bundlePageBridge, ensureRendererBuilt, serveRenderer } from './harness/renderer-build';
import type { ServerProxy } from './harness/server-proxy';
import { expectNoReactErrors, watchReactErrors } from '../react-errors';
import { startServerProxy } from './harness/server-proxy';

export { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../support/test-server.js';

/** The real Folio server behind a fixed address, which can go down and come back on the same data. */
export interface FolioServer {
  /** The address the desktop connects to (a proxy that survives restarts). */
  url: string;
  current(): TestServer;
  /** Stops the server (the data dir is kept): the desktop sees no answer. */
  stop(): Promise<void>;
  /** Starts the server again on the same data dir, at the same address. */
  restart(): Promise<void>;
  /** Signs in as the owner directly (not through the desktop) and returns the bearer token. */
  token(): Promise<string>;
}

export interface DesktopFixtures {
  /** Which keychain the OS pretends to have; override with `test.use({ keychain: 'basic_text' })`. */
  keychain: KeychainKind;
  folio: FolioServer;
  main: DesktopMain;
  /** The renderer page, its bridge wired to `main`. */
  desktop: Page;
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

export const test = base.extend<DesktopFixtures, { renderer: Renderer }>({
  renderer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const dir = await ensureRendererBuilt();
      const server = await serveRenderer(dir);
      await use({ url: server.url, bridgeScript: await bundlePageBridge() });
      await server.close();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  keychain: ['keychain', { option: true }],
  // A renderer that meets a React error fails its test with the cause (../react-errors.ts).
  page: async ({ page }, use) => {
    const reactErrors = watchReactErrors(page);
    await use(page);
    expectNoReactErrors(reactErrors());
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  folio: async ({}, use) => {
    let server = await startTestServer();
    const proxy: ServerProxy = await startServerProxy(portOf(server.url));
    await use({
      url: proxy.url,
      current: () => server,
      async stop() {
        proxy.setTarget(null);
        await server.stop();
      },
      async restart() {
        server = await startTestServer({ dataDir: server.dataDir });
        proxy.setTarget(portOf(server.url));
      },
      token: () => server.login(),
    });
    await proxy.close();
    // Stopping twice is harmless: close() also deletes the data dir.
    await server.close();
  },
  main: async ({ keychain, page }, use) => {
    const main = await startDesktopMain({ keychain, send: pageEvents(page) });
    await use(main);
    await main.stop();
  },
  desktop: async ({ page, main, renderer }, use) => {
    await openRendererPage(page, main, renderer);
    await use(page);
  },
});

export { expect };

/** Fills the connection screen and signs in. */
export async function signIn(
  page: Page,
  serverUrl: string,
  password: string,
  options: { remember?: boolean } = {},
): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/index.html#/connection`);
  await page.getByLabel('服务器地址').fill(serverUrl);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(password);
  const remember = page.getByRole('checkbox', { name: '记住登录状态' });
  if ((options.remember ?? true) !== (await remember.isChecked())) await remember.click();
  await page.getByRole('button', { name: '连接并登录' }).click();
}
