/**
 * `marquee export --type line_items|payments` (SPEC §12): a venue's prices and payments as CSV,
 * oldest first, read in pages by keyset on (organization_id, created_at, id) as the other exports
 * are; each row with its booking's reference and currency beside the ids, a line with its event's
 * name and its taxes as they print ("NY sales tax 8.875%"), a payment with its installment's label.
 * Amounts are minor units, as in the API, each with its amount formatted beside it
 * (formatted-amounts.ts).
 */
import type { Db } from '../db/database.js';
import { paymentCodec } from '../crm/payments/index.js';
import { lineItemCodec } from '../crm/pricing/index.js';
import { type Cells, LIST_SEPARATOR } from './columns.js';
import { besideAmounts } from '../crm/formatted-amounts.js';
import { linesInOrder, paymentsInOrder } from '../crm/prices-in-order.js';

/** A line's columns of minor units of its booking's currency. */
export const LINE_ITEM_AMOUNTS = ['unit_price', 'amount', 'service_charge_amount', 'tax_amount', 'total'];

export const LINE_ITEM_COLUMNS = besideAmounts(
  [
    'id',
    'booking_id',
    'booking_reference',
    'event_id',
    'event_name',
    'item_id',
    'position',
    'name',
    'description',
    'category',
    'unit',
    'quantity',
    'quantity_from_guests',
    'unit_price',
    'service_charge',
    'service_charge_percentage',
    'taxes',
    'amount',
    'service_charge_amount',
    'tax_amount',
    'total',
    'currency',
    'created_at',
    'updated_at',
  ],
  LINE_ITEM_AMOUNTS,
);

export const PAYMENT_AMOUNTS = ['amount'];

export const PAYMENT_COLUMNS = besideAmounts(
  [
    'id',
    'booking_id',
    'booking_reference',
    'installment_id',
    'installment_label',
    'kind',
    'amount',
    'currency',
    'method',
    'received_at',
    'reference',
    'note',
    'created_at',
    'updated_at',
  ],
  PAYMENT_AMOUNTS,
);

export async function* lineItemsToExport(db: Db, organizationId: string): AsyncGenerator<Cells> {
  const rows = linesInOrder(db, organizationId);
  for await (const line of rows) {
    const value = lineItemCodec.decode(line);
    yield {
      ...line,
      position: value.position,
      quantity_from_guests: value.quantityFromGuests ? 'true' : 'false',
      unit_price: value.unitPrice,
      service_charge: value.serviceCharge ? 'true' : 'false',
      taxes: value.taxes
        .map((tax) => `${tax.name} ${tax.percentage}%${tax.inclusive ? ' incl.' : ''}`)
        .join(LIST_SEPARATOR),
      amount: value.amount,
      service_charge_amount: value.serviceChargeAmount,
      tax_amount: value.taxAmount,
      total: value.total,
    };
  }
}

export async function* paymentsToExport(db: Db, organizationId: string): AsyncGenerator<Cells> {
  const rows = paymentsInOrder(db, organizationId);
  for await (const payment of rows) yield { ...payment, amount: paymentCodec.decode(payment).amount };
}
