import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { DESKTOP_COMMAND_KEYS, DesktopBridgeMessages as M } from '@folio/shared';
import { buildMenuTemplate } from '../../src/main/menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

/** The menu's items with the command each sends to the renderer when clicked (none for roles). */
function menuOf(platform: NodeJS.Platform, isDevelopment = false) {
  const sent: string[] = [];
  const items = flatten(buildMenuTemplate({ platform, isDevelopment, sendCommand: (command) => sent.push(command) }));
  return items.map((item) => {
    sent.length = 0;
    if (!item.role && typeof item.click === 'function') (item.click as () => void)();
    return { label: item.label, role: item.role, accelerator: item.accelerator, command: sent[0] };
  });
}

describe('the menu and the page agree on the shortcuts', () => {
  for (const platform of ['linux', 'win32', 'darwin'] as const) {
    it(`every app command of the menu has the key the page answers to (${platform})`, () => {
      const commands = menuOf(platform).filter((item) => item.command !== undefined);
      expect(commands.map(({ label, command, accelerator }) => ({ label, command, accelerator }))).toEqual([
        { label: M.menuNewArticle, command: 'new-article', accelerator: `CmdOrCtrl+${DESKTOP_COMMAND_KEYS['new-article']}` },
        { label: M.menuSave, command: 'save', accelerator: `CmdOrCtrl+${DESKTOP_COMMAND_KEYS.save}` },
        { label: M.menuFind, command: 'find', accelerator: `CmdOrCtrl+${DESKTOP_COMMAND_KEYS.find}` },
      ]);
    });

    it(`no two entries share a shortcut, and 重新加载 is Ctrl/Cmd+R (${platform})`, () => {
      for (const isDevelopment of [false, true]) {
        const accelerators = menuOf(platform, isDevelopment)
          .map((item) => item.accelerator)
          .filter((accelerator) => accelerator !== undefined);
        expect(new Set(accelerators).size).toBe(accelerators.length);
      }
      expect(menuOf(platform).find((item) => item.label === M.menuReload)).toMatchObject({
        role: 'reload',
        accelerator: 'CmdOrCtrl+R',
      });
    });
  }
});
