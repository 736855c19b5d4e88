import { commentCreateSchema } from '@folio/shared';
import { firstIssueMessage } from '../../../../lib/first-issue';

/** Whether a comment passes the server's own rules (昵称 and 评论内容 required, length limits). */
export function commentIsValid(author: string, content: string): boolean {
  return firstIssueMessage(commentCreateSchema.safeParse({ author, content, email: '' })) === null;
}
