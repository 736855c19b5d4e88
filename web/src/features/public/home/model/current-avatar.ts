import type { Avatar } from '@folio/shared';

/** The current avatar (server/API.md §7.1: it is always first), or undefined when there is none. */
export function currentAvatar(avatars: readonly Avatar[] | undefined): Avatar | undefined {
  return avatars?.find((avatar) => avatar.is_current) ?? avatars?.[0];
}
