import { z } from 'zod';
import { PreviewLinkMessages as M } from './messages/preview-links.messages.js';

/** How long a preview link lasts when the owner does not say (server/API.md §E17). */
export const PREVIEW_LINK_DEFAULT_DAYS = 7;
/** The longest a preview link may be asked to last. */
export const PREVIEW_LINK_MAX_DAYS = 30;
/**
 * A preview token as the server makes it: 32 random bytes in base64url, 256 bits. Anything else
 * is refused before it is hashed or looked up.
 */
export const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A preview link as the admin lists it: never its token, which only its creation answers. */
export interface PreviewLink {
  id: number;
  article_id: number;
  created_at: string;
  expires_at: string;
}

/** The answer of `POST /api/admin/articles/{id}/preview-links`: the link, shown this once. */
export interface CreatedPreviewLink extends PreviewLink {
  url: string;
}

/** The optional body of a preview link's creation: how many days it lasts. */
export const previewLinkCreateSchema = z.object({
  days: z
    .number({ error: M.daysInvalid })
    .int(M.daysInvalid)
    .min(1, M.daysInvalid)
    .max(PREVIEW_LINK_MAX_DAYS, M.daysInvalid)
    .optional()
    .default(PREVIEW_LINK_DEFAULT_DAYS),
});
export type PreviewLinkCreateRequest = z.infer<typeof previewLinkCreateSchema>;
