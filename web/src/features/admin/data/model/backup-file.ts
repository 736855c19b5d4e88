import { BACKUP_FILE_PREFIX } from '@folio/shared';

/** `<prefix>_YYYY-MM-DD.json` in the owner's local date (SPEC 9). */
export function backupFileName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${BACKUP_FILE_PREFIX}_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: Chromium starts the download asynchronously.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** SPEC 5: the chosen file must be application/json; a .json name covers systems that report no type. */
export function isJsonFile(file: File): boolean {
  return file.type === 'application/json' || (file.type === '' && file.name.toLowerCase().endsWith('.json'));
}
