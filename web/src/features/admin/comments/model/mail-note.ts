import { AdminCommentMessages as M } from '@folio/shared';
import type { AdminMailStatus } from '@folio/shared';

/**
 * The quiet note above the comments about mail the owner would expect (server/API.md §E13): none
 * at all without SMTP_URL and MAIL_FROM, none to the owner without OWNER_EMAIL; null when all is set.
 */
export function mailNote(status: Pick<AdminMailStatus, 'configured' | 'owner_email'>): { title: string; body: string } | null {
  if (!status.configured) return { title: M.mailNotConfigured, body: M.mailNotConfiguredHow };
  if (!status.owner_email) return { title: M.mailNoOwner, body: M.mailNoOwnerHow };
  return null;
}
