/** Spaces (the rooms of a venue) as the API shows them (SPEC §7). */
import { Type } from 'typebox';
import { Nullable, resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';

export const SpaceAttributes = Type.Object({
  name: Type.String(),
  capacity: Nullable(Type.Integer(), 'Guests it takes; null when not set'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const SpaceResource = resourceSchema('spaces', SpaceAttributes);

export const spaceDefinition: ResourceDefinition<'spaces'> = {
  type: 'spaces',
  path: '/v2/spaces',
  schema: SpaceResource,
  tag: 'Spaces',
  noun: 'spaces',
  singular: 'space',
  sortable: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {},
  toResource: (row, baseUrl) => ({
    type: 'spaces',
    id: row.id,
    attributes: {
      name: row.name,
      capacity: row.capacity === null ? null : Number(row.capacity),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    links: { self: `${baseUrl}/v2/spaces/${row.id}` },
  }),
};
