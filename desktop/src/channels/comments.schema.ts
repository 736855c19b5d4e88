import { z } from 'zod';
import type { AdminCommentNotice } from '@folio/shared';
import { isoDate } from './common.schema';

/** `admin_comment_created` as the server sends it to the signed-in owner (server/API.md §E12). */
export const commentNoticeSchema = z.object({
  id: z.number().int().positive(),
  article_id: z.number().int().positive(),
  article_title: z.string(),
  author: z.string(),
  excerpt: z.string(),
  status: z.enum(['published', 'pending']),
  parent_id: z.number().int().positive().nullable(),
  created_at: isoDate,
}) satisfies z.ZodType<AdminCommentNotice>;

/** The `comments.created` event: the notice, and whether main showed it natively (else the renderer's toast does). */
export const commentCreatedEventSchema = z.object({
  notice: commentNoticeSchema,
  shownNatively: z.boolean(),
});
export type CommentCreatedEvent = z.infer<typeof commentCreatedEventSchema>;
