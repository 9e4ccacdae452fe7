/** Spaces (the rooms of a venue) as the API shows them (SPEC §7), rendered from their fields. */
import {
  attributesOf,
  attributesSchema,
  relationshipsOf,
  relationshipTargets,
} from '../../api/field-schemas.js';
import { type Resource, resourceSchema } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { SPACE_FIELDS } from './space.fields.js';
import { type Space, spaceCodec } from './space.value.js';

export const SpaceResource = resourceSchema(
  'spaces',
  attributesSchema(SPACE_FIELDS),
  relationshipTargets(SPACE_FIELDS),
);

/** A space as the API shows it. */
export function spaceResource(space: Space, baseUrl: string): Resource {
  return {
    type: 'spaces',
    id: space.id,
    attributes: attributesOf(SPACE_FIELDS, space),
    relationships: relationshipsOf(SPACE_FIELDS, space),
    links: { self: `${baseUrl}/v2/spaces/${space.id}` },
  };
}

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
  includes: {
    parts: (row) => spaceCodec.decode(row).partIds.map((id) => ({ type: 'spaces', id })),
  },
  toResource: (row, baseUrl) => spaceResource(spaceCodec.decode(row), baseUrl),
};
