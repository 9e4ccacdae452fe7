/** The request documents of POST and PATCH /v2/spaces (SPEC §7). */
import { Type } from 'typebox';
import { Nullable } from '../../api/jsonapi.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';

const SpaceWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'Unique in the organization' }),
    capacity: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }), 'Guests it takes')),
  },
  { additionalProperties: false },
);

export const SpaceCreateBody = createDocument('spaces', { attributes: SpaceWriteAttributes });
export const SpaceUpdateBody = updateDocument('spaces', { attributes: changes(SpaceWriteAttributes) });
