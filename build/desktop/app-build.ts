import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import type { BuildOptions, Metafile } from 'esbuild';
import {
  APP_DIR,
  APP_LAYOUT,
  DESKTOP_DIR,
  MAIN_ENTRY,
  PRELOAD_ENTRY,
  RENDERER_BUILD_DIR,
  RENDERER_VITE_CONFIG,
  REPO_ROOT,
} from './paths';

/**
 * Builds the desktop app folder that `electron <dir>` runs and electron-builder packs:
 *
 *   package.json          name, productName, version, main; no dependencies at all
 *   main/main.cjs         main process, bundled (zod, @folio/shared, desktop-core inside)
 *   preload/preload.cjs   sandboxed preload, bundled
 *   renderer/**           Vite build of desktop/src/renderer (no source maps in production)
 *
 * Everything is bundled, so the app needs no node_modules: no dev dependency, no server code
 * and no Electron binary can end up in it by accident.
 */
export interface AppBuildOptions {
  mode: 'development' | 'production';
  outDir?: string;
  /** Skip the Vite build and copy an existing renderer build (the packaging check reuses a fresh one). */
  rendererBuildDir?: string;
}

export interface AppBuildResult {
  appDir: string;
  /** Source files bundled into main and preload, relative to the repository root. */
  mainInputs: string[];
  preloadInputs: string[];
}

/** Electron 45 ships Node 22 and Chromium 140. */
const NODE_TARGET = 'node22';
const CHROME_TARGET = 'chrome140';

export async function buildDesktopApp(options: AppBuildOptions): Promise<AppBuildResult> {
  const appDir = path.resolve(options.outDir ?? APP_DIR);
  const production = options.mode === 'production';
  await rm(appDir, { recursive: true, force: true });
  await mkdir(appDir, { recursive: true });

  const common: BuildOptions = {
    bundle: true,
    format: 'cjs',
    external: ['electron'],
    minify: production,
    // Development gets maps for stack traces; the shipped app does not carry its sources.
    sourcemap: production ? false : 'linked',
    metafile: true,
    absWorkingDir: REPO_ROOT,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': JSON.stringify(options.mode) },
  };
  const [main, preload] = await Promise.all([
    esbuild({
      ...common,
      entryPoints: [MAIN_ENTRY],
      outfile: path.join(appDir, APP_LAYOUT.main),
      platform: 'node',
      target: NODE_TARGET,
    }),
    esbuild({
      ...common,
      entryPoints: [PRELOAD_ENTRY],
      outfile: path.join(appDir, APP_LAYOUT.preload),
      platform: 'browser',
      target: CHROME_TARGET,
    }),
  ]);

  // A build into a folder of its own (the packaging test) leaves desktop/dist/renderer alone:
  // the Playwright harness serves that folder.
  const rendererDir =
    options.rendererBuildDir ?? (await buildRenderer(options.mode, options.outDir ? `${appDir}-renderer` : undefined));
  await cp(rendererDir, path.join(appDir, 'renderer'), {
    recursive: true,
    filter: (source) => production === false || !source.endsWith('.map'),
  });

  await writeFile(path.join(appDir, 'package.json'), `${JSON.stringify(await appManifest(), null, 2)}\n`);
  return { appDir, mainInputs: inputsOf(main.metafile), preloadInputs: inputsOf(preload.metafile) };
}

/**
 * Vite builds desktop/src/renderer with desktop-renderer's config into `outDir` (default
 * desktop/dist/renderer); answers the output folder. NODE_ENV is set to the mode for the build:
 * Vite and the React plugin follow an existing NODE_ENV over the mode, and under Vitest it is
 * `test`, which gave a "production" renderer React's development build (StrictMode included).
 */
export async function buildRenderer(mode: AppBuildOptions['mode'], outDir = RENDERER_BUILD_DIR): Promise<string> {
  const { build } = await import('vite');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = mode;
  try {
    await build({ configFile: RENDERER_VITE_CONFIG, mode, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return outDir;
}

/** The app's own package.json: what Electron reads at start; deliberately without dependencies. */
async function appManifest(): Promise<Record<string, string>> {
  const desktop = JSON.parse(await readFile(path.join(DESKTOP_DIR, 'package.json'), 'utf8')) as Record<string, unknown>;
  const text = (key: string, fallback: string) => (typeof desktop[key] === 'string' ? desktop[key] : fallback);
  return {
    name: 'folio-desktop',
    productName: text('productName', 'Folio'),
    version: text('version', '0.0.0'),
    description: text('description', 'Folio desktop admin'),
    author: text('author', 'Folio'),
    license: text('license', 'UNLICENSED'),
    main: APP_LAYOUT.main,
  };
}

function inputsOf(metafile: Metafile | undefined): string[] {
  if (metafile === undefined) throw new Error('esbuild gave no metafile');
  return Object.keys(metafile.inputs).map((input) => path.relative(REPO_ROOT, path.resolve(input)).split(path.sep).join('/'));
}
