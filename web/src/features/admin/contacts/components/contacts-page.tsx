import { Field, Input, Select } from '@fluentui/react-components';
import {
  AdminUiMessages,
  CONTACT_DEFAULT_TYPE,
  contactCreateSchema,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  UiMessages,
} from '@folio/shared';
import type { Contact } from '@folio/shared';
import { OrderedCardsEditor } from '../../sortable-cards/components/ordered-cards-editor';
import type { OrderedResource } from '../../sortable-cards/hooks/use-ordered-editor';
import { createContact, deleteContact, listContacts, reorderContacts, updateContact } from '../api/contacts.api';

type ContactFields = Pick<Contact, 'type' | 'value'>;

const contactsResource: OrderedResource<ContactFields> = {
  name: 'contacts',
  calls: { list: listContacts, create: createContact, update: updateContact, remove: deleteContact, reorder: reorderContacts },
  fieldsOf: ({ type, value }) => ({ type, value }),
  blank: () => ({ type: CONTACT_DEFAULT_TYPE, value: '' }),
  schema: contactCreateSchema,
};

const knownTypes: readonly string[] = CONTACT_TYPES;

export function ContactsPage() {
  return (
    <OrderedCardsEditor<ContactFields>
      title={AdminUiMessages.tabContacts}
      noun={AdminUiMessages.contactNoun}
      resource={contactsResource}
      deleteConfirmText={UiMessages.deleteContactConfirm}
      describe={(item, index) => item.value || AdminUiMessages.contactFallbackName(index + 1)}
      renderFields={(item, update) => (
        <>
          <Field label={AdminUiMessages.contactType}>
            <Select value={item.type} onChange={(_, data) => update({ type: data.value })}>
              {CONTACT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {CONTACT_TYPE_LABELS[type]}
                </option>
              ))}
              {/* A type from an imported backup stays selectable instead of being silently replaced. */}
              {!knownTypes.includes(item.type) && <option value={item.type}>{item.type}</option>}
            </Select>
          </Field>
          <Field label={AdminUiMessages.contentLabel} required>
            <Input value={item.value} onChange={(_, data) => update({ value: data.value })} />
          </Field>
        </>
      )}
    />
  );
}
