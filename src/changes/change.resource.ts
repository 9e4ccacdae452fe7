/** Changes as the API shows them (GET /v2/changes, SPEC §8, §11): newest first, filtered by type and time. */
import { Type } from 'typebox';
import { resourceSchema, StringEnum, Timestamp } from '../api/jsonapi.js';
import type { ResourceDefinition } from '../api/resource-definition.js';
import { CHANGE_TYPES } from './change-types.js';
import { type ChangeData, changeDataOf } from './change.codec.js';
import type { ChangeTable } from './change.table.js';

const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const ChangeAttributes = Type.Object({
  change_type: StringEnum(CHANGE_TYPES, 'What happened, e.g. booking.created'),
  organization_id: Type.String(),
  created_at: Timestamp,
  data: Type.Object({
    object: Open('The resource after the change, or {type, id} after a delete'),
    previous_attributes: Type.Optional(Open("The changed attributes' old values (updates only)")),
  }),
});

export const ChangeResource = resourceSchema('changes', ChangeAttributes);

/** Links inside stored changes are relative to the API's address; shown absolute. */
function withAbsoluteLinks(data: ChangeData, baseUrl: string) {
  const self = data.object.links?.self;
  if (self?.startsWith('/')) data.object.links = { ...data.object.links, self: `${baseUrl}${self}` };
  return data;
}

/** The change as webhook deliveries carry it (Standard Webhooks payload): `{id, type, created_at, organization_id, data}`. */
export function changePayload(row: ChangeTable, baseUrl: string) {
  return {
    id: row.id,
    type: row.type,
    created_at: row.created_at,
    organization_id: row.organization_id,
    data: withAbsoluteLinks(changeDataOf(row), baseUrl),
  };
}

export const changeDefinition: ResourceDefinition<'changes'> = {
  type: 'changes',
  path: '/v2/changes',
  schema: ChangeResource,
  tag: 'Changes',
  noun: 'changes',
  singular: 'change',
  sortable: ['created_at'],
  defaultSort: '-created_at',
  filters: {
    type: { column: 'type', kind: 'enum', values: CHANGE_TYPES, operators: ['eq', 'in'] },
    created_at: { column: 'created_at', kind: 'timestamp', operators: ['gt', 'gteq', 'lt', 'lteq'] },
  },
  includes: {},
  toResource: (row, baseUrl) => ({
    type: 'changes',
    id: row.id,
    attributes: {
      change_type: row.type,
      organization_id: row.organization_id,
      created_at: row.created_at,
      data: withAbsoluteLinks(changeDataOf(row), baseUrl),
    },
    links: { self: `${baseUrl}/v2/changes/${row.id}` },
  }),
};
