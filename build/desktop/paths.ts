import { fileURLToPath } from 'node:url';

/** Where the desktop build reads and writes; one place so the scripts and the check agree. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DESKTOP_DIR = fileURLToPath(new URL('../../desktop/', import.meta.url));
export const MAIN_ENTRY = fileURLToPath(new URL('../../desktop/src/main/main.ts', import.meta.url));
export const PRELOAD_ENTRY = fileURLToPath(new URL('../../desktop/src/preload/preload.ts', import.meta.url));
export const RENDERER_VITE_CONFIG = fileURLToPath(new URL('../../desktop/vite.renderer.config.ts', import.meta.url));
/** Vite's output (desktop/vite.renderer.config.ts), copied into the app folder without source maps. */
export const RENDERER_BUILD_DIR = fileURLToPath(new URL('../../desktop/dist/renderer/', import.meta.url));
/** The folder Electron runs in development and electron-builder packs. */
export const APP_DIR = fileURLToPath(new URL('../../desktop/dist/app/', import.meta.url));
export const RELEASE_DIR = fileURLToPath(new URL('../../desktop/release/', import.meta.url));

/** Inside the app folder (and the asar): the paths main.ts expects at run time. */
export const APP_LAYOUT = {
  main: 'main/main.cjs',
  preload: 'preload/preload.cjs',
  rendererIndex: 'renderer/index.html',
} as const;
