import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Decrypter, Encrypter } from 'age-encryption';
import { BackupMessages as M } from '@folio/shared';
import { badRequest } from '../../errors.js';
import { PassphraseIdentity, PassphraseRecipient } from './age-scrypt.js';

/** The archive as written: its size and sha256 (what verification compares). */
export interface ArchiveFacts {
  size: number;
  sha256: string;
}

/** Counts and hashes what passes, unchanged. */
function measuring(facts: { size: number; hash: ReturnType<typeof createHash> }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      facts.size += chunk.length;
      facts.hash.update(chunk);
      callback(null, chunk);
    },
  });
}

/** Writes a stream into an open file, piece by piece (the file is synced and closed by the caller). */
export async function writeAll(handle: FileHandle, source: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const piece of source) {
    let offset = 0;
    while (offset < piece.length) offset += (await handle.write(piece, offset)).bytesWritten;
  }
}

/**
 * Writes the export's text (server/API.md §14) as a backup archive (server/API.md §E22): gzip,
 * then, with a passphrase, age (scrypt recipient, the `age -p` format), streamed to `path` piece
 * by piece so the site is never whole in memory. The file is synced before this resolves; the
 * caller renames it into place only then.
 */
export async function writeArchive(
  chunks: AsyncIterable<string>,
  path: string,
  passphrase: string | null,
): Promise<ArchiveFacts> {
  const facts = { size: 0, hash: createHash('sha256') };
  const handle = await fs.open(path, 'w', 0o600);
  try {
    const text = Readable.from(chunks, { objectMode: false });
    if (passphrase === null) {
      await pipeline(text, createGzip(), measuring(facts), (source: AsyncIterable<Uint8Array>) => writeAll(handle, source));
    } else {
      // age reads and writes web streams: the gzip output goes in, the sealed chunks come out.
      const gzip = createGzip();
      const compressing = pipeline(text, gzip);
      const encrypter = new Encrypter();
      encrypter.addRecipient(new PassphraseRecipient(passphrase));
      const encrypted = await encrypter.encrypt(Readable.toWeb(gzip) as unknown as ReadableStream<Uint8Array>);
      await Promise.all([
        compressing,
        pipeline(
          Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>),
          measuring(facts),
          (source: AsyncIterable<Uint8Array>) => writeAll(handle, source),
        ),
      ]);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { size: facts.size, sha256: facts.hash.digest('hex') };
}

/** The sha256 of a stream, read to its end. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Reads a backup archive back into the export's JSON (for a restore): age-decrypts it when it
 * is encrypted, gunzips and parses it. A missing or wrong passphrase, or a damaged archive, is a
 * 400 with the reason, before anything is changed. The text is held whole: a restore hands the
 * import (server/API.md §15) the parsed body, as its route does.
 */
export async function readArchive(source: Readable, encrypted: boolean, passphrase: string | undefined): Promise<unknown> {
  let plain: Readable = source;
  if (encrypted) {
    if (!passphrase) {
      source.destroy();
      throw badRequest(M.passphraseRequired);
    }
    const decrypter = new Decrypter();
    decrypter.addIdentity(new PassphraseIdentity(passphrase));
    try {
      const decrypted = await decrypter.decrypt(Readable.toWeb(source) as unknown as ReadableStream<Uint8Array>);
      plain = Readable.fromWeb(decrypted as unknown as WebReadableStream<Uint8Array>);
    } catch {
      source.destroy();
      throw badRequest(M.passphraseWrong);
    }
  }
  const pieces: Buffer[] = [];
  try {
    await pipeline(plain, createGunzip(), async (text: AsyncIterable<Buffer>) => {
      for await (const piece of text) pieces.push(piece);
    });
    return JSON.parse(Buffer.concat(pieces).toString('utf8')) as unknown;
  } catch {
    throw badRequest(M.archiveCorrupt);
  }
}
