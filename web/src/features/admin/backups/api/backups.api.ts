import type { BackupRun, BackupSettings, BackupSettingsUpdate, RemoteBackup } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

/** The 备份 screen's calls (server/API.md §E22). */
export async function fetchBackupSettings(api: ApiClient, signal?: AbortSignal): Promise<BackupSettings> {
  return (await api.get<BackupSettings>('/api/admin/settings/backups', { signal })).data;
}

export async function saveBackupSettings(api: ApiClient, update: BackupSettingsUpdate): Promise<BackupSettings> {
  return (await api.put<BackupSettings>('/api/admin/settings/backups', update)).data;
}

export async function startBackupRun(api: ApiClient): Promise<BackupRun> {
  return (await api.post<BackupRun>('/api/admin/backups/run', {})).data;
}

/**
 * The runs, newest first. Also the failed-backup banner's source, asked in the background: its
 * 401 does not end the session, which stays the session guard's call.
 */
export async function fetchBackupRuns(
  api: ApiClient,
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<BackupRun[]> {
  const { data } = await api.get<BackupRun[]>('/api/admin/backups', {
    signal: options.signal,
    ignoreUnauthorized: options.background,
  });
  return data;
}

export async function fetchRemoteBackups(api: ApiClient, target: string, signal?: AbortSignal): Promise<RemoteBackup[]> {
  return (await api.get<RemoteBackup[]>('/api/admin/backups/remote', { query: { target }, signal })).data;
}

export async function restoreBackup(
  api: ApiClient,
  input: { target: string; name: string; passphrase?: string },
): Promise<unknown> {
  return (await api.post<unknown>('/api/admin/backups/restore', input)).data;
}
