import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ChannelGroups } from '../../src/channels';
import { ipcChannelName } from '../../src/channels';
import { isAppFrame, registerIpc } from '../../src/main/ipc';
import type { IpcRegistrar, SenderEvent } from '../../src/main/ipc';

const table = {
  drafts: {
    save: { arg: z.object({ id: z.string().min(1, '缺少 ID') }), result: z.object({ saved: z.boolean() }) },
  },
} as const satisfies ChannelGroups;

/** A fake ipcMain that records handlers and lets the test invoke them like a renderer would. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: SenderEvent, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handle: (channel: string, listener: (event: SenderEvent, ...args: unknown[]) => unknown) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  const invoke = (channel: string, frameUrl: string | null, ...args: unknown[]) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return Promise.resolve(handler({ senderFrame: frameUrl === null ? null : { url: frameUrl } } as SenderEvent, ...args));
  };
  return { ipcMain: ipcMain as unknown as IpcRegistrar, handlers, invoke };
}

describe('registerIpc', () => {
  it('registers one prefixed handler per channel and removes them again', () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const dispose = registerIpc(ipcMain, { drafts: { save: () => ({ saved: true }) } }, table);
    expect([...handlers.keys()]).toEqual([ipcChannelName('drafts.save')]);
    dispose();
    expect(handlers.size).toBe(0);
  });

  it('lets a call from the app frame with a good argument reach the handler', async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const save = vi.fn(() => ({ saved: true }));
    registerIpc(ipcMain, { drafts: { save } }, table);
    await expect(invoke('folio:drafts.save', 'app://folio/index.html', { id: 'd1' })).resolves.toEqual({
      ok: true,
      data: { saved: true },
    });
    expect(save).toHaveBeenCalledWith({ id: 'd1' });
  });

  it('refuses a foreign sender before anything else, with a Chinese message', async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const save = vi.fn(() => ({ saved: true }));
    registerIpc(ipcMain, { drafts: { save } }, table);
    for (const url of ['https://evil.example/', 'file:///home/me/page.html', 'app://other/index.html', 'http://folio/', null]) {
      const reply = await invoke('folio:drafts.save', url, { id: 'd1' });
      expect(reply).toEqual({
        ok: false,
        error: { code: 'forbidden-sender', message: expect.stringMatching(/[\u4e00-\u9fa5]/) },
      });
    }
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses a bad argument, or more than one, without calling the handler', async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const save = vi.fn(() => ({ saved: true }));
    registerIpc(ipcMain, { drafts: { save } }, table);
    await expect(invoke('folio:drafts.save', 'app://folio/', { id: '' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', message: expect.stringContaining('缺少 ID') },
    });
    await expect(invoke('folio:drafts.save', 'app://folio/', { id: 'd1' }, 'extra')).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('has no handler at all for a channel outside the table', async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    registerIpc(ipcMain, { drafts: { save: () => ({ saved: true }) } }, table);
    expect(() => invoke('folio:drafts.delete', 'app://folio/', { id: 'd1' })).toThrow(/No handler/);
  });

  it('checks frames by scheme and host of the app origin', () => {
    expect(isAppFrame({ senderFrame: { url: 'app://folio/index.html#/drafts' } } as SenderEvent)).toBe(true);
    expect(isAppFrame({ senderFrame: { url: 'app://folio.evil/index.html' } } as SenderEvent)).toBe(false);
    expect(isAppFrame({ senderFrame: { url: 'not a url' } } as SenderEvent)).toBe(false);
  });
});
