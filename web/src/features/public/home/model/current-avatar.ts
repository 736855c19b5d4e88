import type { Avatar } from '@folio/shared';

/** The current avatar's URL (server/API.md §7.1: it is always first), or '' when there is none. */
export function currentAvatarUrl(avatars: readonly Avatar[] | undefined): string {
  const current = avatars?.find((avatar) => avatar.is_current) ?? avatars?.[0];
  return current?.url ?? '';
}
