/**
 * `npm start`'s first step: builds the web app (client and server-rendering bundles) and the
 * compiled server only when they are missing or their sources changed, so a second start goes
 * straight to `node server/dist/main.js`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { bundleServer } from './bundle-server.js';
import { isStale, writeStamp } from './stale-check.js';
import type { BuildTarget } from './stale-check.js';

const root = path.resolve(import.meta.dirname, '../..');
const at = (...parts: string[]) => path.join(root, ...parts);
const sharedInputs = [at('shared/src'), at('shared/package.json'), at('package-lock.json')];

const web: BuildTarget = {
  name: 'web app',
  inputs: [
    at('web/src'),
    at('web/public'),
    at('web/index.html'),
    at('web/vite.config.ts'),
    at('web/package.json'),
    ...sharedInputs,
  ],
  outputs: [at('web/dist/index.html'), at('web/dist-ssr/entry-server.js')],
  stampFile: at('web/dist/.build-stamp'),
};

const server: BuildTarget = {
  name: 'server',
  inputs: [at('server/src'), at('server/package.json'), at('build/start/bundle-server.ts'), ...sharedInputs],
  outputs: [at('server/dist/main.js'), at('server/dist/diagram-svg.worker.js')],
  stampFile: at('server/dist/.build-stamp'),
};

async function buildIfStale(target: BuildTarget, build: () => Promise<void>): Promise<void> {
  if (!(await isStale(target))) {
    console.info(`[folio] ${target.name}: up to date`);
    return;
  }
  console.info(`[folio] ${target.name}: building`);
  await build();
  await writeStamp(target);
}

await buildIfStale(web, async () => {
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building the web app failed (exit ${result.status ?? result.signal})`);
});
await buildIfStale(server, bundleServer);
