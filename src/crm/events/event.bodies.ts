/** The request documents of POST and PATCH /v2/events (SPEC §11). */
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../api/jsonapi.js';
import { changes, createDocument, ToMany, ToOne, updateDocument } from '../../api/request-documents.js';
import { SETUP_STYLES } from './event.table.js';

const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Minutes = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 1440, description }));

export const EventWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'e.g. Ceremony, Dinner' }),
    start_at: DateTime('When it starts (RFC 3339)'),
    end_at: DateTime('When it ends; after start_at, at most 31 days later'),
    setup_minutes: Minutes('Its spaces are held this long before it starts; 0–1440, default 0'),
    teardown_minutes: Minutes('Its spaces are held this long after it ends; 0–1440, default 0'),
    guest_count: Type.Optional(
      Nullable(
        Type.Integer({ minimum: 0, maximum: 1_000_000 }),
        'Expected; must fit each space for its setup style',
      ),
    ),
    guaranteed_count: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    setup_style: Type.Optional(Nullable(StringEnum(SETUP_STYLES))),
  },
  { additionalProperties: false },
);

const EventRelationships = Type.Object(
  {
    booking: ToOne('bookings', { description: 'Required on create; an event stays with its booking' }),
    spaces: Type.Optional(ToMany('spaces', { description: 'The spaces it holds' })),
  },
  { additionalProperties: false },
);

export const EventCreateBody = createDocument('events', {
  attributes: EventWriteAttributes,
  relationships: EventRelationships,
});
export const EventUpdateBody = updateDocument('events', {
  attributes: changes(EventWriteAttributes),
  relationships: changes(EventRelationships),
});
