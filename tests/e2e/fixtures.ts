import { test as base } from '@playwright/test';
import { apiClient, startTestServer } from '../support/test-server.js';
import type { StartOptions, TestServer } from '../support/test-server.js';
import { expectNoReactErrors, watchReactErrors } from './react-errors.js';

export interface ServerFixtures {
  /** Options for this file's server; override with `test.use({ serverOptions: {...} })`. */
  serverOptions: StartOptions;
  server: TestServer;
  api: ReturnType<typeof apiClient>;
}

/**
 * A real Folio server per test (temp data dir, ephemeral port) with `baseURL` pointing at it; a
 * test whose page meets a React error fails with its cause (./react-errors.ts).
 */
export const test = base.extend<ServerFixtures>({
  page: async ({ page }, use) => {
    const reactErrors = watchReactErrors(page);
    await use(page);
    expectNoReactErrors(reactErrors());
  },
  serverOptions: [{ seed: true }, { option: true }],
  server: async ({ serverOptions }, use) => {
    // FOLIO_E2E_WEB_DIST points the server at another web build (e.g. one made outside the repo).
    const webDistDir = process.env.FOLIO_E2E_WEB_DIST;
    const options = webDistDir ? { ...serverOptions, config: { webDistDir, ...serverOptions.config } } : serverOptions;
    const server = await startTestServer(options);
    await use(server);
    await server.close();
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  api: async ({ server }, use) => {
    await use(apiClient(server.url));
  },
});

export { expect } from '@playwright/test';
