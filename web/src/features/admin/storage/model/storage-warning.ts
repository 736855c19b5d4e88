import { StorageMessages as M } from '@folio/shared';
import type { StorageHealthStatus } from '@folio/shared';

/** What the admin's storage warning says; null when there is nothing to warn of. */
export interface StorageWarning {
  title: string;
  lines: string[];
}

/** Megabytes with one decimal below 10 MB, whole above: enough to judge how little is left. */
export function formatFreeSpace(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

/**
 * The warning for a storage status: a refusing or failing disk first, with the last failure's
 * time and message, else low space; nothing when all is well.
 */
export function storageWarning(status: StorageHealthStatus | null, formatTime: (iso: string) => string): StorageWarning | null {
  if (!status) return null;
  const failure = status.last_failure
    ? M.bannerLastFailure(formatTime(status.last_failure.at), status.last_failure.message)
    : null;
  const space = status.low_space && status.disk ? M.bannerLowSpace(formatFreeSpace(status.disk.free_bytes)) : null;
  if (status.state === 'refusing') {
    return { title: M.bannerRefusingTitle, lines: [M.bannerRefusingBody, failure, space].filter((line) => line !== null) };
  }
  if (status.state === 'failing') return { title: M.bannerFailingTitle, lines: [failure, space].filter((line) => line !== null) };
  if (space) return { title: M.bannerLowSpaceTitle, lines: [space] };
  return null;
}
