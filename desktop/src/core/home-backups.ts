/**
 * The copy at home (server/API.md §E22): the desktop keeps the server's latest backups in a folder
 * of the owner's choice, with its own retention, and tells the owner when a backup run failed.
 *
 * API:
 * - `createBackupSource(client)`: the server's runs, status and stored backups, over one HttpClient.
 * - `copyLatestBackup(source, { folder, keep })`: downloads the newest successful backup unless it is
 *   already there, written under a temporary name, its sha256 compared with the run's, then renamed,
 *   so a file with a backup's name is always whole; then keeps the newest `keep` of that site.
 * - `pruneHomeBackups(folder, site, keep)`, `listHomeBackups(folder)`.
 * - `failureToTell(status, told)`: the failed run to tell the owner of, once its retry is over.
 * - `HomeBackups`: the above on a clock, with the folder, the count and the last copy kept on disk.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { BackupScreenMessages as M, backupNameSite, backupNameTime, isFolioBackupName } from '@folio/shared';
import type { BackupRun } from '@folio/shared';
import type { HttpClient } from './http';
import { envelopeMessage, isNetworkError } from './http';
import { readJsonFile, writeJsonFile } from './json-file';

/** Backups the desktop keeps per site unless the owner says otherwise. */
export const HOME_BACKUPS_KEEP_DEFAULT = 7;
/** The folder under the owner's documents the copies go to unless the owner picks another. */
export const HOME_BACKUPS_FOLDER_NAME = 'Folio 备份';

const PARTIAL_SUFFIX = '.part';

/** The site part and the sortable time of a backup's name (the rule shared with the server). */
function parseName(name: string): { site: string; time: string } | undefined {
  const site = backupNameSite(name);
  const time = backupNameTime(name);
  return site !== undefined && time !== undefined ? { site, time } : undefined;
}

/** A failure the owner can read: the server's own Chinese message, or ours. */
export class HomeBackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HomeBackupError';
  }
}

/** What the desktop reads of `GET /api/admin/backups/status` (server/API.md §E22). */
const statusSchema = z.object({
  failure: z
    .object({
      id: z.string(),
      finished_at: z.string().nullable(),
      targets: z.array(z.object({ target: z.string(), error: z.string().nullable() })),
    })
    .nullable(),
  retry_at: z.string().nullable(),
});
export type BackupStatusSummary = z.infer<typeof statusSchema>;

export interface BackupSource {
  runs(): Promise<BackupRun[]>;
  status(): Promise<BackupStatusSummary>;
  /** A stored backup's bytes, streamed. */
  download(target: string, name: string): Promise<ReadableStream<Uint8Array>>;
}

async function getData(client: HttpClient, requestPath: string): Promise<unknown> {
  const response = await client.request({ method: 'GET', path: requestPath });
  if (response.status !== 200 || !response.isJson) {
    throw new HomeBackupError(envelopeMessage(response.body) ?? `HTTP ${response.status}`);
  }
  return (response.body as { data?: unknown }).data;
}

/** The backup routes of server/API.md §E22 over one client (its token, time-out and transport). */
export function createBackupSource(client: HttpClient): BackupSource {
  return {
    runs: async () => (await getData(client, '/api/admin/backups')) as BackupRun[],
    status: async () => statusSchema.parse(await getData(client, '/api/admin/backups/status')),
    download: async (target, name) => {
      const query = new URLSearchParams({ target, name });
      const response = await client.fetchAdminFile(`/api/admin/backups/download?${query.toString()}`);
      if (response.status !== 200 || !response.body) {
        const body: unknown = await response.json().catch(() => null);
        throw new HomeBackupError(envelopeMessage(body) ?? `HTTP ${response.status}`);
      }
      return response.body;
    },
  };
}

/** The newest successful backup of the site (not a safety backup taken before a restore) and where it is stored. */
export function latestBackup(
  runs: readonly BackupRun[],
): { run: BackupRun & { name: string; sha256: string }; target: string } | undefined {
  const newest = [...runs]
    .filter((run) => run.status === 'succeeded' && run.trigger !== 'safety' && run.name !== null && run.sha256 !== null)
    .sort((a, b) => b.started_at.localeCompare(a.started_at));
  for (const run of newest) {
    // A copy the server read back and matched first; any stored copy otherwise.
    const stored = run.targets.filter((target) => target.status === 'succeeded');
    const target = stored.find((result) => result.verified) ?? stored[0];
    if (target && run.name !== null && run.sha256 !== null)
      return { run: { ...run, name: run.name, sha256: run.sha256 }, target: target.target };
  }
  return undefined;
}

export interface HomeBackupFile {
  name: string;
  size: number;
  modifiedAt: string;
}

/** Folio's backups in the folder, newest first; other files and half-written ones are not listed. */
export async function listHomeBackups(folder: string): Promise<HomeBackupFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: HomeBackupFile[] = [];
  for (const name of names.filter(isFolioBackupName)) {
    const stat = await fs.stat(path.join(folder, name)).catch(() => undefined);
    if (stat?.isFile()) files.push({ name, size: stat.size, modifiedAt: stat.mtime.toISOString() });
  }
  return files.sort((a, b) => (parseName(b.name)?.time ?? '').localeCompare(parseName(a.name)?.time ?? ''));
}

/** Deletes this site's backups beyond the newest `keep`; answers the names deleted. Other files stay. */
export async function pruneHomeBackups(folder: string, site: string, keep: number): Promise<string[]> {
  const ofSite = (await listHomeBackups(folder)).filter((file) => parseName(file.name)?.site === site);
  const removed: string[] = [];
  for (const file of ofSite.slice(keep)) {
    await fs.rm(path.join(folder, file.name), { force: true });
    removed.push(file.name);
  }
  return removed;
}

/** Half-written downloads a quit or a crash left behind: never a backup, removed before the next. */
async function sweepPartials(folder: string): Promise<void> {
  for (const name of await fs.readdir(folder)) {
    if (name.startsWith('.folio-') && name.endsWith(PARTIAL_SUFFIX)) await fs.rm(path.join(folder, name), { force: true });
  }
}

export interface CopyResult {
  outcome: 'copied' | 'present' | 'none';
  file?: HomeBackupFile;
  removed: string[];
}

/**
 * Brings the newest backup home (see the module comment). A download cut short or a sha256 that
 * does not match leaves no file under a backup's name, and an older copy is then kept.
 */
export async function copyLatestBackup(source: BackupSource, options: { folder: string; keep: number }): Promise<CopyResult> {
  const latest = latestBackup(await source.runs());
  if (!latest) return { outcome: 'none', removed: [] };
  const { run, target } = latest;
  const site = parseName(run.name)?.site;
  if (site === undefined) throw new HomeBackupError(M.homeCopyFailed(run.name));
  await fs.mkdir(options.folder, { recursive: true });
  await sweepPartials(options.folder);
  const finalPath = path.join(options.folder, run.name);
  const existing = await fs.stat(finalPath).catch(() => undefined);
  let outcome: CopyResult['outcome'] = 'present';
  if (!existing || (run.size !== null && existing.size !== run.size)) {
    await downloadVerified(source, { target, name: run.name, sha256: run.sha256, folder: options.folder, finalPath });
    const finishedAt = new Date(run.finished_at ?? run.started_at);
    await fs.utimes(finalPath, finishedAt, finishedAt);
    outcome = 'copied';
  }
  const removed = await pruneHomeBackups(options.folder, site, options.keep);
  const stat = await fs.stat(finalPath);
  return { outcome, file: { name: run.name, size: stat.size, modifiedAt: stat.mtime.toISOString() }, removed };
}

async function downloadVerified(
  source: BackupSource,
  input: { target: string; name: string; sha256: string; folder: string; finalPath: string },
): Promise<void> {
  const partial = path.join(input.folder, `.${input.name}.${randomUUID().slice(0, 8)}${PARTIAL_SUFFIX}`);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    const body = await source.download(input.target, input.name);
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), hashing, out);
    if (hash.digest('hex') !== input.sha256.toLowerCase()) throw new HomeBackupError(M.homeChecksumMismatch);
    // On disk before it is named a backup: a power cut after the rename never leaves a torn copy.
    const handle = await fs.open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(partial, input.finalPath);
  } catch (error) {
    await fs.rm(partial, { force: true });
    if (error instanceof HomeBackupError) throw error;
    // A dropped connection or a disk that refused the file: said in words, the cause kept.
    throw new HomeBackupError(M.homeCopyFailed(isNetworkError(error) ? M.homeServerUnreachable : M.homeDownloadInterrupted), {
      cause: error,
    });
  }
}

/**
 * The failed run to tell the owner of: the server's last run failed, no retry is still to come
 * (the retry may yet succeed), and it was not told before.
 */
export function failureToTell(
  status: BackupStatusSummary,
  told: ReadonlySet<string>,
): { id: string; reason: string } | undefined {
  const failure = status.failure;
  if (!failure || status.retry_at !== null || told.has(failure.id)) return undefined;
  const reasons = failure.targets.filter((target) => target.error).map((target) => `${target.target}：${target.error}`);
  return { id: failure.id, reason: reasons.join('；') || M.bannerUnknownError };
}

const stateSchema = z.object({
  folder: z.string().min(1).optional(),
  keep: z.number().int().min(1).max(100).default(HOME_BACKUPS_KEEP_DEFAULT),
  last: z.object({ name: z.string(), size: z.number(), copiedAt: z.string() }).nullable().default(null),
  /** Failed runs already told, newest last (kept short: a run is told once, then forgotten). */
  told: z.array(z.string()).default([]),
});
type HomeBackupsState = z.infer<typeof stateSchema>;

export interface HomeBackupsStatus {
  folder: string;
  keep: number;
  last: { name: string; size: number; copiedAt: string } | null;
  copying: boolean;
  /** Why the last attempt failed, in Chinese; null after a success. */
  error: string | null;
}

export interface HomeBackupsOptions {
  /** Where the folder, the count and the last copy are kept (the app's data folder). */
  stateFile: string;
  /** The folder used until the owner picks one: Documents/Folio 备份. */
  defaultFolder: string;
  /** The active server's backups, or undefined while signed out or offline. */
  source: () => BackupSource | undefined;
  /** Tells the owner a backup run failed (a native notification). */
  notifyFailure: (reason: string) => void;
  /** Each change of the status (a copy started or finished). */
  onStatus?: (status: HomeBackupsStatus) => void;
  clock?: () => Date;
}

/** The copy at home on its clock: `check()` runs at sign-in, when the server answers again and on an interval. */
export class HomeBackups {
  private state: HomeBackupsState = stateSchema.parse({});
  private copying: Promise<void> | undefined;
  private error: string | null = null;

  private constructor(private readonly options: HomeBackupsOptions) {}

  static async open(options: HomeBackupsOptions): Promise<HomeBackups> {
    const backups = new HomeBackups(options);
    const stored = stateSchema.safeParse((await readJsonFile(options.stateFile)) ?? {});
    if (stored.success) backups.state = stored.data;
    return backups;
  }

  status(): HomeBackupsStatus {
    return {
      folder: this.state.folder ?? this.options.defaultFolder,
      keep: this.state.keep,
      last: this.state.last,
      copying: this.copying !== undefined,
      error: this.error,
    };
  }

  async setFolder(folder: string): Promise<HomeBackupsStatus> {
    await this.save({ ...this.state, folder });
    return this.status();
  }

  async setKeep(keep: number): Promise<HomeBackupsStatus> {
    await this.save({ ...this.state, keep });
    return this.status();
  }

  /** Tells of a failed run and brings the latest backup home; one check at a time, the second waits for the first. */
  check(): Promise<void> {
    this.copying ??= this.run().finally(() => {
      this.copying = undefined;
      this.options.onStatus?.(this.status());
    });
    this.options.onStatus?.(this.status());
    return this.copying;
  }

  private async run(): Promise<void> {
    const source = this.options.source();
    if (!source) return;
    try {
      const status = await source.status().catch(() => undefined);
      const failure = status ? failureToTell(status, new Set(this.state.told)) : undefined;
      if (failure) {
        this.options.notifyFailure(failure.reason);
        await this.save({ ...this.state, told: [...this.state.told, failure.id].slice(-20) });
      }
      const result = await copyLatestBackup(source, { folder: this.status().folder, keep: this.state.keep });
      this.error = null;
      if (result.outcome === 'copied' && result.file) {
        const copiedAt = (this.options.clock?.() ?? new Date()).toISOString();
        await this.save({ ...this.state, last: { name: result.file.name, size: result.file.size, copiedAt } });
      }
    } catch (error) {
      if (error instanceof HomeBackupError) this.error = error.message;
      else this.error = M.homeCopyFailed(isNetworkError(error) ? M.homeServerUnreachable : String(error));
    }
  }

  private async save(next: HomeBackupsState): Promise<void> {
    this.state = next;
    // The profile's folder exists only once its drafts or mirror were opened.
    await fs.mkdir(path.dirname(this.options.stateFile), { recursive: true });
    await writeJsonFile(this.options.stateFile, next);
  }
}
