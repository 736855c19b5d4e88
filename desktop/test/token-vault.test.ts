import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DesktopMessages as D } from '@folio/shared';
import { TokenVault } from '../src/core/token-vault.js';
import { fakeSafeStorage } from './support/fake-safe-storage.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-token';
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'folio-vault-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const fileText = () => readFile(path.join(dir, 'tokens.json'), 'utf8').catch(() => '');

describe('TokenVault', () => {
  it('keeps a remembered token encrypted on disk and reads it back after a restart', async () => {
    const safeStorage = fakeSafeStorage('gnome_libsecret');
    const vault = await TokenVault.open({ dir, safeStorage, platform: 'linux' });
    expect(vault.storageStatus()).toEqual({ kind: 'keychain', insecureConfirmed: false });
    expect(await vault.setToken('p1', TOKEN, true)).toEqual({ persisted: true });
    expect(await fileText()).not.toContain(TOKEN);

    const reopened = await TokenVault.open({ dir, safeStorage, platform: 'linux' });
    expect(reopened.getToken('p1')).toBe(TOKEN);
    await reopened.forget('p1');
    expect((await TokenVault.open({ dir, safeStorage, platform: 'linux' })).getToken('p1')).toBeUndefined();
  });

  it('stays signed out when a background request reads the token while the sign-out is written', async () => {
    const safeStorage = fakeSafeStorage('gnome_libsecret');
    await (await TokenVault.open({ dir, safeStorage, platform: 'linux' })).setToken('p1', TOKEN, true);
    const vault = await TokenVault.open({ dir, safeStorage, platform: 'linux' });
    const signingOut = vault.forget('p1');
    expect(vault.getToken('p1')).toBe(TOKEN);
    await signingOut;
    expect(vault.getToken('p1')).toBeUndefined();
  });

  it('keeps a session-only token in memory and writes nothing', async () => {
    const vault = await TokenVault.open({ dir, safeStorage: fakeSafeStorage('kwallet5'), platform: 'linux' });
    expect(await vault.setToken('p1', TOKEN, false)).toEqual({ persisted: false, reason: 'not-remembered' });
    expect(vault.getToken('p1')).toBe(TOKEN);
    expect(await fileText()).not.toContain('p1');
  });

  it('on Linux basic_text asks first, stores nothing until confirmed, then stores', async () => {
    const safeStorage = fakeSafeStorage('basic_text');
    const vault = await TokenVault.open({ dir, safeStorage, platform: 'linux' });
    expect(vault.storageStatus()).toEqual({ kind: 'basic-text', insecureConfirmed: false, message: D.insecureStorage });
    expect(await vault.setToken('p1', TOKEN, true)).toEqual({
      persisted: false,
      reason: 'needs-confirmation',
      message: D.insecureStorage,
    });
    expect((await TokenVault.open({ dir, safeStorage, platform: 'linux' })).getToken('p1')).toBeUndefined();

    await vault.confirmInsecureStorage();
    expect(await vault.setToken('p1', TOKEN, true)).toEqual({ persisted: true });
    const reopened = await TokenVault.open({ dir, safeStorage, platform: 'linux' });
    expect(reopened.storageStatus().insecureConfirmed).toBe(true);
    expect(reopened.getToken('p1')).toBe(TOKEN);
  });

  it('refuses to store when the OS offers no encryption at all', async () => {
    const vault = await TokenVault.open({ dir, safeStorage: fakeSafeStorage('unknown', false), platform: 'win32' });
    expect(await vault.setToken('p1', TOKEN, true)).toEqual({
      persisted: false,
      reason: 'unavailable',
      message: D.encryptionUnavailable,
    });
    expect(vault.getToken('p1')).toBe(TOKEN);
    expect(await fileText()).toBe('');
  });
});
