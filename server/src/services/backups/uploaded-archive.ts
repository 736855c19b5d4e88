import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { payloadTooLarge } from '../../errors.js';
import { readArchive } from './backup-archive.js';

/** Content types under which `POST /api/admin/import` takes a backup archive as sent (server/API.md §E22). */
export const ARCHIVE_CONTENT_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream', 'application/age'];

/** The header that carries an encrypted archive's passphrase, percent-encoded (any passphrase fits a header so). */
export const PASSPHRASE_HEADER = 'x-folio-passphrase';

const AGE_MAGIC = Buffer.from('age-encryption.org/v1');

/**
 * Reads a backup archive sent as the request body (a `.json.gz` or `.json.gz.age` file the owner
 * kept) into the export JSON the import takes. Encrypted or not is told by the file's first
 * bytes; a wrong passphrase or a damaged file is a 400 before anything changes.
 */
export async function readUploadedArchive(
  request: IncomingMessage,
  limitBytes: number,
  passphrase: string | undefined,
): Promise<unknown> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of request) {
    size += (piece as Buffer).length;
    if (size > limitBytes) throw payloadTooLarge();
    pieces.push(piece as Buffer);
  }
  const bytes = Buffer.concat(pieces);
  const encrypted = bytes.subarray(0, AGE_MAGIC.length).equals(AGE_MAGIC);
  return readArchive(Readable.from([bytes]), encrypted, passphrase);
}

/** The passphrase header's value, decoded; `undefined` when absent or not valid percent-encoding. */
export function passphraseOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
