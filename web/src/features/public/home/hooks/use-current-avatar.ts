import { RealtimeEvents } from '@folio/shared';
import { useSnapshot } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchAvatars } from '../api/avatars.api';
import type { PublicImage } from '@folio/shared';
import { currentAvatar } from '../model/current-avatar';

/**
 * The current avatar's URL ('' when none or on failure) and its page sizes once made, kept
 * fresh on `avatars_updated`.
 */
export function useCurrentAvatar(): { url: string; image: PublicImage | undefined } {
  const initial = useSnapshot('avatars');
  const { data } = useLiveResource(fetchAvatars, { initial, events: [RealtimeEvents.avatars] });
  const current = currentAvatar(data);
  return { url: current?.url ?? '', image: current?.image };
}
