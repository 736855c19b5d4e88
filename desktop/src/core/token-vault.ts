/**
 * Where the admin token lives: in the main process's memory for the session, and, when the
 * user ticked 记住登录状态, on disk encrypted by the OS keychain through an injected
 * `safeStorage`-like object. The renderer never gets it, on disk or otherwise.
 *
 * API:
 * - `TokenVault.open({ dir, safeStorage, platform? }): Promise<TokenVault>`
 *   - `storageStatus(): StorageStatus` — 'keychain' | 'basic-text' | 'unavailable', plus
 *     `insecureConfirmed` (the user accepted basic_text storage)
 *   - `confirmInsecureStorage(): Promise<void>` — the user said yes to basic_text
 *   - `setToken(profileId, token, remember): Promise<StoreOutcome>` — always kept in memory;
 *     persisted only when `remember` and storage is safe or confirmed. On basic_text without
 *     confirmation it answers `{ persisted: false, reason: 'needs-confirmation', message }`.
 *   - `getToken(profileId): string | undefined` (memory first, then the encrypted file)
 *   - `forget(profileId): Promise<void>` — sign-out: memory and disk
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DesktopMessages as D } from '@folio/shared';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { createSerialQueue } from './serial-queue.js';

/** The part of Electron's `safeStorage` the vault uses (injected; no `electron` import here). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means no keychain, the "encryption" key is hard-coded. */
  getSelectedStorageBackend?(): string;
}

export type StorageKind = 'keychain' | 'basic-text' | 'unavailable';

export interface StorageStatus {
  kind: StorageKind;
  insecureConfirmed: boolean;
  /** Chinese explanation for the UI when storage is not a real keychain. */
  message?: string;
}

export type StoreOutcome =
  | { persisted: true }
  | { persisted: false; reason: 'not-remembered' }
  | { persisted: false; reason: 'needs-confirmation' | 'unavailable'; message: string };

const vaultFileSchema = z.object({
  version: z.literal(1),
  insecureConfirmed: z.boolean(),
  tokens: z.record(z.string(), z.string()),
});
type VaultFile = z.infer<typeof vaultFileSchema>;

const FILE_NAME = 'tokens.json';

export interface TokenVaultOptions {
  dir: string;
  safeStorage: SafeStorageLike;
  platform?: NodeJS.Platform;
}

export class TokenVault {
  private readonly session = new Map<string, string>();
  private readonly queue = createSerialQueue();

  private constructor(
    private readonly file: string,
    private readonly safeStorage: SafeStorageLike,
    private readonly platform: NodeJS.Platform,
    private data: VaultFile,
  ) {}

  static async open(options: TokenVaultOptions): Promise<TokenVault> {
    await fs.mkdir(options.dir, { recursive: true });
    const file = path.join(options.dir, FILE_NAME);
    const parsed = vaultFileSchema.safeParse(await readJsonFile(file));
    const data: VaultFile = parsed.success ? parsed.data : { version: 1, insecureConfirmed: false, tokens: {} };
    return new TokenVault(file, options.safeStorage, options.platform ?? process.platform, data);
  }

  storageStatus(): StorageStatus {
    const kind = this.kind();
    const insecureConfirmed = this.data.insecureConfirmed;
    if (kind === 'unavailable') return { kind, insecureConfirmed, message: D.encryptionUnavailable };
    if (kind === 'basic-text') return { kind, insecureConfirmed, message: D.insecureStorage };
    return { kind, insecureConfirmed };
  }

  confirmInsecureStorage(): Promise<void> {
    return this.write((data) => {
      data.insecureConfirmed = true;
    });
  }

  async setToken(profileId: string, token: string, remember: boolean): Promise<StoreOutcome> {
    this.session.set(profileId, token);
    if (!remember) {
      // A session-only sign-in must not leave an older remembered token behind.
      if (this.data.tokens[profileId]) await this.write((data) => void delete data.tokens[profileId]);
      return { persisted: false, reason: 'not-remembered' };
    }
    const status = this.storageStatus();
    if (status.kind === 'unavailable') return { persisted: false, reason: 'unavailable', message: D.encryptionUnavailable };
    if (status.kind === 'basic-text' && !status.insecureConfirmed) {
      return { persisted: false, reason: 'needs-confirmation', message: D.insecureStorage };
    }
    const sealed = this.safeStorage.encryptString(token).toString('base64');
    await this.write((data) => {
      data.tokens[profileId] = sealed;
    });
    return { persisted: true };
  }

  getToken(profileId: string): string | undefined {
    const inMemory = this.session.get(profileId);
    if (inMemory) return inMemory;
    const sealed = this.data.tokens[profileId];
    if (!sealed || this.kind() === 'unavailable') return undefined;
    try {
      const token = this.safeStorage.decryptString(Buffer.from(sealed, 'base64'));
      this.session.set(profileId, token);
      return token;
    } catch {
      // Sealed under another OS user or keychain: as good as signed out.
      return undefined;
    }
  }

  /** Whether a remembered (encrypted) token is on disk for the profile. */
  hasRememberedToken(profileId: string): boolean {
    return Boolean(this.data.tokens[profileId]);
  }

  async forget(profileId: string): Promise<void> {
    this.session.delete(profileId);
    if (this.data.tokens[profileId]) {
      await this.write((data) => void delete data.tokens[profileId]);
      // A background request reading the token during the write took it back from the disk
      // into memory: the sign-out would otherwise not hold.
      this.session.delete(profileId);
    }
  }

  private kind(): StorageKind {
    if (!this.safeStorage.isEncryptionAvailable()) return 'unavailable';
    if (this.platform === 'linux' && this.safeStorage.getSelectedStorageBackend?.() === 'basic_text') return 'basic-text';
    return 'keychain';
  }

  private write(edit: (data: VaultFile) => void): Promise<void> {
    return this.queue.run(async () => {
      const next = structuredClone(this.data);
      edit(next);
      await writeJsonFile(this.file, next);
      this.data = next;
    });
  }
}
