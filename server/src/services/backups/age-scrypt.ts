import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { Stanza } from 'age-encryption';
import type { Identity, Recipient } from 'age-encryption';

/**
 * age's passphrase (scrypt) recipient and identity (server/API.md §E22), byte for byte the
 * stanza the `age -p` CLI writes and reads (`-> scrypt <salt> <log2 N>`, the file key sealed with
 * ChaCha20-Poly1305 under scrypt(passphrase, "age-encryption.org/v1/scrypt" || salt, N, r=8, p=1)),
 * but derived with Node's scrypt, which runs off the event loop: the library's own runs on it
 * and would stall every page for the second a backup's key takes.
 */

const LABEL = 'age-encryption.org/v1/scrypt';
/** age's default work factor (2^18): about 256 MiB for the moment the key is derived. */
export const SCRYPT_LOG_N = 18;
/** The most a file we read may ask for; age's own reader refuses more than 2^20 too. */
const MAX_LOG_N = 20;

const base64NoPad = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/=+$/, '');

function deriveKey(passphrase: string, salt: Uint8Array, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase,
      Buffer.concat([Buffer.from(LABEL), salt]),
      32,
      { N, r: 8, p: 1, maxmem: 129 * 8 * N + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const ZERO_NONCE = Buffer.alloc(12);

function sealFileKey(fileKey: Uint8Array, key: Buffer): Uint8Array {
  const cipher = createCipheriv('chacha20-poly1305', key, ZERO_NONCE, { authTagLength: 16 });
  return Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
}

function openFileKey(body: Uint8Array, key: Buffer): Uint8Array | null {
  if (body.length !== 32) return null;
  const decipher = createDecipheriv('chacha20-poly1305', key, ZERO_NONCE, { authTagLength: 16 });
  decipher.setAuthTag(body.subarray(16));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, 16)), decipher.final()]);
  } catch {
    return null;
  }
}

export class PassphraseRecipient implements Recipient {
  constructor(
    private readonly passphrase: string,
    private readonly logN = SCRYPT_LOG_N,
  ) {}

  async wrapFileKey(fileKey: Uint8Array): Promise<Stanza[]> {
    const salt = randomBytes(16);
    const key = await deriveKey(this.passphrase, salt, this.logN);
    return [new Stanza(['scrypt', base64NoPad(salt), String(this.logN)], sealFileKey(fileKey, key))];
  }
}

export class PassphraseIdentity implements Identity {
  constructor(private readonly passphrase: string) {}

  async unwrapFileKey(stanzas: Stanza[]): Promise<Uint8Array | null> {
    const stanza = stanzas.find((candidate) => candidate.args[0] === 'scrypt');
    // age allows no other recipient beside a passphrase; a file with one is not ours to read.
    if (!stanza || stanzas.length !== 1 || stanza.args.length !== 3) return null;
    const [, saltText = '', logNText = ''] = stanza.args;
    const salt = Buffer.from(saltText, 'base64');
    if (salt.length !== 16 || !/^[1-9]\d?$/.test(logNText) || Number(logNText) > MAX_LOG_N) return null;
    return openFileKey(stanza.body, await deriveKey(this.passphrase, salt, Number(logNText)));
  }
}
