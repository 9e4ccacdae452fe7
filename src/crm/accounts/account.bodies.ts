/** The request documents of POST and PATCH /v2/accounts (SPEC §7), from the account's fields. */
import { writeAttributesSchema, writeRelationshipsSchema } from '../../api/field-schemas.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { Type } from 'typebox';
import { CustomValuesWritten } from '../custom-fields/index.js';
import { ACCOUNT_FIELDS } from './account.fields.js';

export const AccountWriteAttributes = writeAttributesSchema(
  ACCOUNT_FIELDS,
  ['name'],
  CustomValuesWritten('accounts'),
);
const AccountRelationships = writeRelationshipsSchema(ACCOUNT_FIELDS);

export const AccountCreateBody = createDocument('accounts', {
  attributes: AccountWriteAttributes,
  relationships: Type.Optional(AccountRelationships),
});

export const AccountUpdateBody = updateDocument('accounts', {
  attributes: changes(AccountWriteAttributes),
  relationships: changes(AccountRelationships),
});
