/** Users appear in the API as the owners of records and the authors of notes. */
import { Type } from '@fastify/type-provider-typebox';
import { resourceSchema } from '../api/jsonapi.js';
import type { ResourceDefinition, Row } from '../api/resource-definition.js';

export const UserAttributes = Type.Object({ email: Type.String(), name: Type.String() });
export const UserResource = resourceSchema('users', UserAttributes);

export const userDefinition: ResourceDefinition = {
  type: 'users',
  sortable: [],
  defaultSort: 'created_at',
  filters: {},
  includes: {},
  toResource: (row: Row) => ({ type: 'users', id: row.id, attributes: { email: row.email, name: row.name } }),
};
