import type { Avatar } from '@folio/shared';
import { publicApi } from '../../api/public-api';

export const fetchAvatars = (signal: AbortSignal) => publicApi.data<Avatar[]>('/api/avatars', { signal });

/** The current avatar's URL (API 7: it is always first), or '' when there is none. */
export function currentAvatarUrl(avatars: readonly Avatar[] | undefined): string {
  const current = avatars?.find((avatar) => avatar.is_current) ?? avatars?.[0];
  return current?.url ?? '';
}
