import type { MailConfig } from '../../config.js';
import type { MailRecord } from '../../store/mail-outbox.repository.js';
import { nodemailerOnFirstUse as nodemailer } from '../on-demand-libraries.js';

/** How long the sender waits on an SMTP server that does not answer before counting a failure. */
const SMTP_TIMEOUT_MS = 30_000;

/** What the sender needs of SMTP: hand over one mail, check the server answers, and let go at the end. */
export interface MailTransport {
  send(mail: MailRecord): Promise<void>;
  /** Resolves when the server takes a connection, greets and accepts the sign-in (nothing is sent). */
  verify(): Promise<void>;
  /** Closes every connection, a delivery still in flight included (its mail stays queued). */
  close(): void;
}

/**
 * The `Message-ID` of an outbox mail: the same at every attempt, so a mail sent twice (the process
 * killed after the SMTP server took it, before the outbox recorded that) is one message to any
 * client that deduplicates by it.
 */
export function messageIdOf(mail: MailRecord, from: string): string {
  const domain = /@([^@\s>]+)>?\s*$/.exec(from)?.[1] ?? 'folio.invalid';
  return `<${mail.id}@${domain}>`;
}

/**
 * Sends through the SMTP server of SMTP_URL with nodemailer, over one pooled connection kept open
 * between mails (a burst of comments costs one TLS handshake and sign-in, not one per mail). The
 * pool never re-sends a mail by itself: the sender decides, and records, every attempt.
 */
export function smtpTransport(config: MailConfig): MailTransport {
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: 1,
    maxRequeues: 0,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: messageIdOf(mail, config.from),
        date: new Date(mail.created_at),
        ...(mail.unsubscribe_url
          ? {
              list: { unsubscribe: { url: mail.unsubscribe_url, comment: 'Unsubscribe' } },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close({ force: true }),
  };
}
