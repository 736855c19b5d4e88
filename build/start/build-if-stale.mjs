// `npm start`'s first step, run by plain `node` (see stale-check.mjs for why): builds the web app
// (client and server-rendering bundles) and the compiled server only when they are missing or
// their sources changed, so a start with nothing changed goes straight to `node
// server/dist/main.js`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './stale-check.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const at = (/** @type {string[]} */ ...parts) => path.join(root, ...parts);
/** What both builds read: the shared workspace, the installed packages and this check. */
const commonInputs = [
  at('shared/src'),
  at('shared/package.json'),
  at('package-lock.json'),
  at('tsconfig.base.json'),
  at('build/start/build-if-stale.mjs'),
];

/** @type {import('./stale-check.mjs').BuildTarget} */
export const webTarget = {
  name: 'web app',
  inputs: [
    at('web/src'),
    at('web/public'),
    at('web/vite'),
    at('web/index.html'),
    at('web/vite.config.ts'),
    at('web/tsconfig.json'),
    at('web/package.json'),
    ...commonInputs,
  ],
  outputs: [at('web/dist/index.html'), at('web/dist-ssr/entry-server.js')],
  stampFile: at('web/dist/.build-stamp'),
};

/** @type {import('./stale-check.mjs').BuildTarget} */
export const serverTarget = {
  name: 'server',
  inputs: [at('server/src'), at('server/package.json'), at('tsconfig.json'), at('build/start/bundle-server.ts'), ...commonInputs],
  outputs: [at('server/dist/main.js'), at('server/dist/diagram-svg.worker.js')],
  stampFile: at('server/dist/.build-stamp'),
};

async function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building the web app failed (exit ${result.status ?? result.signal})`);
}

/** The bundler is TypeScript: its loader is paid for only when the server needs building. */
async function buildServer() {
  const { tsImport } = await import('tsx/esm/api');
  /** @type {typeof import('./bundle-server.js')} */
  const { bundleServer } = await tsImport('./bundle-server.ts', import.meta.url);
  await bundleServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildIfStale(webTarget, buildWeb);
  await buildIfStale(serverTarget, buildServer);
}
