/** The request documents of POST and PATCH /v2/accounts (SPEC §7). */
import { Type } from 'typebox';
import { Nullable } from '../../api/jsonapi.js';
import { CustomValuesWritten } from '../custom-fields/index.js';
import { changes, createDocument, ToOne, updateDocument } from '../../api/request-documents.js';

const Text = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength }), description));

export const AccountWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'Required' }),
    email: Text(254, 'An e-mail address'),
    phone: Text(50),
    website: Text(500),
    address_line1: Text(200),
    address_line2: Text(200),
    city: Text(100),
    region: Text(100),
    postal_code: Text(20),
    country: Text(2, 'ISO 3166-1 alpha-2, e.g. US'),
    custom_fields: CustomValuesWritten('accounts'),
  },
  { additionalProperties: false },
);

const AccountRelationships = Type.Object(
  { owner: Type.Optional(ToOne('users', { nullable: true, description: 'A member of the organization' })) },
  { additionalProperties: false },
);

export const AccountCreateBody = createDocument('accounts', {
  attributes: AccountWriteAttributes,
  relationships: Type.Optional(AccountRelationships),
});

export const AccountUpdateBody = updateDocument('accounts', {
  attributes: changes(AccountWriteAttributes),
  relationships: changes(AccountRelationships),
});
