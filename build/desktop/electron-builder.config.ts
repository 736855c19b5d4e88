import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Configuration } from 'electron-builder';
import { APP_DIR, RELEASE_DIR } from './paths';

const require = createRequire(import.meta.url);

/**
 * electron-builder configuration. It packs the prepared app folder (build/desktop/app-build.ts),
 * which has no dependencies, so nothing else of the repository can slip into the installer.
 * The Electron version is the installed devDependency's, read at packaging time, so the
 * packaged runtime is the one the app was type-checked against.
 */
export function electronBuilderConfig(): Configuration {
  const electron = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string };
  return {
    appId: 'dev.folio.desktop',
    productName: 'Folio',
    electronVersion: electron.version,
    directories: { app: APP_DIR, output: RELEASE_DIR },
    asar: true,
    files: ['package.json', 'main/**', 'preload/**', 'renderer/**', '!**/*.map'],
    // The app folder has no node_modules and no native modules: nothing to rebuild or collect.
    npmRebuild: false,
    nodeGypRebuild: false,
    artifactName: '${productName}-${version}-${os}-${arch}.${ext}',
    linux: { target: ['AppImage', 'deb'], category: 'Office', maintainer: 'Folio' },
    deb: { packageName: 'folio-desktop' },
    win: { target: ['nsis'] },
    nsis: { oneClick: false, allowToChangeInstallationDirectory: true, perMachine: false },
    mac: { target: ['dmg'], category: 'public.app-category.productivity' },
  };
}
