/**
 * Events (a booking's functions) as the API shows them (SPEC §11): GET|POST /v2/events, with
 * Event Temple's names beside Marquee's (SPEC §15): wall-clock dates and times in the booking's
 * time zone, `all_day`, `expected`, the to-one `space` and the `event_type`. A resource is rendered
 * from the event's value (event.value.ts) by its fields (event.fields.ts).
 */
import {
  attributesOf,
  attributesSchema,
  relationshipsOf,
  relationshipTargets,
} from '../../api/field-schemas.js';
import { resourceSchema } from '../../api/jsonapi.js';
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
import { spaceIds } from '../data/row-mappers.js';
import { EVENT_FIELDS } from './event.fields.js';
import { decodeEvent } from './event.value.js';

export const EventAttributes = attributesSchema(EVENT_FIELDS, CustomValuesShown('events'));

export const EventResource = resourceSchema('events', EventAttributes, relationshipTargets(EVENT_FIELDS));

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
    // Made from its fields when shown: its guests by Event Temple's name, and its first space.
    const shown = { ...event, expected: event.guestCount, spaceId: event.spaceIds[0] ?? null };
    return {
      type: 'events',
      id: event.id,
      attributes: attributesOf(EVENT_FIELDS, shown, shownValues(event.customFields, customFieldsIn(context))),
      relationships: relationshipsOf(EVENT_FIELDS, shown),
      links: { self: `${baseUrl}/v2/events/${event.id}` },
    };
  },
};
