/** Referral sources as the API shows them (SPEC §15): where the organization's bookings come from. */
import { Type } from 'typebox';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';

export const ReferralSourceAttributes = Type.Object({
  name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ReferralSourceResource = resourceSchema('referral_sources', ReferralSourceAttributes);

export const referralSourceDefinition: ResourceDefinition<'referral_sources'> = {
  type: 'referral_sources',
  path: '/v2/referral_sources',
  schema: ReferralSourceResource,
  tag: 'Pipelines',
  noun: 'referral sources',
  singular: 'referral_source',
  sortable: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {},
  toResource: (row, baseUrl) => ({
    type: 'referral_sources',
    id: row.id,
    attributes: { name: row.name, created_at: row.created_at, updated_at: row.updated_at },
    links: { self: `${baseUrl}/v2/referral_sources/${row.id}` },
  }),
};
