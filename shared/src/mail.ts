/** A mail given up after a day of failed attempts, or refused for good by the SMTP server (server/API.md §E13). */
export interface AdminFailedMail {
  id: string;
  to: string;
  subject: string;
  /** The SMTP server's last answer, or why it could not be reached. */
  reason: string;
  attempts: number;
  created_at: string;
  gave_up_at: string;
}

/** `GET /api/admin/mail`: whether comment mail is set up, and how the outbox stands. */
export interface AdminMailStatus {
  /** SMTP_URL and MAIL_FROM are set: mail is sent. */
  configured: boolean;
  /** OWNER_EMAIL is set: the owner is told of each new comment by mail. */
  owner_email: boolean;
  /** Mails waiting to be sent (or tried again). */
  queued: number;
  /** Given-up mails, newest first. */
  failed: AdminFailedMail[];
}
