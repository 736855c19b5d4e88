import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * `@folio/shared` and its subpaths (`@folio/shared/durable-file`, ...) resolved through the
 * workspace's own `exports` map, so they are bundled in while every npm package stays external.
 */
const sharedWorkspace: Plugin = {
  name: 'folio-shared-workspace',
  setup(pluginBuild) {
    const sharedDir = path.join(repoRoot, 'shared');
    const { exports } = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    pluginBuild.onResolve({ filter: /^@folio\/shared(\/.*)?$/ }, (args) => {
      const target = exports[`.${args.path.slice('@folio/shared'.length)}`];
      if (!target) return { errors: [{ text: `${args.path} is not exported by shared/package.json` }] };
      return { path: path.join(sharedDir, target) };
    });
  },
};

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
    plugins: [sharedWorkspace],
    sourcemap: true,
    logLevel: 'warning',
  });
}
