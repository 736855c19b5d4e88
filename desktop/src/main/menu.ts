import type { MenuItemConstructorOptions } from 'electron';
import { DESKTOP_COMMAND_KEYS, DesktopBridgeMessages as M } from '@folio/shared';
import type { MenuCommand } from '../channels';

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Devtools and the hard reload only exist in development. */
  isDevelopment: boolean;
  /** Forwards 新建文章 / 保存 / 查找 to the renderer (the `menu` event). */
  sendCommand: (command: MenuCommand) => void;
}

/**
 * The application menu. `CmdOrCtrl` gives Cmd on macOS and Ctrl elsewhere. Roles give the
 * native behaviour (undo, copy, zoom, fullscreen) with the platform's own shortcuts; the three
 * app commands go to the renderer, which knows what "save" means on the current screen.
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin';
  // The renderer answers the same keys itself (DESKTOP_COMMAND_KEYS): the accelerator is shown
  // here and runs only when the page left the key unhandled.
  const command = (label: string, name: MenuCommand): MenuItemConstructorOptions => ({
    label,
    accelerator: `CmdOrCtrl+${DESKTOP_COMMAND_KEYS[name]}`,
    click: () => options.sendCommand(name),
  });
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: M.appName,
      submenu: [
        { role: 'about', label: M.menuAbout },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit', label: M.menuQuit },
      ],
    });
  }
  template.push({
    label: M.menuFile,
    submenu: [
      command(M.menuNewArticle, 'new-article'),
      command(M.menuSave, 'save'),
      { type: 'separator' },
      isMac ? { role: 'close', label: M.menuClose } : { role: 'quit', label: M.menuQuit, accelerator: 'Ctrl+Q' },
    ],
  });
  template.push({
    label: M.menuEdit,
    submenu: [
      { role: 'undo', label: M.menuUndo },
      { role: 'redo', label: M.menuRedo },
      { type: 'separator' },
      { role: 'cut', label: M.menuCut },
      { role: 'copy', label: M.menuCopy },
      { role: 'paste', label: M.menuPaste },
      { role: 'selectAll', label: M.menuSelectAll },
      { type: 'separator' },
      command(M.menuFind, 'find'),
    ],
  });
  const development: MenuItemConstructorOptions[] = options.isDevelopment
    ? [
        { role: 'forceReload', label: M.menuForceReload },
        { role: 'toggleDevTools', label: M.menuToggleDevTools, accelerator: isMac ? 'Alt+Cmd+I' : 'Ctrl+Shift+I' },
      ]
    : [];
  template.push({
    label: M.menuView,
    submenu: [
      { role: 'reload', label: M.menuReload, accelerator: 'CmdOrCtrl+R' },
      ...development,
      { type: 'separator' },
      { role: 'resetZoom', label: M.menuResetZoom, accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', label: M.menuZoomIn, accelerator: 'CmdOrCtrl+=' },
      { role: 'zoomOut', label: M.menuZoomOut, accelerator: 'CmdOrCtrl+-' },
      { type: 'separator' },
      { role: 'togglefullscreen', label: M.menuFullscreen },
    ],
  });
  template.push({
    label: M.menuWindow,
    submenu: [
      { role: 'minimize', label: M.menuMinimize },
      ...(isMac ? [{ role: 'zoom' } as const, { role: 'front' } as const] : []),
    ],
  });
  return template;
}
