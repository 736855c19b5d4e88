import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FILENAME_PATTERN } from '@folio/shared';
import { serialize } from '@folio/shared/durable-file';
import {
  AUTOSAVES_DIR,
  BODIES_DIR,
  COMMENTS_DIR,
  FILE_NAMES,
  IDEMPOTENCY_DIR,
  REVISIONS_DIR,
  UPLOADS_DIR,
  UPLOAD_TEMP_DIR,
  bodyFileName,
  isTempFileName,
} from './data-layout.js';
import type { DiagramFiles } from './diagram-files.js';
import { answerFileOf } from './idempotency-answers.js';
import type { Journal } from './journal.js';
import type { ArticleRecord, IdempotencyRecord, UploadLogFile } from './records.js';

/**
 * How long an upload may wait for a record to refer to it. A cover or an image is uploaded
 * before the article showing it is saved (a form left open, a draft kept in the desktop app),
 * so only uploads older than this are judged; what a crash leaves is small and rare.
 */
export const UPLOAD_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/** What the sweeps look at: an open store's directory and the records that point into it. */
export interface SweptDirectory {
  dataDir: string;
  articles: readonly ArticleRecord[];
  idempotencyKeys: readonly IdempotencyRecord[];
  /** Changed in place when uploads are judged, and written through the journal. */
  uploadLog: UploadLogFile;
  diagrams: DiagramFiles;
  journal: Journal;
  now: Date;
}

/**
 * Removes what an interrupted run left behind, once the store's records are loaded: files
 * being written when the process died, uploads still streaming to their temp files, and files
 * written before the record that would point at them. Nothing a record refers to is removed.
 */
export async function sweepAtStart(directory: SweptDirectory): Promise<void> {
  const at = (name: string) => path.join(directory.dataDir, name);
  await checkBodies(at(BODIES_DIR), directory.articles);
  for (const dir of [
    directory.dataDir,
    at(BODIES_DIR),
    at(UPLOADS_DIR),
    at(COMMENTS_DIR),
    at(IDEMPOTENCY_DIR),
    directory.diagrams.dir,
  ]) {
    await removeFiles(dir, isTempFileName);
  }
  // Every request that was streaming an upload died with the process.
  await emptyFolder(at(UPLOAD_TEMP_DIR));
  await removeUnusedAnswers(at(IDEMPOTENCY_DIR), directory.idempotencyKeys);
  await sweepRevisions(at(REVISIONS_DIR), directory.articles);
  await removeUnreferencedUploads(directory);
  // Drawings of articles since purged, replaced or imported over, and files a crash left before
  // their article pointed at them.
  await directory.diagrams.sweep();
}

/** Checks that every article's body file is there (read later, on use) and removes files nothing points at. */
async function checkBodies(bodiesDir: string, articles: readonly ArticleRecord[]): Promise<void> {
  const wanted = new Map<string, number>();
  for (const article of articles) wanted.set(bodyFileName(article.id, article.body_rev), article.id);
  const present = new Set(await fs.readdir(bodiesDir));
  for (const [fileName, id] of wanted) {
    if (!present.has(fileName)) throw new Error(`Article ${id} has no body file ${fileName}`);
  }
  // Bodies of interrupted or replaced revisions: nothing points at them.
  await removeFiles(bodiesDir, (fileName) => !wanted.has(fileName));
}

/** Removes the files of `dir` that `remove` picks; folders are left alone. */
/** Everything in a folder only the server writes to, files and the folders requests made. */
async function emptyFolder(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir)) await fs.rm(path.join(dir, name), { recursive: true, force: true });
}

async function removeFiles(dir: string, remove: (name: string) => boolean): Promise<void> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() && remove(entry.name)) await fs.rm(path.join(dir, entry.name), { force: true });
  }
}

/**
 * The history folders of articles that no longer exist (a purge removes its articles' folders
 * after its commit, so a kill in between leaves them), and what interrupted writes left in the
 * others. Only folder listings are read: the history itself stays on disk.
 */
async function sweepRevisions(revisionsDir: string, articles: readonly ArticleRecord[]): Promise<void> {
  const folders = new Set(articles.map((article) => String(article.id)));
  for (const entry of await fs.readdir(revisionsDir, { withFileTypes: true })) {
    const entryPath = path.join(revisionsDir, entry.name);
    if (entry.isDirectory() && folders.has(entry.name)) await removeFiles(entryPath, isTempFileName);
    else await fs.rm(entryPath, { recursive: true, force: true });
  }
}

/**
 * Answer files of no remembered key. The journal writes a key and its answer together, so these
 * are only left by a hand-edited or restored index; expired keys lose theirs when pruned.
 */
async function removeUnusedAnswers(answersDir: string, keys: readonly IdempotencyRecord[]): Promise<void> {
  const used = new Set(keys.map((record) => path.basename(answerFileOf(record.key))));
  await removeFiles(answersDir, (name) => !used.has(name));
}

/**
 * Judges the uploads in the upload log once they are older than {@link UPLOAD_GRACE_MS}: a file
 * nothing refers to is removed, and either way it leaves the log. Only uploads this server
 * wrote are ever judged, so files put in `uploads/` by hand (say, before importing a backup
 * that names them) are never touched.
 */
async function removeUnreferencedUploads({ dataDir, articles, uploadLog, journal, now }: SweptDirectory): Promise<void> {
  const judged = uploadLog.items.filter((entry) => now.getTime() - Date.parse(entry.written_at) >= UPLOAD_GRACE_MS);
  if (judged.length === 0) return;
  const referenced = await referencedNames(
    dataDir,
    articles,
    judged.map((entry) => entry.filename),
  );
  for (const { filename } of judged) {
    if (!referenced.has(filename)) await fs.rm(path.join(dataDir, UPLOADS_DIR, filename), { force: true });
  }
  const judgedNames = new Set(judged.map((entry) => entry.filename));
  uploadLog.items = uploadLog.items.filter((entry) => !judgedNames.has(entry.filename));
  await journal.applyWrite({ name: FILE_NAMES.uploadLog, content: serialize(uploadLog) });
}

/**
 * Finds which of a set of upload names texts mention, in one pass over each text whatever the
 * number of names (after a large import thousands are judged at once). A name holds only the
 * characters of FILENAME_PATTERN, so a mention lies inside one run of them: a run is looked up
 * whole, and a longer run by its slices of each name length, which are few (the server's names
 * are 32 hex digits and an extension). A name is found wherever it stands, as in a plain
 * substring search: in a URL, as an avatar's bare `filename`, inside a longer word.
 */
class MentionedNames {
  readonly found = new Set<string>();
  private readonly lengths: number[];
  private readonly runs: RegExp;

  constructor(private readonly names: ReadonlySet<string>) {
    this.lengths = [...new Set([...names].map((name) => name.length))].sort((a, b) => a - b);
    this.runs = new RegExp(`[A-Za-z0-9._-]{${this.lengths[0] ?? 1},}`, 'g');
  }

  get complete(): boolean {
    return this.found.size === this.names.size;
  }

  note(text: string): void {
    for (const [run] of text.matchAll(this.runs)) {
      for (const length of this.lengths) {
        if (length > run.length) break;
        for (let at = 0; at + length <= run.length; at += 1) {
          const slice = length === run.length ? run : run.slice(at, at + length);
          if (this.names.has(slice)) this.found.add(slice);
        }
      }
    }
  }
}

/**
 * The names among `candidates` that some stored text mentions. The article records as they
 * stand (live and binned) and every other collection file, article body, comment file,
 * remembered answer, kept version and autosave are read as text, so any field that refers to an
 * upload, by any of its URLs, keeps it: avatars, covers and bodies (of articles in the bin too),
 * the about text and the other site blocks, skills, contacts, what a version in an article's
 * history shows (restoring it brings its images back) and the editor's unsaved fields
 * (server/API.md §E9). Not the article snapshot and logs: until they are folded together they
 * still hold the records of purged articles. Upload names are long and random, so a match is a
 * reference. A name no upload could have (a hand-edited log) counts as mentioned: it is never
 * made into a path to remove.
 */
export async function referencedNames(
  dataDir: string,
  articles: readonly ArticleRecord[],
  candidates: readonly string[],
): Promise<Set<string>> {
  const mentioned = new MentionedNames(new Set(candidates.filter((name) => FILENAME_PATTERN.test(name))));
  mentioned.note(JSON.stringify(articles));
  const logFile = FILE_NAMES.uploadLog;
  const sources = [
    ...Object.values(FILE_NAMES)
      .filter((name) => name !== logFile)
      .map((name) => path.join(dataDir, name)),
    ...(await filesIn(path.join(dataDir, BODIES_DIR))),
    ...(await filesIn(path.join(dataDir, COMMENTS_DIR))),
    ...(await filesIn(path.join(dataDir, IDEMPOTENCY_DIR))),
    ...(await filesInFolders(path.join(dataDir, REVISIONS_DIR))),
    ...(await filesIn(path.join(dataDir, AUTOSAVES_DIR))),
  ];
  for (const source of sources) {
    if (mentioned.complete) break;
    mentioned.note(await fs.readFile(source, 'utf8').catch(() => ''));
  }
  const unsafe = candidates.filter((name) => !FILENAME_PATTERN.test(name));
  return new Set([...mentioned.found, ...unsafe]);
}

/** The paths of a folder's entries; none when the folder is not there (yet). */
async function filesIn(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.map((name) => path.join(dir, name));
}

async function filesInFolders(dir: string): Promise<string[]> {
  const files: string[] = [];
  // A loop, not a spread: one folder may hold more files than a call takes arguments.
  for (const folder of await fs.readdir(dir)) for (const file of await filesIn(path.join(dir, folder))) files.push(file);
  return files;
}
