import { RealtimeEvents } from '@folio/shared';
import { useSnapshot } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { currentAvatarUrl, fetchAvatars } from '../api/avatars.api';

/** The current avatar's URL, kept fresh on `avatars_updated`; '' when none or on failure. */
export function useCurrentAvatar(): string {
  const initial = useSnapshot('avatars');
  const { data } = useLiveResource(fetchAvatars, { initial, events: [RealtimeEvents.avatars] });
  return currentAvatarUrl(data);
}
