import type { Contact } from '@folio/shared';
import { apiData } from '../../../../lib/api-client';

export const fetchContacts = (signal: AbortSignal) => apiData<Contact[]>('/api/contacts', { signal });
