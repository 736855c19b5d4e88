import { Readable } from 'node:stream';
import { BackupTargetMessages as M } from '@folio/shared';
import type { WebdavTargetSettings } from '@folio/shared';
import { AuthType, createClient } from 'webdav';
import type { FileStat, WebDAVClient } from 'webdav';
import { backupNameTime, isFolioBackupName } from '@folio/shared';
import type { BackupTarget, StoredBackup } from './backup-target.js';
import { BackupTargetError } from './backup-target-error.js';
import { IdleWatchdog, networkFailure, readExactly, relay } from './remote-transfer.js';

/** A copy being uploaded: hidden, and never a Folio backup name until it is moved whole. */
const PARTIAL = /^\.(folio-.+)\.partial$/;
const partialName = (name: string) => `.${name}.partial`;

export interface WebdavTargetOptions {
  /** How long a request may go with nothing moving before it fails as 超时 (default 30 s). */
  idleTimeoutMs?: number;
}

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * A folder on a WebDAV server (Nextcloud, 坚果云, rclone, …; server/API.md §E22), reached with
 * basic auth. An archive is uploaded as `.<name>.partial` and moved to its name once the server
 * holds all of it, so a failed or killed upload never leaves a file with a backup's name.
 */
export class WebdavTarget implements BackupTarget {
  readonly id: string;
  private readonly client: WebDAVClient;
  /** The folder's path on the server, `/` at both ends. */
  private readonly folder: string;
  private readonly host: string;
  private readonly idleTimeoutMs: number;
  private folderReady = false;

  constructor(settings: WebdavTargetSettings<string | null>, options: WebdavTargetOptions = {}) {
    this.id = settings.id;
    const url = new URL(settings.url);
    this.host = url.host;
    this.folder = `/${decodeURIComponent(url.pathname)
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => `${segment}/`)
      .join('')}`;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    if (settings.username !== '' && settings.password === null) throw new BackupTargetError(M.secretMissing);
    // The client is rooted at the origin, so the folder itself can be created when missing.
    this.client = createClient(
      url.origin,
      settings.username === ''
        ? { authType: AuthType.None }
        : { authType: AuthType.Password, username: settings.username, password: settings.password ?? '' },
    );
  }

  async upload(name: string, localPath: string, size: number): Promise<void> {
    this.assertOwnName(name);
    await this.ensureFolder();
    // A kill mid-upload leaves its .partial behind on the server: the next upload clears it.
    await this.sweepPartials(name).catch(() => {});
    const partial = this.folder + partialName(name);
    const watchdog = new IdleWatchdog(this.idleTimeoutMs);
    let sourceError: unknown;
    const body = readExactly(localPath, size, () => watchdog.touch());
    body.on('error', (error) => (sourceError = error));
    try {
      // An explicit length: a stream is otherwise sent chunked, which some servers refuse.
      await this.client.putFileContents(partial, body, {
        overwrite: true,
        headers: { 'Content-Length': String(size) },
        signal: watchdog.signal,
      });
      watchdog.touch();
      await this.client.moveFile(partial, this.folder + name, { overwrite: true, signal: watchdog.signal });
    } catch (error) {
      body.destroy();
      await this.client.deleteFile(partial, { signal: AbortSignal.timeout(this.idleTimeoutMs) }).catch(() => {});
      if (sourceError instanceof BackupTargetError) throw sourceError;
      throw this.failure(error, name);
    } finally {
      watchdog.stop();
    }
  }

  async download(name: string): Promise<Readable> {
    this.assertOwnName(name);
    const watchdog = new IdleWatchdog(this.idleTimeoutMs);
    let answered = () => {};
    const stream = this.client.createReadStream(this.folder + name, { signal: watchdog.signal, callback: () => answered() });
    // Under Node the client streams through a PassThrough; its types only promise a readable-like.
    if (!(stream instanceof Readable)) throw new TypeError('the WebDAV client did not give a Node stream');
    try {
      // A refusal (404, 401) comes as the stream's error; wait for the answer so it rejects here.
      await new Promise<void>((resolve, reject) => {
        // Left attached: an error before relay() listens must not go unhandled (a late reject is a no-op).
        stream.on('error', reject);
        answered = resolve;
      });
    } catch (error) {
      watchdog.stop();
      stream.destroy();
      throw this.failure(error, name);
    }
    return relay(
      stream,
      (error) => this.failure(error, name),
      () => watchdog.touch(),
      () => watchdog.stop(),
    );
  }

  async list(): Promise<StoredBackup[]> {
    const entries = await this.contents();
    return entries
      .filter((entry) => entry.type === 'file' && isFolioBackupName(entry.basename))
      .map((entry) => ({ name: entry.basename, size: entry.size, modifiedAt: isoDate(entry.lastmod) }));
  }

  async remove(name: string): Promise<void> {
    this.assertOwnName(name);
    try {
      await this.client.deleteFile(this.folder + name, { signal: AbortSignal.timeout(this.idleTimeoutMs) });
    } catch (error) {
      // Already gone is what was asked.
      if (statusOf(error) === 404) return;
      throw this.failure(error, name);
    }
  }

  /**
   * Removes uploads a kill interrupted (`.<name>.partial` of a Folio name); other files are left
   * alone. Given `before`, only those of its site from an earlier time: what another site sharing
   * the folder, or a later run, may still be writing is not touched.
   */
  async sweepPartials(before?: string): Promise<void> {
    const time = before === undefined ? undefined : backupNameTime(before);
    const site = (name: string) => name.slice(0, name.lastIndexOf(backupNameTime(name) ?? ''));
    for (const entry of await this.contents()) {
      const partialOf = PARTIAL.exec(entry.basename)?.[1];
      if (entry.type !== 'file' || partialOf === undefined || !isFolioBackupName(partialOf)) continue;
      if (before !== undefined && (site(partialOf) !== site(before) || (backupNameTime(partialOf) ?? '') >= (time ?? '')))
        continue;
      await this.client.deleteFile(entry.filename, { signal: AbortSignal.timeout(this.idleTimeoutMs) }).catch(() => {});
    }
  }

  /** The folder's entries; none when the folder does not exist yet (no backup was made). */
  private async contents(): Promise<FileStat[]> {
    try {
      return await this.client.getDirectoryContents(this.folder, { signal: AbortSignal.timeout(this.idleTimeoutMs) });
    } catch (error) {
      if (statusOf(error) === 404) return [];
      throw this.failure(error, this.folder);
    }
  }

  /** Creates the URL's folder when missing, each missing parent first (MKCOL answers 409 without one). */
  private async ensureFolder(): Promise<void> {
    if (this.folderReady) return;
    try {
      if (!(await this.client.exists(this.folder, { signal: AbortSignal.timeout(this.idleTimeoutMs) }))) {
        await this.makeCollection(this.folder);
      }
    } catch (error) {
      throw this.failure(error, this.folder);
    }
    this.folderReady = true;
  }

  private async makeCollection(path: string): Promise<void> {
    const create = () => this.client.createDirectory(path, { signal: AbortSignal.timeout(this.idleTimeoutMs) });
    try {
      await create();
    } catch (error) {
      const status = statusOf(error);
      // 405: it exists already (another upload made it).
      if (status === 405) return;
      const parent = path.replace(/[^/]+\/$/, '');
      if (status !== 409 || parent === path || parent === '/') throw error;
      await this.makeCollection(parent);
      await create();
    }
  }

  private assertOwnName(name: string): void {
    if (!isFolioBackupName(name)) throw new BackupTargetError(M.notFolioBackup(name), 400);
  }

  /** `error` in the owner's words; `subject` is the backup or folder the request was about. */
  private failure(error: unknown, subject: string): BackupTargetError {
    if (error instanceof BackupTargetError) return error;
    const status = statusOf(error);
    if (status === 401) return new BackupTargetError(M.webdavAuthFailed);
    if (status === 403) return new BackupTargetError(M.webdavForbidden);
    if (status === 404) {
      return subject === this.folder
        ? new BackupTargetError(M.webdavNotFound(this.folder))
        : new BackupTargetError(M.backupNotFound(subject), 404);
    }
    if (status === 507) return new BackupTargetError(M.webdavInsufficientStorage);
    if (status !== undefined) return new BackupTargetError(M.webdavStatus(status));
    return networkFailure(error, this.host) ?? new BackupTargetError(error instanceof Error ? error.message : String(error));
  }
}

function isoDate(text: string): string | null {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
