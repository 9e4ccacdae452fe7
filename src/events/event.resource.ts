/** Events as the API shows them (GET /v2/events, SPEC §8): newest first, filtered by type and time. */
import { Type } from 'typebox';
import { resourceSchema, StringEnum, Timestamp } from '../api/jsonapi.js';
import type { ResourceDefinition } from '../api/resource-definition.js';
import { EVENT_TYPES } from './event-types.js';
import type { EventTable } from './event.table.js';

const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const EventAttributes = Type.Object({
  event_type: StringEnum(EVENT_TYPES, 'What happened, e.g. booking.created'),
  organization_id: Type.String(),
  created_at: Timestamp,
  data: Type.Object({
    object: Open('The resource after the change, or {type, id} after a delete'),
    previous_attributes: Type.Optional(Open("The changed attributes' old values (updates only)")),
  }),
});

export const EventResource = resourceSchema('events', EventAttributes);

/** Links inside stored events are relative to the API's address; shown absolute. */
function withAbsoluteLinks(data: { object: { links?: { self?: string } } }, baseUrl: string) {
  const self = data.object.links?.self;
  if (self?.startsWith('/')) data.object.links = { ...data.object.links, self: `${baseUrl}${self}` };
  return data;
}

/** The event as webhook deliveries carry it (Standard Webhooks payload): `{id, type, created_at, organization_id, data}`. */
export function eventPayload(row: EventTable, baseUrl: string) {
  return {
    id: row.id,
    type: row.type,
    created_at: row.created_at,
    organization_id: row.organization_id,
    data: withAbsoluteLinks(JSON.parse(row.data), baseUrl),
  };
}

export const eventDefinition: ResourceDefinition<'events'> = {
  type: 'events',
  path: '/v2/events',
  schema: EventResource,
  tag: 'Events',
  noun: 'events',
  singular: 'event',
  sortable: ['created_at'],
  defaultSort: '-created_at',
  filters: {
    type: { column: 'type', kind: 'enum', values: EVENT_TYPES, operators: ['eq', 'in'] },
    created_at: { column: 'created_at', kind: 'timestamp', operators: ['gt', 'gteq', 'lt', 'lteq'] },
  },
  includes: {},
  toResource: (row, baseUrl) => ({
    type: 'events',
    id: row.id,
    attributes: {
      event_type: row.type,
      organization_id: row.organization_id,
      created_at: row.created_at,
      data: withAbsoluteLinks(JSON.parse(row.data), baseUrl),
    },
    links: { self: `${baseUrl}/v2/events/${row.id}` },
  }),
};
