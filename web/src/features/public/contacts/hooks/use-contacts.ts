import { RealtimeEvents } from '@folio/shared';
import { useSnapshot } from '../../../../lib/page-snapshot';
import { useLiveResource } from '../../../../lib/use-live-resource';
import { fetchContacts } from '../api/contacts.api';

/** Contacts in order, refetched on `contacts_updated`; a failure leaves the list empty (docs/spec.md §8). */
export function useContacts() {
  const initial = useSnapshot('contacts');
  const { data } = useLiveResource(fetchContacts, { initial, events: [RealtimeEvents.contacts] });
  return data ?? [];
}
