import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import {
  replaceFileSynced,
  serialize,
  syncDirectory,
  writeFileDurably,
  writeFully,
  writeNewFileSynced,
} from '@folio/shared/durable-file';
import {
  ARTICLE_LOG,
  ARTICLE_SNAPSHOT,
  COMMENT_COUNTER,
  COMMENT_FILE,
  FILE_NAMES,
  IDEMPOTENCY_ANSWER_FILE,
  JOURNAL,
  JOURNAL_APPLIED,
  LEGACY_COMMENTS,
  MAIL_OUTBOX_LOG,
  META,
  REVISION_FILE,
} from './data-layout.js';

/**
 * A file to replace, or to remove when `content` is `null` (a purged article's comments). A
 * comment file's content is made in pieces as it is written (see serializeCollection).
 */
export interface FileWrite {
  name: string;
  content: string | Iterable<string> | null;
}

/**
 * Text to write at byte `at` of a log, cutting off whatever followed (what a failed attempt
 * left). Writing at a known place rather than at the end makes it idempotent, like a FileWrite.
 */
export interface FileAppend {
  name: string;
  append: string;
  at: number;
}

/** One file's part of a commit. */
export type JournalEntry = FileWrite | FileAppend;

interface JournalFile {
  /**
   * Each journal's number, one more than the last: absent in journals written before there were
   * numbers, which are always replayed.
   */
  generation?: number;
  files: Array<(FileWrite & { content: string | null }) | FileAppend>;
}

/** Names the store writes besides the collection files, each accepted by the journal. */
const KNOWN_FILES: readonly RegExp[] = [COMMENT_FILE, IDEMPOTENCY_ANSWER_FILE, REVISION_FILE, ARTICLE_LOG];

const isAppend = (entry: JournalEntry): entry is FileAppend => 'append' in entry;

/** About how much of a journal's text is made between two turns of the event loop. */
const JOURNAL_PIECE_CHARS = 256 * 1024;

/** A journal's files written at once; each waits for its own fsync, so a few together take far less than in turn. */
const FILES_AT_ONCE = 8;

/** `journal-applied.json`: the generation of the last journal all of whose files were written. */
interface AppliedJournal {
  generation: number;
}

async function readIfThere(filePath: string): Promise<string | undefined> {
  try {
    return await fs.readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Makes a commit of several files all-or-nothing. A commit touching one file replaces it
 * atomically; a commit touching several first writes a journal holding all of them, then the
 * files, then removes the journal, so a crash in between is finished by {@link replay} on the
 * next start.
 *
 * A journal is replayed only if it is newer than the last one applied, as recorded in
 * `journal-applied.json` before the journal is removed: a journal that outlived its removal (the
 * disk lost it, or it was copied back) would otherwise cut the article log back to where it
 * appended, and put older files back, undoing every commit since.
 */
export class Journal {
  /** The generation of the last journal written, or found at start; the next one takes the one after. */
  private generation = 0;

  constructor(private readonly dataDir: string) {}

  /**
   * Writes the files of one commit, through the journal when there are several. Nothing of it
   * becomes durable before `after` has (a comment's mail comes first: server/API.md §E13), though a
   * single file's content is written and synced meanwhile.
   */
  async persist(files: readonly JournalEntry[], after?: Promise<void>): Promise<void> {
    if (files.length === 0) return after;
    if (files.length === 1) {
      await this.applyEntry(files[0] as JournalEntry, after);
      return;
    }
    await after;
    const { journal, text } = await this.journalOf(files);
    await writeFileDurably(path.join(this.dataDir, JOURNAL), text);
    this.generation += 1;
    try {
      await this.applyJournal(journal);
    } catch {
      // The journal on disk makes the commit: a start would finish it, whatever is answered now.
      // Finishing it at once, as a start would, spares the client an error for a commit made.
      await this.applyJournal(journal);
    }
  }

  /**
   * The journal of a commit and its text, `JSON.stringify` of it, made in pieces of about
   * {@link JOURNAL_PIECE_CHARS} with a turn of the event loop after each: a blog import's journal
   * holds thousands of comment files (server/API.md §E21.1), and made at once it held up every
   * page for as long. What it holds is fixed when the commit takes it (strings, and comment files
   * made from copies of records never changed in place), so changes made meanwhile are not in it.
   */
  private async journalOf(files: readonly JournalEntry[]): Promise<{ journal: JournalFile; text: string[] }> {
    const generation = this.generation + 1;
    const stored: JournalFile['files'] = [];
    const text: string[] = [];
    let piece = `{"generation":${JSON.stringify(generation)},"files":[`;
    for (const entry of files) {
      // The journal holds every file whole: a commit of several files is rare (imports, purges).
      const file = isAppend(entry)
        ? entry
        : {
            name: entry.name,
            content: entry.content === null || typeof entry.content === 'string' ? entry.content : [...entry.content].join(''),
          };
      piece += (stored.length > 0 ? ',' : '') + JSON.stringify(file);
      stored.push(file);
      if (piece.length >= JOURNAL_PIECE_CHARS) {
        text.push(piece);
        piece = '';
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    text.push(`${piece}]}`);
    return { journal: { generation, files: stored }, text };
  }

  /**
   * Finishes a commit a crash interrupted; nothing to do when no journal was left, and a journal
   * applied already (see {@link Journal}) is removed unread.
   */
  async replay(): Promise<void> {
    const marker = await readIfThere(path.join(this.dataDir, JOURNAL_APPLIED));
    const applied = marker === undefined ? 0 : (JSON.parse(marker) as AppliedJournal).generation;
    this.generation = Math.max(this.generation, applied);
    const text = await readIfThere(path.join(this.dataDir, JOURNAL));
    if (text === undefined) return;
    // The journal is itself written atomically, so if it exists it is complete.
    const journal = JSON.parse(text) as JournalFile;
    if (journal.generation !== undefined && journal.generation <= applied) {
      await this.removeJournal();
      return;
    }
    this.generation = Math.max(this.generation, journal.generation ?? 0);
    await this.applyJournal(journal);
  }

  /** Replaces or removes one file; both are idempotent, so replaying a journal twice is harmless. */
  async applyWrite(file: FileWrite, after?: Promise<void>): Promise<void> {
    const target = this.target(file.name);
    if (file.content !== null) {
      await writeFileDurably(target, file.content, undefined, undefined, after);
      return;
    }
    await after;
    await fs.rm(target, { force: true });
    await syncDirectory(path.dirname(target));
  }

  /**
   * Writes `append` at byte `at` of a log and cuts the file there, so that applying it twice, or
   * after an attempt that failed half-way, leaves the same bytes. A log shorter than `at` lost
   * lines that were acknowledged (the disk did not keep what it had synced): that throws.
   */
  async applyAppend({ name, append, at }: FileAppend, after?: Promise<void>): Promise<void> {
    const target = this.target(name);
    await after;
    // Created when missing, never emptied: the bytes before `at` are acknowledged commits.
    const handle = await fs.open(target, fsConstants.O_RDWR | fsConstants.O_CREAT);
    let empty: boolean;
    try {
      const { size } = await handle.stat();
      if (size < at) throw new Error(`${name} holds ${size} bytes, fewer than the ${at} bytes already written to it`);
      empty = size === 0;
      if (size > at) await handle.truncate(at);
      try {
        await writeFully(handle, append, at);
        await handle.datasync();
      } catch (error) {
        // A failed commit must leave nothing a later start would read: not even a whole line
        // that reached the page cache while its sync failed. Best effort: the disk may be gone.
        await handle.truncate(at).catch(() => undefined);
        throw error;
      }
    } finally {
      await handle.close();
    }
    // The first line of a log may have created it: its name in the directory must survive a power cut too.
    if (empty) await syncDirectory(path.dirname(target));
  }

  /** Writes one entry on its own, durably, without a journal; it lands only once `after` has. */
  applyEntry(entry: JournalEntry, after?: Promise<void>): Promise<void> {
    return isAppend(entry) ? this.applyAppend(entry, after) : this.applyWrite(entry, after);
  }

  /**
   * Writes a journal's files, {@link FILES_AT_ONCE} at a time (each waits for its own fsync, which
   * the disk takes together), then syncs each directory they are in once: a blog import's 5,000
   * comment files, one by one with a directory sync each, took most of a minute (server/API.md §E21.1).
   * The order among files does not matter, as the journal on disk makes the commit and
   * a start replays it whole; entries naming one file are still applied in their order. On a
   * failure no new file starts, and it throws once those under way have settled.
   */
  private async applyJournal(journal: JournalFile): Promise<void> {
    const byName = new Map<string, JournalFile['files']>();
    for (const file of journal.files) {
      const same = byName.get(file.name);
      if (same) same.push(file);
      else byName.set(file.name, [file]);
    }
    const queue = [...byName.values()];
    const directories = new Set<string>();
    let failure: { error: unknown } | undefined;
    const worker = async () => {
      while (failure === undefined && queue.length > 0) {
        const entries = queue.shift() ?? [];
        try {
          for (const entry of entries) await this.applyEntryUnsynced(entry, directories);
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(FILES_AT_ONCE, queue.length) }, worker));
    if (failure) throw failure.error;
    // Every rename and removal is in place before the journal goes: a power cut must not lose one.
    for (const directory of directories) await syncDirectory(directory);
    if (journal.generation !== undefined) {
      // Renamed into place without syncing the folder: the sync after the removal below makes both
      // durable at once, and until then no later commit has begun, so replaying this one is right.
      const applied = path.join(this.dataDir, JOURNAL_APPLIED);
      // Named as the start-up sweep's temp files are, so one a crash left is swept.
      const temp = path.join(this.dataDir, `.${JOURNAL_APPLIED}.${journal.generation}.tmp`);
      await fs.rm(temp, { force: true });
      await writeNewFileSynced(temp, serialize({ generation: journal.generation } satisfies AppliedJournal));
      await fs.rename(temp, applied);
    }
    await this.removeJournal();
  }

  /**
   * {@link applyEntry} for a journal's file, leaving the sync of its directory to the caller, which
   * adds the directory to `directories` (a log line syncs its own, only when it created the file).
   */
  private async applyEntryUnsynced(entry: JournalEntry, directories: Set<string>): Promise<void> {
    if (isAppend(entry)) return this.applyAppend(entry);
    const target = this.target(entry.name);
    if (entry.content !== null) await replaceFileSynced(target, entry.content);
    else await fs.rm(target, { force: true });
    directories.add(path.dirname(target));
  }

  /** Removes the journal durably: a removal the disk loses would let it be replayed after later commits. */
  private async removeJournal(): Promise<void> {
    await fs.rm(path.join(this.dataDir, JOURNAL), { force: true });
    await syncDirectory(this.dataDir);
  }

  /**
   * Where a journalled file goes. Only names the store itself writes are accepted, so a damaged
   * or hand-edited journal cannot write outside the data directory.
   */
  private target(name: string): string {
    const known =
      name === META ||
      name === LEGACY_COMMENTS ||
      name === COMMENT_COUNTER ||
      name === MAIL_OUTBOX_LOG ||
      // Written whole only by journals of versions before the article logs, replayed once on upgrade.
      name === ARTICLE_SNAPSHOT ||
      KNOWN_FILES.some((pattern) => pattern.test(name)) ||
      Object.values(FILE_NAMES).includes(name);
    if (!known) throw new Error(`${JOURNAL} names a file the store never writes: ${name}`);
    return path.join(this.dataDir, name);
  }
}
