import { z } from 'zod';
import { DesktopBridgeMessages as M, DesktopMessages as D, DESKTOP_LIMITS } from '@folio/shared';
import { withServerScheme } from '../common/server-address';
import { isoDate, localIdSchema } from './common.schema';

/**
 * An http(s) origin (optionally with a base path) typed by the owner on the connection screen;
 * without a scheme it is completed (desktop/src/common/server-address.ts).
 */
export const serverUrlSchema = z
  .string({ error: D.urlMalformed })
  .trim()
  .max(DESKTOP_LIMITS.serverUrl, D.urlMalformed)
  .transform(withServerScheme)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '';
    } catch {
      return false;
    }
  }, D.urlMalformed);

export const profileSchema = z.object({
  id: localIdSchema,
  name: z.string(),
  serverUrl: z.string(),
  username: z.string(),
  remember: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileListSchema = z.object({
  profiles: z.array(profileSchema),
  activeId: localIdSchema.nullable(),
});
export type ProfileList = z.infer<typeof profileListSchema>;

const usernameSchema = z
  .string({ error: D.usernameRequired })
  .trim()
  .min(1, D.usernameRequired)
  .max(DESKTOP_LIMITS.profileUsername, D.usernameRequired);

export const profileInputSchema = z.object({
  /** Absent: a new profile. */
  id: localIdSchema.optional(),
  name: z
    .string({ error: D.profileNameRequired })
    .trim()
    .min(1, D.profileNameRequired)
    .max(DESKTOP_LIMITS.profileName, D.profileNameTooLong),
  serverUrl: serverUrlSchema,
  username: usernameSchema,
  remember: z.boolean().optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/**
 * Where the token is kept: `keychain` (safeStorage backed by a real OS keychain), `insecure`
 * (Linux basic_text: the owner agreed to store it anyway), `memory` (not written to disk, e.g.
 * the owner declined or did not tick 记住登录状态).
 */
export const tokenStorageSchema = z.enum(['keychain', 'insecure', 'memory']);

export const sessionStatusSchema = z.object({
  profile: profileSchema.nullable(),
  signedIn: z.boolean(),
  username: z.string().nullable(),
  expiresAt: isoDate.nullable(),
  online: z.boolean(),
  tokenStorage: tokenStorageSchema,
  /** True while the OS has no real keychain and the owner has not yet said whether to store the token. */
  needsStorageConsent: z.boolean(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const signInInputSchema = z.object({
  /** Update this profile; absent: create one (or reuse the one with the same server and user). */
  profileId: localIdSchema.optional(),
  name: z.string().trim().max(DESKTOP_LIMITS.profileName, D.profileNameTooLong).optional(),
  serverUrl: serverUrlSchema,
  username: usernameSchema,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(1024, M.passwordRequired),
  remember: z.boolean(),
});
export type SignInInput = z.infer<typeof signInInputSchema>;
