/** Accounts (the companies and people who book) as the API shows them (SPEC §5). */
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

const ADDRESS = ['address_line1', 'address_line2', 'city', 'region', 'postal_code', 'country'] as const;

export const AccountAttributes = Type.Object({
  name: Type.String(),
  email: NullableString(),
  phone: NullableString(),
  website: NullableString(),
  address_line1: NullableString(),
  address_line2: NullableString(),
  city: NullableString(),
  region: NullableString(),
  postal_code: NullableString(),
  country: NullableString('ISO 3166-1 alpha-2'),
  custom_fields: CustomValuesShown('accounts'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const AccountResource = resourceSchema('accounts', AccountAttributes, { owner: 'users' });

export const accountDefinition: ResourceDefinition<'accounts'> = {
  type: 'accounts',
  path: '/v2/accounts',
  schema: AccountResource,
  tag: 'Accounts',
  noun: 'accounts',
  singular: 'account',
  sortable: ['created_at', 'updated_at', 'name'],
  defaultSort: '-created_at',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  search: 'accounts',
  includes: { owner: (row) => relation('users', row.owner_id) },
  readContext: customReadContext('accounts'),
  customFields: (context) => listedCustomFields(customFieldsIn(context)),
  derived: {
    attributes: ['custom_fields'],
    values: (row, context) => [shownValues(row.custom_fields, customFieldsIn(context))],
  },
  toResource: (row, baseUrl, context) => ({
    type: 'accounts',
    id: row.id,
    attributes: {
      name: row.name,
      email: row.email,
      phone: row.phone,
      website: row.website,
      ...Object.fromEntries(ADDRESS.map((field) => [field, row[field]])),
      custom_fields: shownValues(row.custom_fields, customFieldsIn(context)),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { owner: { data: relation('users', row.owner_id) } },
    links: { self: `${baseUrl}/v2/accounts/${row.id}` },
  }),
};
