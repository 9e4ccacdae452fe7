/** Spaces (the rooms of a venue) as the API shows them (SPEC §7). */
import { Type } from 'typebox';
import { Nullable, resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { flag } from '../data/row-mappers.js';

export const SpaceAttributes = Type.Object({
  name: Type.String(),
  capacity: Nullable(Type.Integer(), 'Guests it takes; null when not set'),
  shareable: Type.Boolean({ description: 'Definite events may hold it at the same time (a lawn)' }),
  capacities: Type.Record(Type.String(), Type.Integer(), {
    description: 'Guests it takes by setup style, where set (else capacity)',
  }),
  area: Nullable(Type.Integer(), 'Its floor area in whole square metres; null when not set'),
  archived_at: Nullable(Timestamp, 'When it was archived: it takes no new events then'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const SpaceResource = resourceSchema('spaces', SpaceAttributes, { parts: ['spaces'] });

const partsOf = (row: { part_ids: string }) =>
  (JSON.parse(row.part_ids) as string[]).map((id) => ({ type: 'spaces', id }));

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
    archived_at: { column: 'archived_at', kind: 'timestamp' },
  },
  includes: { parts: partsOf },
  toResource: (row, baseUrl) => ({
    type: 'spaces',
    id: row.id,
    attributes: {
      name: row.name,
      capacity: row.capacity === null ? null : Number(row.capacity),
      shareable: flag(row.shareable),
      capacities: JSON.parse(row.capacities) as Record<string, number>,
      area: row.area === null ? null : Number(row.area),
      archived_at: row.archived_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { parts: { data: partsOf(row) } },
    links: { self: `${baseUrl}/v2/spaces/${row.id}` },
  }),
};
