import { promises as fs } from 'node:fs';
import path from 'node:path';
import { serialize } from '@folio/shared/durable-file';
import { MAIL_OUTBOX_DIR, MAIL_OUTBOX_FILE, MAIL_UNSUBSCRIBED, isTempFileName, mailOutboxFileName } from './data-layout.js';
import { PendingFiles } from './pending-files.js';

/** One mail waiting in the outbox, or given up (server/API.md §E13). Removed once sent. */
export interface MailRecord {
  id: string;
  /** The owner's notice of a new comment, or a reader's notice of a reply to their comment. */
  kind: 'owner' | 'reply';
  to: string;
  subject: string;
  text: string;
  /** The signed one-click unsubscribe link of a reply mail (its `List-Unsubscribe`); null for the owner's. */
  unsubscribe_url: string | null;
  created_at: string;
  attempts: number;
  /**
   * Set, durably, before each attempt and cleared with its outcome: still set at start means the
   * process died while sending, and the SMTP server may or may not have taken the mail.
   */
  sending_since: string | null;
  last_error: string | null;
  gave_up_at: string | null;
}

/**
 * The outbox, one small file per mail, written by the store's commit beside the comment it tells
 * of: a comment commit then adds one small file, whatever the number of mails waiting (one JSON
 * file for the whole outbox would be rewritten whole at every comment, and grows while the SMTP
 * server is down). Every record is also kept in memory, as a comment's commit must read and
 * change them synchronously; a site has few. The addresses that unsubscribed are one file beside.
 */
export class MailOutboxFiles extends PendingFiles {
  private readonly records = new Map<string, MailRecord>();
  private readonly unsubscribed = new Set<string>();

  /** Reads the outbox and the unsubscribed addresses, at the store's start. */
  async load(): Promise<void> {
    await fs.mkdir(path.join(this.dataDir, MAIL_OUTBOX_DIR), { recursive: true });
    for (const name of await fs.readdir(path.join(this.dataDir, MAIL_OUTBOX_DIR))) {
      const fileName = `${MAIL_OUTBOX_DIR}/${name}`;
      // The temp file of a write a crash cut short: the file (or the journal) holds what it was.
      if (isTempFileName(name)) await fs.rm(path.join(this.dataDir, fileName), { force: true });
      if (!MAIL_OUTBOX_FILE.test(fileName)) continue;
      const record = JSON.parse((await this.readText(fileName)) ?? 'null') as MailRecord | null;
      if (record) this.records.set(record.id, record);
    }
    const addresses = JSON.parse((await this.readText(MAIL_UNSUBSCRIBED)) ?? '[]') as string[];
    for (const address of addresses) this.unsubscribed.add(address);
  }

  all(): MailRecord[] {
    return [...this.records.values()];
  }

  get(id: string): MailRecord | undefined {
    return this.records.get(id);
  }

  /** Stores a new or changed record (a copy: the caller's object is not kept). */
  put(record: MailRecord): void {
    this.records.set(record.id, { ...record });
    this.putText(mailOutboxFileName(record.id), serialize(record));
  }

  delete(id: string): void {
    if (!this.records.delete(id)) return;
    this.remove(mailOutboxFileName(id));
  }

  /** Whether `address` (already normalised: trimmed, lower case) asked for no more reply mail. */
  isUnsubscribed(address: string): boolean {
    return this.unsubscribed.has(address);
  }

  unsubscribe(address: string): void {
    if (this.unsubscribed.has(address)) return;
    this.unsubscribed.add(address);
    this.putText(MAIL_UNSUBSCRIBED, serialize([...this.unsubscribed].sort()));
  }
}
