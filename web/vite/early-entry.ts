import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Builds `source` as an entry of its own and puts its script in index.html before the main
 * script. Module scripts run in document order once the page is parsed, so this one runs
 * without waiting for the main script's download. (Two module scripts written in index.html
 * would be bundled into one entry.) For the client build only; the SSR build never loads it.
 */
export function earlyEntry(name: string, source: string): Plugin {
  let mainEntry = '';
  return {
    name: 'folio-early-entry',
    apply: (config, { isSsrBuild }) => config.build?.ssr === undefined && !isSsrBuild,
    config: (config) => {
      mainEntry = path.resolve(config.root ?? process.cwd(), 'index.html');
      return { build: { rollupOptions: { input: { index: mainEntry, [name]: source } } } };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === name,
        );
        if (!chunk) throw new Error(`the ${name} entry was not built`);
        const firstModuleScript = html.indexOf('<script type="module"');
        if (firstModuleScript < 0) throw new Error('index.html has no module script to go before');
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>\n    `;
        return html.slice(0, firstModuleScript) + tag + html.slice(firstModuleScript);
      },
    },
  };
}
