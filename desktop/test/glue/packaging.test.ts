import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPackage, extractFile, listPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDesktopApp } from '../../../build/desktop/app-build';
import type { AppBuildResult } from '../../../build/desktop/app-build';
import { electronBuilderConfig } from '../../../build/desktop/electron-builder.config';

const require = createRequire(import.meta.url);

/**
 * The offline packaging check: builds the production app folder exactly as `npm run
 * desktop:dist` does (esbuild for main and preload, Vite for the renderer), packs it into an
 * asar with @electron/asar as electron-builder would, and lists what an installer would ship.
 * Electron itself is never downloaded or launched.
 */
let workDir: string;
let build: AppBuildResult;
let entries: string[];
let asarFile: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'folio-desktop-pack-'));
  build = await buildDesktopApp({ mode: 'production', outDir: path.join(workDir, 'app') });
  asarFile = path.join(workDir, 'app.asar');
  await createPackage(build.appDir, asarFile);
  entries = listPackage(asarFile, { isPack: false }).map((entry) => entry.split(path.sep).join('/'));
}, 600_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the packaged desktop app', () => {
  it('holds the main process, the preload, the renderer and its package.json', () => {
    expect(entries).toEqual(
      expect.arrayContaining(['/package.json', '/main/main.cjs', '/preload/preload.cjs', '/renderer/index.html']),
    );
    expect(entries.some((entry) => /^\/renderer\/assets\/.+\.js$/.test(entry))).toBe(true);
  });

  it('ships no server code, no node_modules, no TypeScript sources and no source maps', () => {
    const unwanted = entries.filter(
      (entry) => entry.includes('node_modules') || entry.startsWith('/server') || entry.endsWith('.map') || /\.tsx?$/.test(entry),
    );
    expect(unwanted).toEqual([]);
    expect(build.mainInputs.filter((input) => input.startsWith('server/') || input.startsWith('web/'))).toEqual([]);
  });

  it("runs React's production build, even when built under a test runner's NODE_ENV", () => {
    const scripts = entries.filter((entry) => /^\/renderer\/assets\/.+\.js$/.test(entry));
    const development = scripts.filter((entry) => extractFile(asarFile, entry.slice(1)).toString('utf8').includes('jsxDEV'));
    expect(development).toEqual([]);
  });

  it('declares no dependencies, so nothing (dev tooling, Electron) is pulled in at install time', () => {
    const manifest = JSON.parse(extractFile(asarFile, 'package.json').toString('utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ main: 'main/main.cjs', productName: 'Folio' });
    expect(manifest).not.toHaveProperty('dependencies');
    expect(manifest).not.toHaveProperty('devDependencies');
    const devTooling = /node_modules\/(electron|electron-builder|@electron\/asar|vite|vitest|esbuild|typescript|@playwright)\//;
    expect([...build.mainInputs, ...build.preloadInputs].filter((input) => devTooling.test(input))).toEqual([]);
  });

  it('keeps electron out of the bundles (Electron provides it) and Node out of the sandboxed preload', async () => {
    const main = await readFile(path.join(build.appDir, 'main/main.cjs'), 'utf8');
    const preload = await readFile(path.join(build.appDir, 'preload/preload.cjs'), 'utf8');
    expect(main).toMatch(/require\("electron"\)/);
    expect(preload).toMatch(/require\("electron"\)/);
    expect(
      build.preloadInputs.filter((input) => input.startsWith('desktop/src/core/') || input.startsWith('desktop/src/main/')),
    ).toEqual([]);
    expect(preload).not.toMatch(/require\("(node:)?(fs|child_process|path|os)"\)/);
  });

  it('is packaged by electron-builder for Linux (AppImage, deb), Windows (nsis) and macOS (dmg) from that folder only', () => {
    const config = electronBuilderConfig();
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.asar).toBe(true);
    expect(config.npmRebuild).toBe(false);
    expect(config.files).toContain('!**/*.map');
    expect(config.electronVersion).toMatch(/^45\./);
  });

  it('passes the validation electron-builder itself runs on the configuration', async () => {
    // Not a public entry point of electron-builder, but the very check `build()` runs first;
    // it needs no network, unlike a real build (which downloads the Electron runtime).
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: ReturnType<typeof electronBuilderConfig>, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(electronBuilderConfig(), new DebugLogger(false))).resolves.toBeUndefined();
  });
});
