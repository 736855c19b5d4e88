import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { buildDesktopApp } from './app-build';

/**
 * `npm run desktop`: builds main and preload (esbuild) and the renderer (Vite) in development
 * mode into desktop/dist/app, then runs Electron on that folder. The `electron` package resolves
 * to the path of its binary under Node; Electron fetches the binary on this first run.
 */
const require = createRequire(import.meta.url);
const electronBinary = require('electron') as unknown;
if (typeof electronBinary !== 'string') throw new Error('The electron package did not resolve to its binary path');

const { appDir } = await buildDesktopApp({ mode: 'development' });
const child = spawn(electronBinary, [appDir], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === null ? 0 : 1);
});
