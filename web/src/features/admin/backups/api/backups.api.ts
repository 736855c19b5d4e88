import type { BackupRun, BackupSettings, BackupStatus, BackupSettingsUpdate, RemoteBackup } from '@folio/shared';
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

export async function fetchBackupRuns(api: ApiClient, signal?: AbortSignal): Promise<BackupRun[]> {
  return (await api.get<BackupRun[]>('/api/admin/backups', { signal })).data;
}

/**
 * Whether the last run failed and a retry is still to come: the failed-backup banner's source,
 * asked in the background, so its 401 does not end the session (the session guard's call).
 */
export async function fetchBackupStatus(api: ApiClient, signal?: AbortSignal): Promise<BackupStatus> {
  return (await api.get<BackupStatus>('/api/admin/backups/status', { signal, ignoreUnauthorized: true })).data;
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
