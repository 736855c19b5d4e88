/**
 * 从本地备份恢复到服务器: a backup file on this computer (one the copy at home kept, or an export
 * of 数据管理) restored to the signed-in server through `POST /api/admin/import`, which takes
 * the file as stored (server/API.md §E22.7): gzip, age with its passphrase, or the export's JSON.
 *
 * API:
 * - `backupFileKind(name)`: how a file is sent, or undefined for a file that is no backup.
 * - `restoreBackupFile(client, file, passphrase?)`: the server's answer, its Chinese `msg` either way.
 */
import fs from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { BackupScreenMessages as M, LIMITS } from '@folio/shared';
import type { HttpClient } from './http';
import { envelopeMessage } from './http';

export type BackupFileKind = 'json' | 'gzip' | 'age';

const CONTENT_TYPES: Record<BackupFileKind, string> = {
  json: 'application/json',
  gzip: 'application/gzip',
  age: 'application/age',
};
/** The header the passphrase of an age file travels in, percent-encoded (server/API.md §E22.7). */
const PASSPHRASE_HEADER = 'X-Folio-Passphrase';
/** A whole site is read, checked and written in one request: longer than any other call. */
const RESTORE_TIMEOUT_MS = 10 * 60_000;

export function backupFileKind(name: string): BackupFileKind | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.age')) return 'age';
  if (lower.endsWith('.gz')) return 'gzip';
  if (lower.endsWith('.json')) return 'json';
  return undefined;
}

export type RestoreOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

export async function restoreBackupFile(client: HttpClient, file: string, passphrase?: string): Promise<RestoreOutcome> {
  const kind = backupFileKind(path.basename(file));
  if (kind === undefined) return { ok: false, status: 400, message: M.localRestoreNotBackup };
  if (kind === 'age' && !passphrase) return { ok: false, status: 400, message: M.restorePassphraseRequired };
  const stat = await fs.stat(file);
  if (stat.size > LIMITS.importBodyBytes) return { ok: false, status: 413, message: M.localRestoreTooLarge };
  // Read from the disk as it is sent, never whole in memory.
  const body = (await openAsBlob(file)) as Blob;
  const response = await client.request({
    method: 'POST',
    path: '/api/admin/import',
    raw: { body, contentType: CONTENT_TYPES[kind] },
    headers: kind === 'age' && passphrase ? { [PASSPHRASE_HEADER]: encodeURIComponent(passphrase) } : undefined,
    timeoutMs: RESTORE_TIMEOUT_MS,
  });
  const message = envelopeMessage(response.body);
  if (response.status === 200) return { ok: true, message: message ?? M.localRestoreDone };
  // A server from before backup files (server/API.md §E22.7) answers a gzip body as broken JSON.
  if (kind !== 'json' && response.status === 415) return { ok: false, status: 415, message: M.localRestoreUnsupported };
  return { ok: false, status: response.status, message: message ?? `HTTP ${response.status}` };
}
