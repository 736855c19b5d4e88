import type { Contact } from '@folio/shared';
import type { ApiClient } from '../../../../lib/api-client';

type ContactFields = Pick<Contact, 'type' | 'value'>;

export function listContacts(api: ApiClient) {
  return api.get<Contact[]>('/api/admin/contacts');
}

export function createContact(api: ApiClient, fields: ContactFields) {
  return api.post<Contact>('/api/admin/contacts', fields);
}

export function updateContact(api: ApiClient, id: number, fields: ContactFields) {
  return api.put<Contact>(`/api/admin/contacts/${id}`, fields);
}

export function deleteContact(api: ApiClient, id: number) {
  return api.delete<unknown>(`/api/admin/contacts/${id}`);
}

export function reorderContacts(api: ApiClient, ids: number[]) {
  return api.put<unknown>('/api/admin/contacts/order', { ids });
}
