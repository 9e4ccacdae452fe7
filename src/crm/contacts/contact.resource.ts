/** Contacts as the API shows them (SPEC §5). */
import { Type } from 'typebox';
import { NullableString, resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import {
  customFieldsIn,
  customReadContext,
  CustomValuesShown,
  listedCustomFields,
  shownValues,
} from '../custom-fields/index.js';

export const ContactAttributes = Type.Object({
  first_name: Type.String(),
  last_name: Type.String(),
  email: NullableString(),
  phone: NullableString(),
  title: NullableString(),
  custom_fields: CustomValuesShown('contacts'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ContactResource = resourceSchema('contacts', ContactAttributes, { account: 'accounts' });

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
  toResource: (row, baseUrl, context) => ({
    type: 'contacts',
    id: row.id,
    attributes: {
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone,
      title: row.title,
      custom_fields: shownValues(row.custom_fields, customFieldsIn(context)),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { account: { data: relation('accounts', row.account_id) } },
    links: { self: `${baseUrl}/v2/contacts/${row.id}` },
  }),
};
