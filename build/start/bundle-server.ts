import path from 'node:path';
import { build } from 'esbuild';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Compiles the server into one ES module, `server/dist/main.js`, so production runs plain `node`
 * (no TypeScript loader in memory or on the start-up path). npm packages stay external and load
 * from node_modules; the shared workspace is TypeScript source, so it is bundled in.
 */
export async function bundleServer(): Promise<void> {
  await build({
    entryPoints: [path.join(repoRoot, 'server/src/main.ts')],
    outfile: path.join(repoRoot, 'server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@folio/shared': path.join(repoRoot, 'shared/src/index.ts') },
    sourcemap: true,
    logLevel: 'warning',
  });
}
