import path from 'node:path';
import type { Plugin } from 'vite';

/** Vite's preload of a module the main entry imports, as it writes it into index.html. */
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Builds `source` as an entry of its own, the page's first script, and hands it the main script:
 * the main entry's `<script type="module">` and Vite's preloads of its imports leave index.html,
 * and the early entry's `<script>` names them (`data-main-entry`, `data-main-imports`), so that
 * it fetches and runs them when it chooses (after the first paint, see src/page-start.ts). (Two
 * module scripts written in index.html would be bundled into one entry.) For the client build
 * only: the SSR build never loads it, and the dev server has no bundle.
 */
export function earlyEntry(name: string, source: string): Plugin {
  let mainEntry = '';
  return {
    name: 'folio-early-entry',
    // The dev server serves index.html as written: there the main script starts the app, and
    // LazyImage the lazy images.
    apply: (config, { command, isSsrBuild }) => command === 'build' && config.build?.ssr === undefined && !isSsrBuild,
    config: (config) => {
      mainEntry = path.resolve(config.root ?? process.cwd(), 'index.html');
      return { build: { rollupOptions: { input: { index: mainEntry, [name]: source } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entryFile = (entryName: string) => {
          const chunk = Object.values(context.bundle ?? {}).find(
            (output) => output.type === 'chunk' && output.isEntry && output.name === entryName,
          );
          if (!chunk) throw new Error(`the ${entryName} entry was not built`);
          return `/${chunk.fileName}`;
        };
        const mainScript = `<script type="module" crossorigin src="${entryFile('index')}"></script>`;
        if (!html.includes(mainScript)) throw new Error(`index.html has no ${mainScript}`);
        const mainImports = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href ?? '');
        const early =
          `<script type="module" crossorigin src="${entryFile(name)}" ` +
          `data-main-entry="${entryFile('index')}" data-main-imports="${mainImports.join(' ')}"></script>`;
        return html.replace(MODULE_PRELOAD, '').replace(mainScript, () => early);
      },
    },
  };
}
