/** The request documents of POST and PATCH /v2/spaces (SPEC §7, §11), from the space's fields. */
import { writeAttributesSchema, writeRelationshipsSchema } from '../../api/field-schemas.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { Type } from 'typebox';
import { SPACE_FIELDS } from './space.fields.js';

const SpaceWriteAttributes = writeAttributesSchema(SPACE_FIELDS, ['name']);
const SpaceRelationships = writeRelationshipsSchema(SPACE_FIELDS);

export const SpaceCreateBody = createDocument('spaces', {
  attributes: SpaceWriteAttributes,
  relationships: Type.Optional(SpaceRelationships),
});
export const SpaceUpdateBody = updateDocument('spaces', {
  attributes: changes(SpaceWriteAttributes),
  relationships: changes(SpaceRelationships),
});
