/**
 * The catalogue as the API shows it (SPEC §12): `GET /v2/items[/{id}]`, filtered by `active` and
 * `category`, with the tax rates each item carries (`include=tax_rates`).
 */
import { Type } from 'typebox';
import { Nullable, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { ITEM_CATEGORIES, ITEM_UNITS } from './categories.js';
import { flag } from '../data/row-mappers.js';

export const ItemAttributes = Type.Object({
  name: Type.String({ description: 'e.g. Gold dinner menu' }),
  description: Nullable(Type.String(), 'What it holds, as documents print it'),
  category: StringEnum(ITEM_CATEGORIES),
  unit: StringEnum(ITEM_UNITS, 'each, per_person, per_hour or flat'),
  unit_price: Type.Integer({ description: 'Minor units of the booking’s currency; negative for a discount' }),
  service_charge: Type.Boolean({ description: 'Whether the organization’s service charge applies' }),
  active: Type.Boolean({ description: 'Whether it is offered for new lines' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ItemResource = resourceSchema('items', ItemAttributes, { tax_rates: ['tax_rates'] });

/** The tax rates an item carries, as relationship data. */
export const taxRatesOf = (row: { tax_rate_ids: string }) =>
  (JSON.parse(row.tax_rate_ids) as string[]).map((id) => ({ type: 'tax_rates', id }));

export const itemDefinition: ResourceDefinition<'items'> = {
  type: 'items',
  path: '/v2/items',
  schema: ItemResource,
  tag: 'Pricing',
  noun: 'items',
  singular: 'item',
  sortable: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    active: { column: 'active', kind: 'boolean', operators: ['eq'] },
    category: { column: 'category', kind: 'enum', values: ITEM_CATEGORIES },
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: { tax_rates: taxRatesOf },
  toResource: (row, baseUrl) => ({
    type: 'items',
    id: row.id,
    attributes: {
      name: row.name,
      description: row.description,
      category: row.category,
      unit: row.unit,
      unit_price: Number(row.unit_price),
      service_charge: flag(row.service_charge),
      active: flag(row.active),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { tax_rates: { data: taxRatesOf(row) } },
    links: { self: `${baseUrl}/v2/items/${row.id}` },
  }),
};
