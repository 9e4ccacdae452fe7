/**
 * Events (a booking's functions) as the API shows them (SPEC §11): GET|POST /v2/events, with
 * Event Temple's names beside Marquee's (SPEC §15): wall-clock dates and times in the booking's
 * time zone, `all_day`, `expected`, the to-one `space` and the `event_type`.
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
import { flag, spaceIds } from '../data/row-mappers.js';

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
    const guests = row.guest_count === null ? null : Number(row.guest_count);
    return {
      type: 'events',
      id: row.id,
      attributes: {
        name: row.name,
        start_at: row.start_at,
        end_at: row.end_at,
        setup_minutes: Number(row.setup_minutes),
        teardown_minutes: Number(row.teardown_minutes),
        guest_count: guests,
        guaranteed_count: row.guaranteed_count === null ? null : Number(row.guaranteed_count),
        setup_style: row.setup_style,
        status: row.status,
        start_date: row.start_date,
        end_date: row.end_date,
        start_time: row.start_time,
        end_time: row.end_time,
        all_day: flag(row.all_day),
        expected: guests,
        custom_fields: shownValues(row.custom_fields, customFieldsIn(context)),
        created_at: row.created_at,
        updated_at: row.updated_at,
      },
      relationships: {
        booking: { data: relation('bookings', row.booking_id) },
        spaces: { data: spacesOf(row) },
        space: { data: spaceOf(row) },
        event_type: { data: relation('event_types', row.event_type_id) },
      },
      links: { self: `${baseUrl}/v2/events/${row.id}` },
    };
  },
};
