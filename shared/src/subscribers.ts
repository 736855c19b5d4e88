import { z } from 'zod';
import { SubscriberMessages as T } from './messages/subscribers.messages.js';
import { cleanString } from './clean-text.js';
// Every module that builds a schema loads zod's Chinese messages and CSP-safe mode with it.
import './messages/zod-issues.js';

/** The longest address a subscription takes (RFC 5321's limit for a path). */
export const SUBSCRIBER_EMAIL_MAX = 254;

/** Body of `POST /api/subscribers` (server/API.md §E23.10). */
export const subscribeRequestSchema = z.object({
  email: cleanString({ error: T.emailInvalid })
    .trim()
    .min(1, T.emailInvalid)
    .max(SUBSCRIBER_EMAIL_MAX, T.emailInvalid)
    .refine((email) => z.email().safeParse(email).success, T.emailInvalid),
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;
