import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.js';
import type { MailRecord } from '../../store/mail-outbox.repository.js';

/** How long the sender waits on an SMTP server that does not answer before counting a failure. */
const SMTP_TIMEOUT_MS = 30_000;

/** What the sender needs of SMTP: hand over one mail, and let go of the connection at the end. */
export interface MailTransport {
  send(mail: MailRecord): Promise<void>;
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

/** Sends through the SMTP server of SMTP_URL with nodemailer, one connection per mail. */
export function smtpTransport(config: MailConfig): MailTransport {
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
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
    close: () => transporter.close(),
  };
}
