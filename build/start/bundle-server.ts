import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const distDir = path.join(repoRoot, 'server/dist');

/**
 * `@folio/shared` and its subpaths (`@folio/shared/durable-file`, ...) resolved through the
 * workspace's own `exports` map, so they are bundled in like every npm package.
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
 * Writes each non-ASCII UTF-16 code unit as a `\uXXXX` escape. esbuild leaves CJK characters in
 * regular-expression literals as they are, and a single one makes V8 hold the whole bundle's
 * source as a two-byte string (twice the memory). The escape means the same character in string,
 * template and regular-expression literals (a surrogate pair escape is one code point in `u` mode).
 */
function escapeNonAscii(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Compiles the server and the npm packages it uses into ES modules, `server/dist/main.js` and the
 * diagram cleaning thread's `server/dist/diagram-svg.worker.js`, so production runs plain `node`:
 * no TypeScript loader, and no module resolution across hundreds of files in node_modules at start-up.
 */
export async function bundleServer(): Promise<void> {
  const result = await build({
    entryPoints: {
      main: path.join(repoRoot, 'server/src/main.ts'),
      // The thread that cleans uploaded diagram SVGs, started from main.js by this name.
      'diagram-svg.worker': path.join(repoRoot, 'server/src/services/diagram-svg.worker.ts'),
    },
    outdir: distDir,
    // Modules the server imports on first use (the AI provider's SDK) go to chunks of their own,
    // compiled only when used instead of at every start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [sharedWorkspace],
    // Bundled CommonJS packages call require() for Node's built-ins; an ES module has none.
    banner: {
      js: "import { createRequire as folioCreateRequire } from 'node:module'; const require = folioCreateRequire(import.meta.url);",
    },
    sourcemap: true,
    // Minified with function names kept: the source text Node compiles at start and holds in
    // memory for the process's life shrinks, and stack traces still name the functions.
    // `NODE_OPTIONS=--enable-source-maps` maps them to the TypeScript lines when debugging (off by
    // default: parsing the map costs about 20 MB of memory).
    minify: true,
    keepNames: true,
    write: false,
    logLevel: 'warning',
  });
  // Chunks are named by content: remove the last build's, which nothing imports any more.
  await rm(path.join(distDir, 'chunks'), { recursive: true, force: true });
  for (const file of result.outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, file.path.endsWith('.js') ? escapeNonAscii(file.text) : file.contents);
  }
}
