/**
 * The request documents of POST and PATCH /v2/events (SPEC §11), taking Event Temple's names
 * too (SPEC §15): the wall-clock pairs for start_at/end_at, `expected`, `space`, `event_type`.
 */
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../api/jsonapi.js';
import { CustomValuesWritten } from '../custom-fields/index.js';
import { changes, createDocument, ToMany, ToOne, updateDocument } from '../../api/request-documents.js';
import { SETUP_STYLES } from './event.table.js';

const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Minutes = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 1440, description }));

export const EventWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'e.g. Ceremony, Dinner' }),
    start_at: Type.Optional(DateTime('When it starts (RFC 3339); or give start_date and start_time')),
    end_at: Type.Optional(
      DateTime('When it ends; after start_at, at most 31 days later; or give end_date and end_time'),
    ),
    start_date: Type.Optional(
      Type.String({
        maxLength: 10,
        description: "YYYY-MM-DD in its booking's time zone, instead of start_at",
      }),
    ),
    start_time: Type.Optional(
      Nullable(
        Type.String({ maxLength: 5 }),
        'HH:MM with start_date; left out (or null) for an all-day event',
      ),
    ),
    end_date: Type.Optional(
      Type.String({
        maxLength: 10,
        description: 'YYYY-MM-DD; default start_date (an all-day event: its last day)',
      }),
    ),
    end_time: Type.Optional(
      Nullable(Type.String({ maxLength: 5 }), 'HH:MM with end_date; left out (or null) for an all-day event'),
    ),
    all_day: Type.Optional(
      Type.Boolean({
        description: 'Whole days from start_date to end_date; default when no times are given',
      }),
    ),
    setup_minutes: Minutes('Its spaces are held this long before it starts; 0–1440, default 0'),
    teardown_minutes: Minutes('Its spaces are held this long after it ends; 0–1440, default 0'),
    guest_count: Type.Optional(
      Nullable(
        Type.Integer({ minimum: 0, maximum: 1_000_000 }),
        'Expected; must fit each space for its setup style',
      ),
    ),
    expected: Type.Optional(
      Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }), 'Another name for guest_count'),
    ),
    guaranteed_count: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    setup_style: Type.Optional(Nullable(StringEnum(SETUP_STYLES))),
    custom_fields: CustomValuesWritten('events'),
  },
  { additionalProperties: false },
);

const EventRelationships = Type.Object(
  {
    booking: ToOne('bookings', { description: 'Required on create; an event stays with its booking' }),
    spaces: Type.Optional(ToMany('spaces', { description: 'The spaces it holds' })),
    space: Type.Optional(
      ToOne('spaces', { nullable: true, description: 'Its one space, instead of spaces (Event Temple)' }),
    ),
    event_type: Type.Optional(
      ToOne('event_types', { nullable: true, description: "One of /v2/event_types; default its booking's" }),
    ),
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
