/** Contacts as the API shows them (SPEC §5, §7), rendered from their fields. */
import {
  attributesOf,
  attributesSchema,
  relationshipsOf,
  relationshipTargets,
} from '../../api/field-schemas.js';
import { type Resource, resourceSchema } from '../../api/jsonapi.js';
import type { ReadContext, ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import {
  customFieldsIn,
  customReadContext,
  CustomValuesShown,
  listedCustomFields,
  shownValues,
} from '../custom-fields/index.js';
import { CONTACT_FIELDS } from './contact.fields.js';
import { type Contact, contactCodec } from './contact.value.js';

export const ContactResource = resourceSchema(
  'contacts',
  attributesSchema(CONTACT_FIELDS, CustomValuesShown('contacts')),
  relationshipTargets(CONTACT_FIELDS),
);

/** A contact as the API shows it, with its organization's custom fields (the read context's). */
export function contactResource(contact: Contact, baseUrl: string, context?: ReadContext): Resource {
  const custom = shownValues(contact.customFields, customFieldsIn(context));
  return {
    type: 'contacts',
    id: contact.id,
    attributes: attributesOf(CONTACT_FIELDS, contact, custom),
    relationships: relationshipsOf(CONTACT_FIELDS, contact),
    links: { self: `${baseUrl}/v2/contacts/${contact.id}` },
  };
}

export const contactDefinition: ResourceDefinition<'contacts'> = {
  type: 'contacts',
  path: '/v2/contacts',
  schema: ContactResource,
  tag: 'Contacts',
  noun: 'contacts',
  singular: 'contact',
  sortable: ['created_at', 'updated_at', 'last_name', 'first_name'],
  defaultSort: '-created_at',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  search: 'contacts',
  includes: { account: (row) => relation('accounts', row.account_id) },
  readContext: customReadContext('contacts'),
  customFields: (context) => listedCustomFields(customFieldsIn(context)),
  derived: {
    attributes: ['custom_fields'],
    values: (row, context) => [shownValues(row.custom_fields, customFieldsIn(context))],
  },
  toResource: (row, baseUrl, context) => contactResource(contactCodec.decode(row), baseUrl, context),
};
