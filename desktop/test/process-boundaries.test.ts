import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The process boundaries of eslint.config.js (desktopProcessBoundaries): each import below is
 * linted as if it were written in the given file, with the repository's real configuration. Every
 * forbidden import has an allowed twin, so a rule that refused everything would fail too.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
const BOUNDARY_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'import-x/no-restricted-paths']);

/** The boundary rules that refuse `code` in `file` (a path in the repository; it need not exist). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${repoRoot}${file}` });
  return (result?.messages ?? []).flatMap((message) =>
    message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId) ? [message.ruleId] : [],
  );
}

describe('desktop process boundaries', () => {
  it('lets only main.ts load electron at run time; other main files take its types only', async () => {
    const runTime = "import { app } from 'electron';\nexport const quit = () => app.quit();";
    const typeOnly = "import type { App } from 'electron';\nexport const quit = (app: App) => app.quit();";
    expect(await boundaryErrors('desktop/src/main/menu-probe.ts', runTime)).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await boundaryErrors('desktop/src/main/menu-probe.ts', typeOnly)).toEqual([]);
    expect(await boundaryErrors('desktop/src/main/main.ts', runTime)).toEqual([]);
    expect(await boundaryErrors('desktop/src/preload/preload.ts', runTime)).toEqual([]);
  });

  it('keeps electron, main and the renderer out of core/', async () => {
    const file = 'desktop/src/core/probe.ts';
    expect(await boundaryErrors(file, "import type { App } from 'electron';\nexport type A = App;")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await boundaryErrors(file, "export { folioBridge } from '../renderer/bridge/folio-bridge';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await boundaryErrors(file, "export { createDispatcher } from '../main/dispatch';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await boundaryErrors(file, "export { createSerialQueue } from './serial-queue';")).toEqual([]);
  });

  it('lets the renderer reach main only through the bridge, and share code through common/', async () => {
    const file = 'desktop/src/renderer/conflict/probe.ts';
    expect(await boundaryErrors(file, "export { sideBySideDiff } from '../../core/sync';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await boundaryErrors(file, "export type { Handlers } from '../../main/desktop-services';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await boundaryErrors(file, "export { serverFilesBase } from '../../common/server-files-path';")).toEqual([]);
    expect(await boundaryErrors(file, "export { unwrapReply } from '../../channels';")).toEqual([]);
  });

  it("takes the web admin through @folio/web's package exports, never its source paths", async () => {
    const file = 'desktop/src/renderer/web-admin.ts';
    expect(await boundaryErrors(file, "export { formatDateTime } from '../../../web/src/lib/format';")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await boundaryErrors(file, "export { formatDateTime } from '@folio/web/lib/format';")).toEqual([]);
  });

  it('keeps Node and the processes out of the code every process bundles (channels/, common/)', async () => {
    expect(await boundaryErrors('desktop/src/common/probe.ts', "export { readFile } from 'node:fs/promises';")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await boundaryErrors('desktop/src/channels/probe.ts', "export { DraftStore } from '../core/draft-store';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await boundaryErrors('desktop/src/channels/probe.ts', "export { ok } from './common.schema';")).toEqual([]);
  });
});
