/** The request documents of POST and PATCH /v2/contacts (SPEC §7). */
import { Type } from 'typebox';
import { Nullable } from '../../api/jsonapi.js';
import { CustomValuesWritten } from '../custom-fields/index.js';
import { changes, createDocument, ToOne, updateDocument } from '../../api/request-documents.js';

const Name = (description: string) => Type.Optional(Type.String({ maxLength: 100, description }));
const Text = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength }), description));

export const ContactWriteAttributes = Type.Object(
  {
    first_name: Name('A first or a last name is required'),
    last_name: Name('A first or a last name is required'),
    email: Text(254, 'An e-mail address'),
    phone: Text(50),
    title: Text(200),
    custom_fields: CustomValuesWritten('contacts'),
  },
  { additionalProperties: false },
);

const ContactRelationships = Type.Object(
  {
    account: Type.Optional(
      ToOne('accounts', { nullable: true, description: 'An account of the same organization' }),
    ),
  },
  { additionalProperties: false },
);

export const ContactCreateBody = createDocument('contacts', {
  attributes: ContactWriteAttributes,
  relationships: Type.Optional(ContactRelationships),
});

export const ContactUpdateBody = updateDocument('contacts', {
  attributes: changes(ContactWriteAttributes),
  relationships: changes(ContactRelationships),
});
