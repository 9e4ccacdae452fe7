/** Accounts (the companies and people who book) as the API shows them (SPEC §5, §7), from their fields. */
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
import { ACCOUNT_FIELDS } from './account.fields.js';
import { type Account, accountCodec } from './account.value.js';

export const AccountResource = resourceSchema(
  'accounts',
  attributesSchema(ACCOUNT_FIELDS, CustomValuesShown('accounts')),
  relationshipTargets(ACCOUNT_FIELDS),
);

/** An account as the API shows it, with its organization's custom fields (the read context's). */
export function accountResource(account: Account, baseUrl: string, context?: ReadContext): Resource {
  const custom = shownValues(account.customFields, customFieldsIn(context));
  return {
    type: 'accounts',
    id: account.id,
    attributes: attributesOf(ACCOUNT_FIELDS, account, custom),
    relationships: relationshipsOf(ACCOUNT_FIELDS, account),
    links: { self: `${baseUrl}/v2/accounts/${account.id}` },
  };
}

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
  toResource: (row, baseUrl, context) => accountResource(accountCodec.decode(row), baseUrl, context),
};
