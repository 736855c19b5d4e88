import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR, MAIL_OUTBOX_LOG } from './data-layout.js';
import { parseLines } from './line-log.js';
import type { JournalEntry } from './journal.js';
import type { CommitFiles } from './pending-files.js';

/** One mail waiting in the outbox, or given up (server/API.md §E13). Removed once sent. */
export interface MailRecord {
  id: string;
  /**
   * The comment it tells of. The outbox is written just before the comment's commit (see
   * {@link MailOutboxFiles}), so a kill in between can leave a mail whose comment was never stored,
   * and whose id a later comment may take: the id and time together say it is that comment.
   */
  comment_id: number;
  comment_created_at: string;
  /**
   * The owner's notice of a new comment, a reader's notice of a reply to their comment, the
   * request to confirm an address for reply mail, or the owner's digest of the comments past the
   * hourly cap (server/API.md §E13), or the owner's notice that a backup failed (server/API.md §E22;
   * `comment_id` 0, it tells of no comment); or a subscription's confirmation request (`comment_id`
   * the subscriber's id, `comment_created_at` its `created_at`), or a new article's mail to one
   * subscriber (`comment_id` the article's id, `comment_created_at` its `subscribers_notified_at`:
   * a mail queued by a commit that did not land tells of no article) (server/API.md §E23.11).
   */
  kind: 'owner' | 'reply' | 'confirm' | 'digest' | 'backup' | 'subscribe' | 'article';
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside `text` (a new article's mail shows its cover); absent: plain text only. */
  html?: string;
  /** The signed one-click unsubscribe link of a reply mail (its `List-Unsubscribe`); null for the owner's. */
  unsubscribe_url: string | null;
  created_at: string;
  attempts: number;
  /** Written by older versions before each attempt; no longer set (kept so their logs load). */
  sending_since: string | null;
  last_error: string | null;
  gave_up_at: string | null;
  /** Not sent before this time (the owner's digest waits for the end of its hour); absent: at once. */
  send_after?: string | null;
}

/** One line of the outbox log. */
type OutboxLine =
  { put: MailRecord } | { delete: string } | { unsubscribe: string } | { confirmed: string } | { asked: string; at: string };

/**
 * Whether a parsed line can be an outbox line: an object, a mail with its id. Loose on purpose
 * about the other kinds, so a line kind added later is never taken for damage.
 */
const isOutboxLine = (value: unknown): value is OutboxLine => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (!('put' in value)) return true;
  const put = (value as { put: unknown }).put;
  return typeof put === 'object' && put !== null && typeof (put as { id?: unknown }).id === 'string';
};

/** The log is rewritten whole only once it is this big and mostly lines that no longer count. */
const COMPACT_AFTER_BYTES = 64 * 1024;
const COMPACT_WHEN_LINES_PER_LIVE_ENTRY = 4;

/**
 * The outbox, the unsubscribed and confirmed addresses, kept in memory and on disk as one append-only log,
 * `mail/outbox.log`: each commit appends the lines of what changed, durably, just before it writes
 * the rest (the comment a mail tells of). A comment then costs one small append however many
 * mails wait, and no journal (one file per mail would add a durable write per comment to every
 * group commit; one JSON file would be rewritten whole at every comment, and grows while the SMTP
 * server is down). A mail is on disk no later than its comment; the sender drops a mail whose
 * comment is not there (see {@link MailRecord.comment_id}). The log is rewritten with only what
 * still counts once sent mails make up most of it.
 */
export class MailOutboxFiles implements CommitFiles {
  readonly writtenFirst = true;
  private readonly records = new Map<string, MailRecord>();
  private readonly unsubscribed = new Set<string>();
  /** Addresses whose owner followed the confirmation link: only they get reply mail. */
  private readonly confirmed = new Set<string>();
  /** When each address was last sent a confirmation request. */
  private readonly asked = new Map<string, string>();
  /** Lines changed since the last commit took them. */
  private unwritten: string[] = [];
  /** What the commit under way writes: the lines it appends, or the whole log it rewrites. */
  private inFlight: { lines: string[]; write: JournalEntry; bytesAfter: number; linesAfter: number } | null = null;
  /** The log's length on disk as acknowledged; a torn tail past it is cut by the next append. */
  private logBytes = 0;
  private logLines = 0;

  constructor(private readonly dataDir: string) {}

  /**
   * Reads the log at the store's start, and again after a failed commit (what is on disk is then
   * all there is). A last line torn by a kill mid-append is left out; damage before it refuses to
   * start rather than cut the lines after it (unsubscribes among them) at the next append.
   */
  async load(): Promise<void> {
    await fs.mkdir(path.join(this.dataDir, MAIL_DIR), { recursive: true });
    const bytes = await fs.readFile(path.join(this.dataDir, MAIL_OUTBOX_LOG)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return Buffer.alloc(0);
      throw error;
    });
    const { entries, intactBytes } = parseLines(bytes, MAIL_OUTBOX_LOG, isOutboxLine, 'an outbox entry');
    // Replaced at once, after the read: nobody sees a half-read outbox.
    this.records.clear();
    this.unsubscribed.clear();
    this.confirmed.clear();
    this.asked.clear();
    this.unwritten = [];
    this.inFlight = null;
    for (const line of entries) this.apply(line);
    this.logLines = entries.length;
    this.logBytes = intactBytes;
  }

  all(): MailRecord[] {
    return [...this.records.values()];
  }

  get(id: string): MailRecord | undefined {
    return this.records.get(id);
  }

  /** Stores a new or changed record (a copy: the caller's object is not kept). */
  put(record: MailRecord): void {
    this.change({ put: { ...record } });
  }

  delete(id: string): void {
    if (this.records.has(id)) this.change({ delete: id });
  }

  /** Whether `address` (already normalised: trimmed, lower case) asked for no more reply mail. */
  isUnsubscribed(address: string): boolean {
    return this.unsubscribed.has(address);
  }

  unsubscribe(address: string): void {
    if (!this.unsubscribed.has(address)) this.change({ unsubscribe: address });
  }

  /** Whether `address` (normalised) was confirmed by its owner for reply mail. */
  isConfirmed(address: string): boolean {
    return this.confirmed.has(address);
  }

  confirm(address: string): void {
    if (!this.confirmed.has(address)) this.change({ confirmed: address });
  }

  /** When `address` (normalised) was last sent a confirmation request, if ever. */
  askedAt(address: string): string | undefined {
    return this.asked.get(address);
  }

  markAsked(address: string, at: string): void {
    this.change({ asked: address, at });
  }

  get hasChanges(): boolean {
    return this.unwritten.length > 0;
  }

  takeChanged(): string[] {
    if (this.unwritten.length === 0) return [];
    const lines = this.unwritten;
    this.unwritten = [];
    const liveEntries = this.records.size + this.unsubscribed.size + this.confirmed.size + this.asked.size;
    const linesAfter = this.logLines + lines.length;
    if (this.logBytes > COMPACT_AFTER_BYTES && linesAfter > COMPACT_WHEN_LINES_PER_LIVE_ENTRY * liveEntries) {
      // Made now, synchronously: the state as of this commit, none of what later changes add.
      const content = this.snapshotLines().join('');
      this.inFlight = {
        lines,
        write: { name: MAIL_OUTBOX_LOG, content },
        bytesAfter: Buffer.byteLength(content),
        linesAfter: liveEntries,
      };
    } else {
      const append = lines.join('');
      this.inFlight = {
        lines,
        write: { name: MAIL_OUTBOX_LOG, append, at: this.logBytes },
        bytesAfter: this.logBytes + Buffer.byteLength(append),
        linesAfter,
      };
    }
    return [MAIL_OUTBOX_LOG];
  }

  writesFor(names: readonly string[]): JournalEntry[] {
    return names.includes(MAIL_OUTBOX_LOG) && this.inFlight ? [this.inFlight.write] : [];
  }

  committed(): void {
    if (!this.inFlight) return;
    this.logBytes = this.inFlight.bytesAfter;
    this.logLines = this.inFlight.linesAfter;
    this.inFlight = null;
  }

  /** The commit failed: its lines go to the next one, before those changed since. */
  markChanged(): void {
    if (!this.inFlight) return;
    this.unwritten = [...this.inFlight.lines, ...this.unwritten];
    this.inFlight = null;
  }

  private change(line: OutboxLine): void {
    this.apply(line);
    this.unwritten.push(`${JSON.stringify(line)}\n`);
  }

  private apply(line: OutboxLine): void {
    if ('put' in line) this.records.set(line.put.id, line.put);
    else if ('delete' in line) this.records.delete(line.delete);
    else if ('unsubscribe' in line) this.unsubscribed.add(line.unsubscribe);
    else if ('confirmed' in line) this.confirmed.add(line.confirmed);
    else this.asked.set(line.asked, line.at);
  }

  private snapshotLines(): string[] {
    return [
      ...[...this.unsubscribed].map((address) => `${JSON.stringify({ unsubscribe: address })}\n`),
      ...[...this.confirmed].map((address) => `${JSON.stringify({ confirmed: address })}\n`),
      ...[...this.asked].map(([address, at]) => `${JSON.stringify({ asked: address, at })}\n`),
      ...[...this.records.values()].map((record) => `${JSON.stringify({ put: record })}\n`),
    ];
  }
}
