import { promises as fs } from 'node:fs';
import path from 'node:path';
import { syncDirectory, writeFileDurably } from '@folio/shared/durable-file';
import {
  COMMENT_COUNTER,
  COMMENT_FILE,
  FILE_NAMES,
  IDEMPOTENCY_ANSWER_FILE,
  JOURNAL,
  LEGACY_COMMENTS,
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

interface JournalFile {
  files: Array<FileWrite & { content: string | null }>;
}

/** Names the store writes besides the collection files, each accepted by the journal. */
const KNOWN_FILES: readonly RegExp[] = [COMMENT_FILE, IDEMPOTENCY_ANSWER_FILE, REVISION_FILE];

/**
 * Makes a commit of several files all-or-nothing. A commit touching one file replaces it
 * atomically; a commit touching several first writes a journal holding all of them, then the
 * files, then removes the journal, so a crash in between is finished by {@link replay} on the
 * next start.
 */
export class Journal {
  constructor(private readonly dataDir: string) {}

  /** Writes the files of one commit, through the journal when there are several. */
  async persist(files: readonly FileWrite[]): Promise<void> {
    if (files.length === 0) return;
    if (files.length === 1) {
      await this.applyWrite(files[0] as FileWrite);
      return;
    }
    // The journal holds every file whole: a commit of several files is rare (imports, purges).
    const journal: JournalFile = {
      files: files.map(({ name, content }) => ({
        name,
        content: content === null || typeof content === 'string' ? content : [...content].join(''),
      })),
    };
    await writeFileDurably(path.join(this.dataDir, JOURNAL), JSON.stringify(journal));
    await this.applyJournal(journal);
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
  async applyWrite(file: FileWrite): Promise<void> {
    const target = this.target(file.name);
    if (file.content !== null) {
      await writeFileDurably(target, file.content);
      return;
    }
    await fs.rm(target, { force: true });
    await syncDirectory(path.dirname(target));
  }

  private async applyJournal(journal: JournalFile): Promise<void> {
    for (const file of journal.files) await this.applyWrite(file);
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
      KNOWN_FILES.some((pattern) => pattern.test(name)) ||
      Object.values(FILE_NAMES).includes(name);
    if (!known) throw new Error(`${JOURNAL} names a file the store never writes: ${name}`);
    return path.join(this.dataDir, name);
  }
}
