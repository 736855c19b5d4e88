import { RealtimeEvents } from '@folio/shared';
import { useSnapshot } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchSkills } from '../api/skills.api';

/** Skills in order, refetched on `skills_updated`; a failure leaves the list empty (docs/spec.md §8). */
export function useSkills() {
  const initial = useSnapshot('skills');
  const { data, loading } = useLiveResource(fetchSkills, { initial, events: [RealtimeEvents.skills] });
  return { skills: data ?? [], loading };
}
