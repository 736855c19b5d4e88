import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DesktopMessages as D } from '@folio/shared';
import { ProfileStore, normalizeServerUrl } from '../src/core/profiles.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-profiles-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('normalizeServerUrl', () => {
  it('keeps origin and base path, and names what is wrong in Chinese', () => {
    expect(normalizeServerUrl(' https://blog.example.com/folio/?x=1#a ')).toEqual({
      ok: true,
      url: 'https://blog.example.com/folio',
    });
    expect(normalizeServerUrl('http://127.0.0.1:3000/')).toEqual({ ok: true, url: 'http://127.0.0.1:3000' });
    expect(normalizeServerUrl('')).toEqual({ ok: false, message: D.urlRequired });
    expect(normalizeServerUrl('blog.example.com')).toEqual({ ok: false, message: D.urlMalformed });
    expect(normalizeServerUrl('ftp://blog.example.com')).toEqual({ ok: false, message: D.urlMalformed });
    expect(normalizeServerUrl('http://user:pw@blog.example.com')).toEqual({ ok: false, message: D.urlHasCredentials });
  });
});

describe('ProfileStore', () => {
  it('saves several servers, switches the active one, and reads them back after a restart', async () => {
    const store = await ProfileStore.open(dir);
    const home = await store.save({ name: '家里', url: 'http://192.168.1.2:3000/', username: 'admin', remember: true });
    const work = await store.save({ name: '博客', url: 'https://blog.example.com', username: 'me' });
    expect(store.active()?.id).toBe(home.id);
    await store.activate(work.id);

    const reopened = await ProfileStore.open(dir);
    expect(reopened.list()).toEqual({ activeId: work.id, profiles: [home, work] });
    expect(reopened.get(home.id)).toMatchObject({ url: 'http://192.168.1.2:3000', remember: true });
    // The file holds no password and is private to the user.
    const text = await readFile(path.join(dir, 'profiles.json'), 'utf8');
    expect(text).not.toMatch(/password/i);
    expect((await stat(path.join(dir, 'profiles.json'))).mode & 0o777).toBe(0o600);
  });

  it('updates a profile by id and moves the active mark when the active one is removed', async () => {
    const store = await ProfileStore.open(dir);
    const first = await store.save({ name: 'A', url: 'http://a.example', username: 'admin' });
    const second = await store.save({ name: 'B', url: 'http://b.example', username: 'admin' });
    await store.save({ ...first, name: 'A2' });
    expect(store.get(first.id)?.name).toBe('A2');
    await store.remove(first.id);
    expect(store.list()).toEqual({ activeId: second.id, profiles: [second] });
  });

  it('refuses a malformed URL or an empty name and changes nothing', async () => {
    const store = await ProfileStore.open(dir);
    await expect(store.save({ name: 'x', url: 'not a url', username: 'admin' })).rejects.toThrow(D.urlMalformed);
    await expect(store.save({ name: ' ', url: 'http://a.example', username: 'admin' })).rejects.toThrow(D.profileNameRequired);
    await expect(store.activate('missing')).rejects.toThrow(D.profileNotFound);
    expect(store.list().profiles).toEqual([]);
    expect((await ProfileStore.open(dir)).list().profiles).toEqual([]);
  });
});
