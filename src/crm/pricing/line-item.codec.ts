/**
 * A booking's lines and the catalogue's items as the domain knows them, and their codec: the rows
 * of `line_items` and `items` read into values, the one place their figures, flags and JSON are
 * decoded (a driver may hand a number over as text). The resources read the values.
 */
import { flag } from '../data/row-mappers.js';
import type { ItemCategory, ItemUnit } from './categories.js';
import type { Item } from './item.table.js';
import type { CopiedTax, LineItem } from './line-item.table.js';

/** A line of a booking's prices, as every door sees it. */
export interface LineItemValue {
  id: string;
  organizationId: string;
  bookingId: string;
  eventId: string | null;
  itemId: string | null;
  name: string;
  description: string | null;
  category: ItemCategory;
  unit: ItemUnit;
  quantity: string;
  quantityFromGuests: boolean;
  unitPrice: number;
  serviceCharge: boolean;
  serviceChargePercentage: string;
  serviceChargeTaxable: boolean;
  taxes: CopiedTax[];
  position: number;
  amount: number;
  serviceChargeAmount: number;
  taxAmount: number;
  total: number;
  createdAt: string;
  updatedAt: string;
}

/** An item of the catalogue, as every door sees it. */
export interface ItemValue {
  id: string;
  organizationId: string;
  name: string;
  description: string | null;
  category: ItemCategory;
  unit: ItemUnit;
  unitPrice: number;
  serviceCharge: boolean;
  active: boolean;
  taxRateIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** The taxes a line copied (its `taxes` JSON). */
export const copiedTaxes = (row: { taxes: string }) => JSON.parse(row.taxes) as CopiedTax[];

/** Whether a tax rate (or an item) is offered for new lines, from its column. */
export const isActiveOf = (row: { active: number }): boolean => flag(row.active);

/** Whether a tax rate is inside the prices it applies to, from its column. */
export const isInclusiveOf = (row: { inclusive: number }): boolean => flag(row.inclusive);

/** The ids of the tax rates an item carries (its `tax_rate_ids` JSON), in the order given. */
export const taxRateIdsOf = (row: { tax_rate_ids: string }) => JSON.parse(row.tax_rate_ids) as string[];

/** A line's figures as priced (minor units), from their columns. */
export function lineFiguresOf(
  row: Pick<LineItem, 'amount' | 'service_charge_amount' | 'tax_amount' | 'total'>,
): {
  amount: number;
  serviceChargeAmount: number;
  taxAmount: number;
  total: number;
} {
  return {
    amount: Number(row.amount),
    serviceChargeAmount: Number(row.service_charge_amount),
    taxAmount: Number(row.tax_amount),
    total: Number(row.total),
  };
}

export const lineItemCodec = {
  decode(row: LineItem): LineItemValue {
    return {
      id: row.id,
      organizationId: row.organization_id,
      bookingId: row.booking_id,
      eventId: row.event_id,
      itemId: row.item_id,
      name: row.name,
      description: row.description,
      category: row.category,
      unit: row.unit,
      quantity: row.quantity,
      quantityFromGuests: flag(row.quantity_from_guests),
      unitPrice: Number(row.unit_price),
      serviceCharge: flag(row.service_charge),
      serviceChargePercentage: row.service_charge_percentage,
      serviceChargeTaxable: flag(row.service_charge_taxable),
      taxes: copiedTaxes(row),
      position: Number(row.position),
      ...lineFiguresOf(row),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};

export const itemCodec = {
  decode(row: Item): ItemValue {
    return {
      id: row.id,
      organizationId: row.organization_id,
      name: row.name,
      description: row.description,
      category: row.category,
      unit: row.unit,
      unitPrice: Number(row.unit_price),
      serviceCharge: flag(row.service_charge),
      active: flag(row.active),
      taxRateIds: taxRateIdsOf(row),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};
