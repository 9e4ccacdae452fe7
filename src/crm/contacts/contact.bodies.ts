/** The request documents of POST and PATCH /v2/contacts (SPEC §7), from the contact's fields. */
import { writeAttributesSchema, writeRelationshipsSchema } from '../../api/field-schemas.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { Type } from 'typebox';
import { CustomValuesWritten } from '../custom-fields/index.js';
import { CONTACT_FIELDS } from './contact.fields.js';

export const ContactWriteAttributes = writeAttributesSchema(
  CONTACT_FIELDS,
  [],
  CustomValuesWritten('contacts'),
);
const ContactRelationships = writeRelationshipsSchema(CONTACT_FIELDS);

export const ContactCreateBody = createDocument('contacts', {
  attributes: ContactWriteAttributes,
  relationships: Type.Optional(ContactRelationships),
});

export const ContactUpdateBody = updateDocument('contacts', {
  attributes: changes(ContactWriteAttributes),
  relationships: changes(ContactRelationships),
});
