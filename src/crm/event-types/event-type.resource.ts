/** Event types as the API shows them (SPEC §15): GET /v2/event_types, a list of values. */
import { Type } from 'typebox';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';

export const EventTypeAttributes = Type.Object({
  value: Type.String({ description: 'e.g. Wedding, Conference' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const EventTypeResource = resourceSchema('event_types', EventTypeAttributes, {});

export const eventTypeDefinition: ResourceDefinition<'event_types'> = {
  type: 'event_types',
  path: '/v2/event_types',
  schema: EventTypeResource,
  tag: 'Event types',
  noun: 'event types',
  singular: 'event_type',
  sortable: ['value', 'created_at', 'updated_at'],
  defaultSort: 'value',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {},
  toResource: (row, baseUrl) => ({
    type: 'event_types',
    id: row.id,
    attributes: { value: row.value, created_at: row.created_at, updated_at: row.updated_at },
    links: { self: `${baseUrl}/v2/event_types/${row.id}` },
  }),
};
