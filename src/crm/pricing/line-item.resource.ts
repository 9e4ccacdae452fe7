/**
 * A booking's line items as the API shows them (SPEC §12): `GET /v2/line_items[/{id}]`, filtered
 * by `booking_id` and `event_id`, in their order on documents by default, with their figures.
 */
import { Type } from 'typebox';
import { Nullable, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { ITEM_CATEGORIES, ITEM_UNITS } from './categories.js';
import { copiedTaxes, lineItemCodec } from './line-item.codec.js';

const Minor = (description: string) => Type.Integer({ description: `${description}, in minor units` });

export const LineItemAttributes = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  category: StringEnum(ITEM_CATEGORIES),
  unit: StringEnum(ITEM_UNITS),
  quantity: Type.String({ description: 'A decimal string, e.g. "120" or "2.5"' }),
  quantity_from_guests: Type.Boolean({
    description: 'Whether the quantity is its event’s guaranteed count, else its guest count (read-only)',
  }),
  unit_price: Type.Integer({ description: 'Minor units of the booking’s currency; negative for a discount' }),
  service_charge: Type.Boolean({ description: 'Whether the service charge applies' }),
  service_charge_percentage: Type.String({
    description: 'The organization’s service charge when the line was made (read-only)',
  }),
  position: Type.Integer({ description: 'Its order on documents' }),
  taxes: Type.Array(
    Type.Object({
      tax_rate_id: Type.String(),
      name: Type.String(),
      percentage: Type.String(),
      inclusive: Type.Boolean(),
      amount: Minor('What it comes to on this line'),
    }),
    { description: 'Each tax as the line copied it when priced, with its amount (read-only)' },
  ),
  amount: Minor('quantity × unit_price, rounded half away from zero (read-only)'),
  service_charge_amount: Minor('Its service charge (read-only)'),
  tax_amount: Minor('Its taxes, inclusive ones too (read-only)'),
  total: Minor('amount + service charge + exclusive taxes (read-only)'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const LineItemResource = resourceSchema('line_items', LineItemAttributes, {
  booking: 'bookings',
  event: 'events',
  item: 'items',
  tax_rates: ['tax_rates'],
});

export { copiedTaxes };
const taxRatesOf = (row: { taxes: string }) =>
  copiedTaxes(row).map((tax) => ({ type: 'tax_rates', id: tax.id }));

export const lineItemDefinition: ResourceDefinition<'line_items'> = {
  type: 'line_items',
  path: '/v2/line_items',
  schema: LineItemResource,
  tag: 'Pricing',
  noun: 'line items',
  singular: 'line_item',
  sortable: ['position', 'created_at', 'updated_at'],
  defaultSort: 'position',
  filters: {
    booking_id: { column: 'booking_id', kind: 'id' },
    event_id: { column: 'event_id', kind: 'id' },
    category: { column: 'category', kind: 'enum', values: ITEM_CATEGORIES },
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {
    booking: (row) => relation('bookings', row.booking_id),
    event: (row) => relation('events', row.event_id),
    item: (row) => relation('items', row.item_id),
    tax_rates: taxRatesOf,
  },
  toResource: (row, baseUrl) => {
    const line = lineItemCodec.decode(row);
    return {
      type: 'line_items',
      id: line.id,
      attributes: {
        name: line.name,
        description: line.description,
        category: line.category,
        unit: line.unit,
        quantity: line.quantity,
        quantity_from_guests: line.quantityFromGuests,
        unit_price: line.unitPrice,
        service_charge: line.serviceCharge,
        service_charge_percentage: line.serviceChargePercentage,
        position: line.position,
        taxes: line.taxes.map((tax) => ({
          tax_rate_id: tax.id,
          name: tax.name,
          percentage: tax.percentage,
          inclusive: tax.inclusive,
          amount: tax.amount,
        })),
        amount: line.amount,
        service_charge_amount: line.serviceChargeAmount,
        tax_amount: line.taxAmount,
        total: line.total,
        created_at: line.createdAt,
        updated_at: line.updatedAt,
      },
      relationships: {
        booking: { data: relation('bookings', line.bookingId) },
        event: { data: relation('events', line.eventId) },
        item: { data: relation('items', line.itemId) },
        tax_rates: { data: line.taxes.map((tax) => ({ type: 'tax_rates', id: tax.id })) },
      },
      links: { self: `${baseUrl}/v2/line_items/${line.id}` },
    };
  },
};
