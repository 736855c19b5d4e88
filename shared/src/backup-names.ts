/**
 * The names of Folio's backups (server/API.md §E22): `folio-<site>-<UTC time>.json.gz`, `.age`
 * appended when encrypted. Retention and listings only ever touch names of this form, so an
 * owner's other files in the same folder or bucket are never deleted; retention also counts only
 * the names of its own site, so two sites sharing a bucket never prune each other. Shared by the
 * server and the desktop's copy at home.
 */

const NAME = /^folio-([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)-(\d{8}T\d{6}\.\d{3}Z)\.json\.gz(\.age)?$/;

export const ARCHIVE_EXTENSION = '.json.gz';
export const ENCRYPTED_EXTENSION = '.json.gz.age';

/** Whether `name` is one of Folio's own backups. */
export function isFolioBackupName(name: string): boolean {
  return NAME.test(name);
}

/** The site part of one of Folio's backup names (`blog-example-com`), or `undefined` for another name. */
export function backupNameSite(name: string): string | undefined {
  return NAME.exec(name)?.[1];
}

/** Whether the backup of this name is encrypted (age). */
export function isEncryptedBackupName(name: string): boolean {
  return name.endsWith('.age');
}

/** The UTC time in a backup's name, as it sorts (`20261129T033000.000Z`), or `undefined` for another name. */
export function backupNameTime(name: string): string | undefined {
  return NAME.exec(name)?.[2];
}

/** The site part of a name: the public host as a slug (`blog.example.com` → `blog-example-com`), else `site`. */
export function siteSlug(publicUrl: string | undefined): string {
  let host: string;
  try {
    host = publicUrl ? new URL(publicUrl).hostname : '';
  } catch {
    host = '';
  }
  const slug = host
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return slug || 'site';
}

/** The name of a backup made at `at`. */
export function backupName(site: string, at: Date, encrypted: boolean): string {
  const time = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/^(\d{8}T\d{6})\.(\d{3})Z$/, '$1.$2Z');
  return `folio-${site}-${time}${encrypted ? ENCRYPTED_EXTENSION : ARCHIVE_EXTENSION}`;
}

/** Newest first, by the time in the name. */
export function newestFirst(a: string, b: string): number {
  const left = backupNameTime(a) ?? '';
  const right = backupNameTime(b) ?? '';
  return left < right ? 1 : left > right ? -1 : 0;
}
