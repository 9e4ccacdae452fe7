/**
 * The catalogue as the API shows it (SPEC §12): `GET /v2/items[/{id}]`, filtered by `active` and
 * `category`, with the tax rates each item carries (`include=tax_rates`).
 */
import { Type } from 'typebox';
import { Nullable, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { ITEM_CATEGORIES, ITEM_UNITS } from './categories.js';
import { itemCodec, taxRateIdsOf } from './line-item.codec.js';

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
  taxRateIdsOf(row).map((id) => ({ type: 'tax_rates', id }));

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
  toResource: (row, baseUrl) => {
    const item = itemCodec.decode(row);
    return {
      type: 'items',
      id: item.id,
      attributes: {
        name: item.name,
        description: item.description,
        category: item.category,
        unit: item.unit,
        unit_price: item.unitPrice,
        service_charge: item.serviceCharge,
        active: item.active,
        created_at: item.createdAt,
        updated_at: item.updatedAt,
      },
      relationships: { tax_rates: { data: item.taxRateIds.map((id) => ({ type: 'tax_rates', id })) } },
      links: { self: `${baseUrl}/v2/items/${item.id}` },
    };
  },
};
