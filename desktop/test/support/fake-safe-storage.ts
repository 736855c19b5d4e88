import type { SafeStorageLike } from '../../src/core/token-vault.js';

/**
 * A stand-in for Electron's safeStorage, shared by the Node tests and the Playwright harness:
 * reversible, never stores the text as is, and reports the Linux backend the token vault reads
 * to tell a real keychain (`gnome_libsecret`, ...) from `basic_text`.
 */
export function fakeSafeStorage(backend: string, available = true): SafeStorageLike {
  const flip = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => flip(Buffer.from(`sealed:${text}`, 'utf8')),
    decryptString: (sealed) =>
      flip(sealed)
        .toString('utf8')
        .replace(/^sealed:/, ''),
    getSelectedStorageBackend: () => backend,
  };
}
