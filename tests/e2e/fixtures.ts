import { test as base } from '@playwright/test';
import { DEFAULT_CODE_HOST_TIMING } from '../../server/src/config.js';
import type { CodeHostConfig } from '../../server/src/config.js';
import { SAMPLE_REPOS, repoJson, startFakeCodeHost } from '../support/fake-code-host.js';
import type { FakeCodeHost } from '../support/fake-code-host.js';
import { apiClient, startTestServer } from '../support/test-server.js';
import type { StartOptions, TestServer } from '../support/test-server.js';
import { expectNoReactErrors, watchReactErrors } from './react-errors.js';

export interface ServerFixtures {
  /** Options for this file's server; override with `test.use({ serverOptions: {...} })`. */
  serverOptions: StartOptions;
  /** How often and how patiently this file's server asks the code host; override with `test.use`. */
  codeHostTiming: Partial<Omit<CodeHostConfig, 'apiUrl'>>;
  /**
   * The loopback code host the server fetches the owner's projects from (server/API.md §E20),
   * answering the sample repositories until a test says otherwise: no server reaches the internet.
   */
  codeHost: FakeCodeHost;
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
  // 刷新 fetches at once in tests, where the server's once-a-minute bound would only slow them.
  codeHostTiming: [{ minIntervalMs: 0 }, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  codeHost: async ({}, use) => {
    const codeHost = await startFakeCodeHost({ kind: 'json', body: repoJson(SAMPLE_REPOS) });
    await use(codeHost);
    await codeHost.close();
  },
  server: async ({ serverOptions, codeHost, codeHostTiming }, use) => {
    // FOLIO_E2E_WEB_DIST points the server at another web build (e.g. one made outside the repo).
    const webDistDir = process.env.FOLIO_E2E_WEB_DIST;
    const codeHostConfig = { ...DEFAULT_CODE_HOST_TIMING, ...codeHostTiming, apiUrl: codeHost.apiUrl };
    const options = {
      ...serverOptions,
      config: { codeHost: codeHostConfig, ...(webDistDir ? { webDistDir } : {}), ...serverOptions.config },
    };
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
