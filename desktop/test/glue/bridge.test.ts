import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  BridgeError,
  channelNames,
  channelTable,
  createBridge,
  eventTable,
  folioTable,
  ipcChannelName,
  ipcEventName,
  unwrapReply,
} from '../../src/channels';
import type { BridgeInvoke, BridgeSubscribe, ChannelGroups } from '../../src/channels';
import { createDispatcher } from '../../src/main/dispatch';

/** A small table of the same kind as channelTable, so the generator is tested on its own. */
const table = {
  notes: {
    add: { arg: z.object({ text: z.string().min(1, '内容不能为空') }), result: z.object({ id: z.number() }) },
    count: { arg: z.undefined(), result: z.number() },
  },
} as const satisfies ChannelGroups;
const events = { ping: z.object({ at: z.string() }) };

function wired(handlers: { notes: { add: (arg: { text: string }) => unknown; count: () => unknown } }) {
  const dispatch = createDispatcher(table, handlers as never, { logError: () => {} });
  const invoke: BridgeInvoke = (channel, arg) => dispatch(channel.replace(/^folio:/, ''), arg);
  const listeners = new Map<string, (payload: unknown) => void>();
  const subscribe: BridgeSubscribe = (event, listener) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  };
  const bridge = createBridge({ channels: table, events }, invoke, subscribe, { pathForFile: () => '/picked.md' });
  return { bridge, listeners };
}

describe('createBridge with the dispatcher (the harness wiring)', () => {
  it('passes a valid argument to the handler and answers its result', async () => {
    const add = vi.fn((arg: { text: string }) => ({ id: arg.text.length }));
    const { bridge } = wired({ notes: { add, count: () => 3 } });
    await expect(bridge.notes.add({ text: '你好' })).resolves.toEqual({ ok: true, data: { id: 2 } });
    await expect(bridge.notes.count()).resolves.toEqual({ ok: true, data: 3 });
    expect(add).toHaveBeenCalledWith({ text: '你好' });
  });

  it('refuses a bad argument with a Chinese message and never calls the handler', async () => {
    const add = vi.fn(() => ({ id: 1 }));
    const { bridge } = wired({ notes: { add, count: () => 0 } });
    const reply = await bridge.notes.add({ text: '' });
    expect(reply).toEqual({ ok: false, error: { code: 'invalid-argument', message: expect.stringContaining('内容不能为空') } });
    // A rule without its own message still explains itself in Chinese (zod's zh-CN locale).
    const wrongType = await bridge.notes.add({ text: 42 } as never);
    expect(wrongType.ok).toBe(false);
    expect(wrongType.ok ? '' : wrongType.error.message).toMatch(/桌面接口 notes\.add 的参数无效：text: .*[\u4e00-\u9fa5]/);
    expect(add).not.toHaveBeenCalled();
  });

  it('turns a BridgeError into its code and message, and hides other errors behind a generic one', async () => {
    const { bridge } = wired({
      notes: {
        add: () => {
          throw new BridgeError('offline', '服务器暂时无法连接');
        },
        count: () => {
          throw new Error('ENOENT /secret/path');
        },
      },
    });
    await expect(bridge.notes.add({ text: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'offline', message: '服务器暂时无法连接' },
    });
    const hidden = await bridge.notes.count();
    expect(hidden).toEqual({ ok: false, error: { code: 'internal', message: expect.not.stringContaining('secret') } });
  });

  it('refuses a handler result that does not match the table', async () => {
    const { bridge } = wired({ notes: { add: () => ({ id: 'not a number' }), count: () => 1 } });
    await expect(bridge.notes.add({ text: 'x' })).resolves.toMatchObject({ ok: false, error: { code: 'invalid-result' } });
  });

  it('answers unknown channels, including prototype names, as unknown', async () => {
    const dispatch = createDispatcher(table, { notes: { add: () => ({ id: 1 }), count: () => 1 } });
    for (const name of ['notes.remove', 'files.add', '__proto__.toString', 'notes.constructor', 'notes', '']) {
      await expect(dispatch(name, undefined)).resolves.toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    }
  });

  it('unwrapReply gives the data or throws a BridgeError that keeps the code', () => {
    expect(unwrapReply({ ok: true, data: 5 })).toBe(5);
    expect(() => unwrapReply({ ok: false, error: { code: 'conflict', message: '冲突' } })).toThrow(BridgeError);
    try {
      unwrapReply({ ok: false, error: { code: 'conflict', message: '冲突' } });
    } catch (error) {
      expect(error).toMatchObject({ code: 'conflict', message: '冲突' });
    }
  });

  it('delivers well-formed events, drops malformed ones, and unsubscribes', () => {
    const { bridge, listeners } = wired({ notes: { add: () => ({ id: 1 }), count: () => 1 } });
    const seen: unknown[] = [];
    const stop = bridge.on('ping', (payload) => seen.push(payload));
    const deliver = listeners.get(ipcEventName('ping'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    deliver?.({ at: 'now' });
    deliver?.({ at: 7 });
    expect(seen).toEqual([{ at: 'now' }]);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
    stop();
    expect(listeners.has(ipcEventName('ping'))).toBe(false);
  });

  it('treats a reply of the wrong shape as invalid instead of trusting it', async () => {
    const bridge = createBridge(
      { channels: table, events },
      async () => ({ id: 1 }),
      () => () => {},
      { pathForFile: () => '' },
    );
    await expect(bridge.notes.add({ text: 'x' })).resolves.toMatchObject({ ok: false, error: { code: 'invalid-result' } });
  });
});

describe('the Folio channel table', () => {
  it('has every task function of the desktop contract, and the bridge exposes exactly those', () => {
    const names = channelNames(channelTable);
    expect(names).toEqual(
      expect.arrayContaining([
        'profiles.list',
        'profiles.save',
        'profiles.remove',
        'profiles.activate',
        'session.status',
        'session.signIn',
        'session.signOut',
        'session.confirmInsecureStorage',
        'api.request',
        'mirror.list',
        'mirror.get',
        'mirror.refresh',
        'drafts.list',
        'drafts.get',
        'drafts.save',
        'drafts.revisions',
        'drafts.restoreRevision',
        'drafts.discard',
        'drafts.publish',
        'drafts.resolveConflict',
        'drafts.keepAsNew',
        'folderImport.pickFiles',
        'folderImport.pickFolder',
        'folderImport.scan',
        'folderImport.run',
        'folderImport.cancel',
        'app.notify',
      ]),
    );
    const invoked: string[] = [];
    const bridge = createBridge(
      folioTable,
      async (channel) => (invoked.push(channel), { ok: true, data: null }),
      () => () => {},
      {
        pathForFile: () => '',
      },
    );
    const exposed = Object.entries(bridge).flatMap(([group, value]) =>
      typeof value === 'object' && value !== null ? Object.keys(value).map((fn) => `${group}.${fn}`) : [],
    );
    expect(exposed.sort()).toEqual([...names].sort());
    expect(Object.keys(eventTable)).toEqual(expect.arrayContaining(['connectivity', 'sync', 'folderImport.progress', 'menu']));
    void bridge.drafts.list();
    expect(invoked).toEqual([ipcChannelName('drafts.list')]);
  });

  it('never lets the renderer set Authorization or leave /api/ through api.request', () => {
    const request = channelTable.api.request.arg;
    expect(request.safeParse({ method: 'GET', path: '/api/admin/articles' }).success).toBe(true);
    expect(
      request.safeParse({ method: 'GET', path: '/api/admin/articles', headers: { Authorization: 'Bearer x' } }).success,
    ).toBe(false);
    expect(request.safeParse({ method: 'GET', path: '/uploads/../../etc/passwd' }).success).toBe(false);
    expect(request.safeParse({ method: 'GET', path: '/api/../health' }).success).toBe(false);
    expect(request.safeParse({ method: 'GET', path: 'https://evil.example/api/' }).success).toBe(false);
  });

  it('requires the merged text for a hand merge', () => {
    const resolve = channelTable.drafts.resolveConflict.arg;
    expect(resolve.safeParse({ id: 'a1', choice: 'merged' }).success).toBe(false);
    expect(resolve.safeParse({ id: 'a1', choice: 'merged', text: '合并后' }).success).toBe(true);
    expect(resolve.safeParse({ id: 'a1', choice: 'theirs' }).success).toBe(true);
  });
});
