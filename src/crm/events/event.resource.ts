/**
 * Events (a booking's functions) as the API shows them (SPEC §11): GET|POST /v2/events, with
 * Event Temple's names beside Marquee's (SPEC §15): wall-clock dates and times in the booking's
 * time zone, `all_day`, `expected`, the to-one `space` and the `event_type`. A resource is rendered
 * from the event's value (event.value.ts).
 */
import { Type } from 'typebox';
import { Nullable, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { BOOKING_STATUSES } from '../bookings/beneath.js';
import { relation } from '../../api/relation.js';
import {
  customFieldsIn,
  customReadContext,
  CustomValuesShown,
  listedCustomFields,
  shownValues,
} from '../custom-fields/index.js';
import { SETUP_STYLES } from './event.table.js';
import { spaceIds } from '../data/row-mappers.js';
import { decodeEvent } from './event.value.js';

export const EventAttributes = Type.Object({
  name: Type.String({ description: 'e.g. Ceremony, Dinner' }),
  start_at: Timestamp,
  end_at: Timestamp,
  setup_minutes: Type.Integer({ description: 'Its spaces are held this long before it starts' }),
  teardown_minutes: Type.Integer({ description: 'Its spaces are held this long after it ends' }),
  guest_count: Nullable(Type.Integer(), 'Guests expected'),
  guaranteed_count: Nullable(Type.Integer(), 'Guests guaranteed (charged for)'),
  setup_style: Nullable(StringEnum(SETUP_STYLES), 'How the room is set'),
  status: StringEnum(BOOKING_STATUSES, "Its booking's status (read-only)"),
  start_date: Type.String({ format: 'date', description: "The day it starts, in its booking's time zone" }),
  end_date: Type.String({
    format: 'date',
    description: "The day it ends, in its booking's time zone (an all-day event's last day)",
  }),
  start_time: Nullable(
    Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
    "HH:MM it starts, in its booking's time zone; null when all day",
  ),
  end_time: Nullable(
    Type.String({ pattern: '^\\d{2}:\\d{2}$' }),
    "HH:MM it ends, in its booking's time zone; null when all day",
  ),
  all_day: Type.Boolean({ description: 'Whether it takes whole days, from start_date to end_date' }),
  expected: Nullable(Type.Integer(), 'Guests expected (guest_count by its Event Temple name)'),
  custom_fields: CustomValuesShown('events'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const EventResource = resourceSchema('events', EventAttributes, {
  booking: 'bookings',
  spaces: ['spaces'],
  space: 'spaces',
  event_type: 'event_types',
});

const spacesOf = (row: { space_ids: string }) => spaceIds(row).map((id) => ({ type: 'spaces', id }));
/** The first of its spaces (Event Temple's `space`), or none. */
const spaceOf = (row: { space_ids: string }) => spacesOf(row)[0] ?? null;
const DATE_OPERATORS = ['eq', 'lt', 'lteq', 'gt', 'gteq'] as const;

export const eventDefinition: ResourceDefinition<'events'> = {
  type: 'events',
  path: '/v2/events',
  schema: EventResource,
  tag: 'Events',
  noun: 'events',
  singular: 'event',
  sortable: ['created_at', 'updated_at', 'start_at', 'end_at'],
  defaultSort: '-created_at',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
    start_at: { column: 'start_at', kind: 'timestamp' },
    end_at: { column: 'end_at', kind: 'timestamp' },
    status: { column: 'status', kind: 'enum', values: BOOKING_STATUSES },
    start_date: { column: 'start_date', kind: 'date', operators: DATE_OPERATORS },
    end_date: { column: 'end_date', kind: 'date', operators: DATE_OPERATORS },
    booking_id: { column: 'booking_id', kind: 'id' },
    space_id: {
      column: 'id',
      kind: 'id',
      operators: ['eq', 'in'],
      link: { table: 'event_spaces', key: 'event_id', column: 'space_id' },
    },
  },
  includes: {
    booking: (row) => relation('bookings', row.booking_id),
    spaces: spacesOf,
    space: spaceOf,
    event_type: (row) => relation('event_types', row.event_type_id),
  },
  readContext: customReadContext('events'),
  customFields: (context) => listedCustomFields(customFieldsIn(context)),
  derived: {
    attributes: ['custom_fields'],
    values: (row, context) => [shownValues(row.custom_fields, customFieldsIn(context))],
  },
  toResource: (row, baseUrl, context) => {
    const event = decodeEvent(row);
    const spaces = event.spaceIds.map((id) => ({ type: 'spaces', id }));
    return {
      type: 'events',
      id: event.id,
      attributes: {
        name: event.name,
        start_at: event.startAt,
        end_at: event.endAt,
        setup_minutes: event.setupMinutes,
        teardown_minutes: event.teardownMinutes,
        guest_count: event.guestCount,
        guaranteed_count: event.guaranteedCount,
        setup_style: event.setupStyle,
        status: event.status,
        start_date: event.startDate,
        end_date: event.endDate,
        start_time: event.startTime,
        end_time: event.endTime,
        all_day: event.allDay,
        expected: event.guestCount,
        custom_fields: shownValues(event.customFields, customFieldsIn(context)),
        created_at: event.createdAt,
        updated_at: event.updatedAt,
      },
      relationships: {
        booking: { data: relation('bookings', event.bookingId) },
        spaces: { data: spaces },
        space: { data: spaces[0] ?? null },
        event_type: { data: relation('event_types', event.eventTypeId) },
      },
      links: { self: `${baseUrl}/v2/events/${event.id}` },
    };
  },
};
