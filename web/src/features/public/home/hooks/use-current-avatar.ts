import { RealtimeEvents } from '@folio/shared';
import { useSnapshot } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchAvatars } from '../api/avatars.api';
import { currentAvatarUrl } from '../model/current-avatar';

/** The current avatar's URL, kept fresh on `avatars_updated`; '' when none or on failure. */
export function useCurrentAvatar(): string {
  const initial = useSnapshot('avatars');
  const { data } = useLiveResource(fetchAvatars, { initial, events: [RealtimeEvents.avatars] });
  return currentAvatarUrl(data);
}
