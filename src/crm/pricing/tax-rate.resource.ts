/** Tax rates as the API shows them (SPEC §12): `GET /v2/tax_rates[/{id}]`, filtered by `active`. */
import { Type } from 'typebox';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { flag } from '../data/row-mappers.js';

export const TaxRateAttributes = Type.Object({
  name: Type.String({ description: 'e.g. NY sales tax, VAT' }),
  percentage: Type.String({ description: 'A decimal string, written plainly, e.g. "8.875"' }),
  inclusive: Type.Boolean({ description: 'Whether prices already contain it (as EU VAT)' }),
  active: Type.Boolean({ description: 'Whether it is offered for new lines' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const TaxRateResource = resourceSchema('tax_rates', TaxRateAttributes);

export const taxRateDefinition: ResourceDefinition<'tax_rates'> = {
  type: 'tax_rates',
  path: '/v2/tax_rates',
  schema: TaxRateResource,
  tag: 'Pricing',
  noun: 'tax rates',
  singular: 'tax_rate',
  sortable: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    active: { column: 'active', kind: 'boolean', operators: ['eq'] },
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {},
  toResource: (row, baseUrl) => ({
    type: 'tax_rates',
    id: row.id,
    attributes: {
      name: row.name,
      percentage: row.percentage,
      inclusive: flag(row.inclusive),
      active: flag(row.active),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    links: { self: `${baseUrl}/v2/tax_rates/${row.id}` },
  }),
};
