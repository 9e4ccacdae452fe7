/**
 * The request documents of POST and PATCH /v2/events (SPEC §11): its fields' attributes, with
 * what a write may give instead of them beside them, Event Temple's names too (SPEC §15): the
 * wall-clock pairs for start_at/end_at, `expected`; `space` and `event_type`.
 */
import { type TSchema, Type } from 'typebox';
import { Nullable } from '../../api/jsonapi.js';
import { placedBeside, writeAttributesSchema } from '../../api/field-schemas.js';
import { CustomValuesWritten } from '../custom-fields/index.js';
import { changes, createDocument, ToMany, ToOne, updateDocument } from '../../api/request-documents.js';
import { EVENT_FIELDS } from './event.fields.js';

/** What a write may give instead of start_at and end_at: its days and times on a wall clock. */
const WALL_CLOCK = {
  start_date: Type.Optional(
    Type.String({
      maxLength: 10,
      description: "YYYY-MM-DD in its booking's time zone, instead of start_at",
    }),
  ),
  start_time: Type.Optional(
    Nullable(Type.String({ maxLength: 5 }), 'HH:MM with start_date; left out (or null) for an all-day event'),
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
};

/** What a write may give instead of guest_count (Event Temple's name). */
const EXPECTED = {
  expected: Type.Optional(
    Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }), 'Another name for guest_count'),
  ),
};

const { all_day: allDay, ...written } = writeAttributesSchema(
  EVENT_FIELDS,
  ['name'],
  CustomValuesWritten('events'),
).properties as Record<string, TSchema>;

/**
 * Its writable fields as a write gives them (the name required on create): its wall clock, then
 * whether it is all day, after end_at; `expected` after guest_count; its custom fields' values last.
 */
export const EventWriteAttributes = Type.Object(
  placedBeside<TSchema>(written, {
    after: { end_at: { ...WALL_CLOCK, all_day: allDay! }, guest_count: EXPECTED },
  }),
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
