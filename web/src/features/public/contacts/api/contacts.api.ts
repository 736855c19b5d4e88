import type { Contact } from '@folio/shared';
import { publicApi } from '../../api/public-api';

export const fetchContacts = (signal: AbortSignal) => publicApi.data<Contact[]>('/api/contacts', { signal });
