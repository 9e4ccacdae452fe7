/**
 * The rules of a booking's line items (SPEC §12), over the facts they need:
 * - a line belongs to a booking of the organization, and to one of that booking's events or none;
 * - made from a catalogue item (active), it copies the item's name, description, category, unit,
 *   price, service-charge flag and tax rates at that moment; what the request gives wins;
 * - a name, a category and a unit price are needed; the unit is `each` by default;
 * - the quantity is a decimal > 0 with at most three decimals; a per-person line without one takes
 *   its event's guaranteed count, else its guest count; other lines without one take 1;
 * - the tax rates are the organization's, copied as they are now; the service charge is the
 *   organization's when the line is made;
 * - its figures are the arithmetic's (line-arithmetic.ts), and a line's total stays within
 *   LINE_TOTAL_LIMIT so that a booking's sums stay exact;
 * - the booking's grand total it leaves is not below zero (grand-total-rule.ts).
 */
import { LINE_TOTAL_LIMIT, LINES_PER_BOOKING } from '../money.js';
import { type Checked, Problems } from '../validation.js';
import type { ItemUnit } from './categories.js';
import type { Item } from './item.table.js';
import { NEGATIVE_TOTAL, negativeTotalProblem } from './grand-total-rule.js';
import { lineFigures } from './line-arithmetic.js';
import { decimalText, readDecimal } from '../decimal.js';
import type { LineItem } from './line-item.table.js';
import type { TaxRate } from './tax-rate.table.js';
import { describedLine, type LineItemInput, lineTaxes } from './line-item-copy.js';
import { flag } from '../data/row-mappers.js';

export type { LineItemInput } from './line-item-copy.js';

const QUANTITY_LIMIT = 1_000_000n;

export interface LineFacts {
  /** The booking, when it is the organization's, with its grand total before the write. */
  booking: { id: string; line_count: number; grand_total: number; currency: string } | undefined;
  /** The event named (or the line's), when it is the organization's. */
  event:
    | { id: string; booking_id: string; guest_count: number | null; guaranteed_count: number | null }
    | undefined;
  item: Item | undefined;
  /** The organization's rates among those named (or the item's). */
  taxRates: ReadonlyMap<string, TaxRate>;
  serviceCharge: { percentage: string; taxable: boolean };
  /** Where a new line goes: after the booking's last. */
  nextPosition: number;
}

export type LineFields = Omit<LineItem, 'id' | 'organization_id' | 'created_at' | 'updated_at'>;

/** The guests a per-person line counts: the event's guaranteed count, else its guest count. */
export function guestsOf(event: LineFacts['event']): number | null {
  if (!event) return null;
  const count = event.guaranteed_count ?? event.guest_count;
  return count === null || Number(count) <= 0 ? null : Number(count);
}

function checkParents(
  input: LineItemInput,
  current: LineItem | undefined,
  facts: LineFacts,
  problems: Problems,
) {
  if (!current) {
    if (input.bookingId === undefined)
      problems.relationship('booking', 'A line item needs its booking.', 'required');
    else if (!facts.booking)
      problems.relationship(
        'booking',
        `No booking with the id "${input.bookingId}" exists in this organization.`,
        'not_found',
      );
    else if (facts.booking.line_count >= LINES_PER_BOOKING)
      problems.relationship(
        'booking',
        `A booking holds at most ${LINES_PER_BOOKING} line items.`,
        'too_many_lines',
      );
  }
  const bookingId = current?.booking_id ?? facts.booking?.id;
  if (input.eventId && (!facts.event || (bookingId !== undefined && facts.event.booking_id !== bookingId))) {
    problems.relationship(
      'event',
      `The event "${input.eventId}" is not one of this booking's events.`,
      'not_found',
    );
  }
  if (input.itemId !== undefined) {
    if (!facts.item)
      problems.relationship(
        'item',
        `No item with the id "${input.itemId}" exists in this organization.`,
        'not_found',
      );
    else if (!Number(facts.item.active))
      problems.relationship(
        'item',
        `"${facts.item.name}" is no longer offered: it is not active.`,
        'inactive',
      );
  }
}

/** The line's quantity, and whether it follows its event's guests. */
function checkQuantity(
  input: LineItemInput,
  current: LineItem | undefined,
  facts: LineFacts,
  unit: ItemUnit,
  problems: Problems,
): { quantity: string; fromGuests: boolean } {
  const given =
    input.quantity !== undefined
      ? input.quantity
      : current && !Number(current.quantity_from_guests)
        ? current.quantity
        : null;
  if (given !== null) {
    const value = readDecimal(given.trim(), 3);
    if (!value || value.units === 0n || value.units > QUANTITY_LIMIT * value.scale) {
      problems.attribute(
        'quantity',
        `"${given}" is not a quantity: a number above 0, at most 1000000, with at most three decimals.`,
      );
      return { quantity: '1', fromGuests: false };
    }
    return { quantity: decimalText(value), fromGuests: false };
  }
  if (unit !== 'per_person') return { quantity: current?.quantity ?? '1', fromGuests: false };
  const guests = guestsOf(facts.event);
  if (guests === null) {
    if (
      current &&
      Number(current.quantity_from_guests) &&
      input.quantity === undefined &&
      input.eventId === undefined
    )
      return { quantity: current.quantity, fromGuests: true };
    problems.attribute(
      'quantity',
      'A per-person line needs a quantity, or an event with a guest count to take it from.',
      'blank',
    );
    return { quantity: '1', fromGuests: false };
  }
  return { quantity: String(guests), fromGuests: true };
}

export function checkLineItem(
  input: LineItemInput,
  current: LineItem | undefined,
  facts: LineFacts,
): Checked<LineFields> {
  const problems = new Problems();
  checkParents(input, current, facts, problems);
  const item = input.itemId !== undefined ? facts.item : undefined;
  const { name, description, category, unit, unitPrice, serviceCharge } = describedLine(
    input,
    item,
    current,
    problems,
  );
  const { quantity, fromGuests } = checkQuantity(input, current, facts, unit, problems);
  const taxes = lineTaxes(input, item, current, facts.taxRates, problems);
  const percentage = current?.service_charge_percentage ?? facts.serviceCharge.percentage;
  const taxable = current ? flag(current.service_charge_taxable) : facts.serviceCharge.taxable;
  const figures = lineFigures(
    { quantity, unitPrice: unitPrice ?? 0, serviceCharge, taxes },
    { percentage, taxable },
    LINE_TOTAL_LIMIT,
  );
  const pricedBy = input.quantity !== undefined && input.unit_price === undefined ? 'quantity' : 'unit_price';
  if (!figures) {
    problems.attribute(
      input.quantity !== undefined || input.unit_price === undefined ? 'quantity' : 'unit_price',
      'This line comes to more than a line may: lower its quantity or its price.',
      'too_large',
    );
  } else if (facts.booking) {
    const after = Number(facts.booking.grand_total) - Number(current?.total ?? 0) + figures.total;
    const negative = negativeTotalProblem(after, facts.booking.currency);
    if (negative) problems.attribute(pricedBy, negative, NEGATIVE_TOTAL);
  }
  return {
    problems: problems.list,
    value: {
      booking_id: current?.booking_id ?? facts.booking?.id ?? '',
      event_id: input.eventId !== undefined ? input.eventId : (current?.event_id ?? null),
      item_id: input.itemId ?? current?.item_id ?? null,
      name,
      description,
      category: category ?? 'other',
      unit,
      quantity,
      quantity_from_guests: fromGuests ? 1 : 0,
      unit_price: unitPrice ?? 0,
      service_charge: serviceCharge ? 1 : 0,
      service_charge_percentage: percentage,
      service_charge_taxable: taxable ? 1 : 0,
      taxes: JSON.stringify(taxes.map((tax, i) => ({ ...tax, amount: figures?.taxes[i]?.amount ?? 0 }))),
      position: input.position ?? (current ? Number(current.position) : facts.nextPosition),
      amount: figures?.amount ?? 0,
      service_charge_amount: figures?.service_charge_amount ?? 0,
      tax_amount: figures?.tax_amount ?? 0,
      total: figures?.total ?? 0,
    },
  };
}
