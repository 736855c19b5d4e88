import { build, Platform } from 'electron-builder';
import { buildDesktopApp } from './app-build';
import { electronBuilderConfig } from './electron-builder.config';

/**
 * `npm run desktop:dist`: builds the production app folder, then packages it for the current
 * platform (Linux: AppImage and deb; Windows: nsis; macOS: dmg) into desktop/release/.
 * electron-builder downloads the Electron runtime for the target (and its packaging tools) on
 * first use, so this needs the network to Electron's release host.
 */
const { appDir } = await buildDesktopApp({ mode: 'production' });
const platform = Platform.current();
const artifacts = await build({ targets: platform.createTarget(), config: electronBuilderConfig(), projectDir: appDir });
console.info(`Folio desktop packaged for ${platform.name}:\n${artifacts.map((file) => `  ${file}`).join('\n')}`);
