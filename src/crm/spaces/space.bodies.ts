/** The request documents of POST and PATCH /v2/spaces (SPEC §7, §11). */
import { Type } from 'typebox';
import { Nullable } from '../../api/jsonapi.js';
import { changes, createDocument, ToMany, updateDocument } from '../../api/request-documents.js';
import { SETUP_STYLES } from '../events/event.table.js';

const SpaceWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, description: 'Unique in the organization' }),
    capacity: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }), 'Guests it takes')),
    shareable: Type.Optional(
      Type.Boolean({ description: 'Definite events may hold it at the same time (a lawn); default false' }),
    ),
    capacities: Type.Optional(
      Type.Record(Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0, maximum: 1_000_000 }), {
        description: `Guests it takes by setup style (${SETUP_STYLES.join(', ')}), e.g. {"banquet": 180}`,
      }),
    ),
    area: Type.Optional(
      Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }), 'Its floor area in whole square metres'),
    ),
    archived_at: Type.Optional(
      Nullable(
        Type.String({ format: 'date-time' }),
        'When it was archived (RFC 3339); an archived space takes no new events and is left out of availability. null brings it back',
      ),
    ),
  },
  { additionalProperties: false },
);

const SpaceRelationships = Type.Object(
  {
    parts: Type.Optional(
      ToMany('spaces', {
        description: 'The spaces it is made of (a combined space); parts have no parts of their own',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SpaceCreateBody = createDocument('spaces', {
  attributes: SpaceWriteAttributes,
  relationships: Type.Optional(SpaceRelationships),
});
export const SpaceUpdateBody = updateDocument('spaces', {
  attributes: changes(SpaceWriteAttributes),
  relationships: changes(SpaceRelationships),
});
