import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const rendererDist = path.join(repoRoot, 'desktop/dist/renderer');
const rendererSources = [
  'desktop/src/renderer',
  'desktop/src/channels',
  'desktop/src/common',
  'web/src',
  'shared/src',
  'desktop/vite.renderer.config.ts',
];

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestMtime(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/**
 * Builds the renderer with its own Vite config unless the build is newer than every source file.
 * Two Playwright workers may ask at once: a lock directory lets one build while the other waits.
 */
export async function ensureRendererBuilt(): Promise<string> {
  const lock = path.join(repoRoot, 'desktop/dist/.renderer-build-lock');
  await mkdir(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    const built = await newestMtime(path.join(rendererDist, 'index.html'));
    const sources = Math.max(...(await Promise.all(rendererSources.map((source) => newestMtime(path.join(repoRoot, source))))));
    if (built < sources) {
      const { build } = await import('vite');
      await build({ configFile: path.join(repoRoot, 'desktop/vite.renderer.config.ts'), logLevel: 'warn' });
    }
    return rendererDist;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** The page-side bridge (page-bridge.ts) as one script for page.addInitScript. */
export async function bundlePageBridge(): Promise<string> {
  const result = await esbuild({
    entryPoints: [fileURLToPath(new URL('./page-bridge.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no page bridge');
  return output.text;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** Serves the built renderer as static files, as Electron's app protocol would. */
export async function serveRenderer(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    stat(file)
      .then((info) => {
        if (!info.isFile()) throw new Error('not a file');
        response.writeHead(200, { 'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(response);
      })
      .catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
