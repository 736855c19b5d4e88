import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import { syncDirectory, writeFileDurably, writeFully } from '@folio/shared/durable-file';
import {
  ARTICLE_LOG,
  ARTICLE_SNAPSHOT,
  COMMENT_COUNTER,
  COMMENT_FILE,
  FILE_NAMES,
  IDEMPOTENCY_ANSWER_FILE,
  JOURNAL,
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
  files: Array<(FileWrite & { content: string | null }) | FileAppend>;
}

/** Names the store writes besides the collection files, each accepted by the journal. */
const KNOWN_FILES: readonly RegExp[] = [COMMENT_FILE, IDEMPOTENCY_ANSWER_FILE, REVISION_FILE, ARTICLE_LOG];

const isAppend = (entry: JournalEntry): entry is FileAppend => 'append' in entry;

/**
 * Makes a commit of several files all-or-nothing. A commit touching one file replaces it
 * atomically; a commit touching several first writes a journal holding all of them, then the
 * files, then removes the journal, so a crash in between is finished by {@link replay} on the
 * next start.
 */
export class Journal {
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
    // The journal holds every file whole: a commit of several files is rare (imports, purges).
    const journal: JournalFile = {
      files: files.map((entry) => {
        if (isAppend(entry)) return entry;
        const { name, content } = entry;
        return { name, content: content === null || typeof content === 'string' ? content : [...content].join('') };
      }),
    };
    await writeFileDurably(path.join(this.dataDir, JOURNAL), JSON.stringify(journal));
    try {
      await this.applyJournal(journal);
    } catch {
      // The journal on disk makes the commit: a start would finish it, whatever is answered now.
      // Finishing it at once, as a start would, spares the client an error for a commit made.
      await this.applyJournal(journal);
    }
  }

  /** Finishes a commit a crash interrupted; nothing to do when no journal was left. */
  async replay(): Promise<void> {
    let text: string;
    try {
      text = await fs.readFile(path.join(this.dataDir, JOURNAL), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    // The journal is itself written atomically, so if it exists it is complete.
    await this.applyJournal(JSON.parse(text) as JournalFile);
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

  private async applyJournal(journal: JournalFile): Promise<void> {
    for (const file of journal.files) await this.applyEntry(file);
    await fs.rm(path.join(this.dataDir, JOURNAL), { force: true });
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
