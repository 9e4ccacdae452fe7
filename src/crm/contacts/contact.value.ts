/**
 * A contact as the domain knows it, and its codec: the row of `contacts` read into the value and
 * a change of the value written back as columns. Its custom fields' values stay as `custom_fields`
 * keeps them: the custom fields' face reads that JSON for every kind (storedValuesOf, shownValues),
 * and no other code does. The row type never leaves this folder.
 */
import { decodeStored, encodeStored } from '../data/field-codec.js';
import type { StoredColumns, StoredValues } from '../data/fields.js';
import { CONTACT_FIELDS } from './contact.fields.js';

/** The columns of `contacts`. */
export type ContactTable = {
  id: string;
  organization_id: string;
  /** JSON object of the values of the organization's custom fields of contacts, by key (SPEC §19). */
  custom_fields: string;
} & StoredColumns<typeof CONTACT_FIELDS>;

/** A contact, as every door and rule sees it. */
export type Contact = {
  id: string;
  organizationId: string;
  /** Its custom fields' values, as `custom_fields` keeps them (read through the custom fields' face). */
  customFields: string;
} & StoredValues<typeof CONTACT_FIELDS>;

/** What a change of a contact sets. */
export type ContactChanges = Partial<Omit<Contact, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>>;

/** A new contact's values where a write gives none. */
export const NEW_CONTACT = {
  firstName: '',
  lastName: '',
  email: null,
  phone: null,
  title: null,
  accountId: null,
  customFields: '{}',
} satisfies ContactChanges;

export const contactCodec = {
  decode(row: ContactTable): Contact {
    return {
      id: row.id,
      organizationId: row.organization_id,
      ...decodeStored(CONTACT_FIELDS, row),
      customFields: row.custom_fields,
    };
  },
  encode(changes: ContactChanges): Partial<ContactTable> {
    const columns: Partial<ContactTable> = encodeStored(CONTACT_FIELDS, changes);
    if (changes.customFields !== undefined) columns.custom_fields = changes.customFields;
    return columns;
  },
};
