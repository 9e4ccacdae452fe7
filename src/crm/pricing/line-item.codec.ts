/**
 * A booking's lines and the catalogue's items as the domain knows them, and their codec: the rows
 * of `line_items` and `items` read into values, the one place their figures, flags and JSON are
 * decoded (a driver may hand a number over as text), and the values written back as their rows for
 * the rules that judge a change against the row they read. The resources, the pages and the
 * assistant read the values; the row types never leave this folder.
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
  /** The value as its row, for the rules that judge a change against the row they read. */
  encode(line: LineItemValue): LineItem {
    return {
      id: line.id,
      organization_id: line.organizationId,
      booking_id: line.bookingId,
      event_id: line.eventId,
      item_id: line.itemId,
      name: line.name,
      description: line.description,
      category: line.category,
      unit: line.unit,
      quantity: line.quantity,
      quantity_from_guests: line.quantityFromGuests ? 1 : 0,
      unit_price: line.unitPrice,
      service_charge: line.serviceCharge ? 1 : 0,
      service_charge_percentage: line.serviceChargePercentage,
      service_charge_taxable: line.serviceChargeTaxable ? 1 : 0,
      taxes: JSON.stringify(line.taxes),
      position: line.position,
      amount: line.amount,
      service_charge_amount: line.serviceChargeAmount,
      tax_amount: line.taxAmount,
      total: line.total,
      created_at: line.createdAt,
      updated_at: line.updatedAt,
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
  /** The value as its row, for the rules that judge a change against the row they read. */
  encode(item: ItemValue): Item {
    return {
      id: item.id,
      organization_id: item.organizationId,
      name: item.name,
      description: item.description,
      category: item.category,
      unit: item.unit,
      unit_price: item.unitPrice,
      service_charge: item.serviceCharge ? 1 : 0,
      active: item.active ? 1 : 0,
      tax_rate_ids: JSON.stringify(item.taxRateIds),
      created_at: item.createdAt,
      updated_at: item.updatedAt,
    };
  },
};
