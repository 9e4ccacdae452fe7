/**
 * A booking's sums (SPEC §12): the sums of its lines' rounded figures, and its amounts by
 * category, kept on the booking and brought up to date by its aggregate
 * (src/crm/bookings/booking-keeping.ts) in the unit of work of every write of its lines (told as
 * `booking.updated` when they changed). Lines that take their event's guests follow a change of
 * that event's counts here too. Sums that would leave the grand total below
 * zero are refused here, whatever priced them (grand-total-rule.ts), on the field that asked.
 */
import { findRow } from '../data/record-lookup.js';
import type { Db, Trx } from '../../db/database.js';
import { type ErrorSource, ValidationError } from '../../errors.js';
import { inTurns } from '../../writes/in-turns.js';
import { Refusal } from '../../writes/refusal.js';
import type { Work } from '../../writes/unit-of-work.js';
import { bookingDefinition, type BookingPrices } from '../bookings/beneath.js';
import { recordDeleted, recordUpdated } from '../change-events.js';
import { installmentDefinition, installmentsOf, paymentDefinition } from '../payments/beneath.js';
import { updateRecord } from '../records.js';
import { ITEM_CATEGORIES } from './categories.js';
import { NEGATIVE_TOTAL, negativeTotalProblem } from './grand-total-rule.js';
import { priceTotals } from './line-arithmetic.js';
import { checkLineItem, guestsOf } from './line-item-rules.js';
import { lineItemDefinition } from './line-item.resource.js';
import type { LineItem } from './line-item.table.js';
import { lineFiguresOf } from './line-item.codec.js';

type Sums = Omit<BookingPrices, 'paid_total'>;

/** A booking's lines in their order on documents, as rows (its sums; the documents' facts). */
export function lineRowsOfBooking(db: Db | Trx, bookingId: string): Promise<LineItem[]> {
  return db
    .selectFrom('line_items')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** What a booking's lines add up to. */
export function sumsOf(lines: readonly LineItem[]): { [Field in keyof Sums]: number | string } {
  const totals = priceTotals(
    lines.map((line) => {
      const figures = lineFiguresOf(line);
      return {
        amount: figures.amount,
        service_charge_amount: figures.serviceChargeAmount,
        tax_amount: figures.taxAmount,
        total: figures.total,
        category: line.category,
      };
    }),
  );
  const byCategory = Object.fromEntries(
    ITEM_CATEGORIES.filter((c) => c in totals.category_totals).map((c) => [c, totals.category_totals[c]]),
  );
  return {
    subtotal: totals.subtotal,
    service_charge_total: totals.service_charge_total,
    tax_total: totals.tax_total,
    grand_total: totals.grand_total,
    category_totals: JSON.stringify(byCategory),
    line_count: lines.length,
  };
}

/** Where a refusal of the sums points: the field a write gave that priced them. */
export interface PricedBy {
  field: string;
  source: ErrorSource;
}

/** A deletion gives no field: its refusal is about the record as a whole. */
export const WHOLE_RECORD: PricedBy = { field: 'grand_total', source: { pointer: '/data' } };

/**
 * Brings the booking's sums up to date with its lines; refused (422 on `pricedBy`) below zero.
 * Says whether its grand total changed (its schedule follows it), or returns the refusal.
 */
export async function refreshBookingTotals(
  work: Work,
  bookingId: string,
  pricedBy: PricedBy = WHOLE_RECORD,
): Promise<boolean | Refusal> {
  const { trx, actor, now } = work;
  const booking = await findRow(trx, bookingDefinition, actor.organizationId, bookingId);
  if (!booking) return false;
  const sums = sumsOf(await lineRowsOfBooking(trx, bookingId));
  const negative = negativeTotalProblem(Number(sums.grand_total), booking.currency);
  if (negative)
    return Refusal.from(new ValidationError({ ...pricedBy, detail: negative, code: NEGATIVE_TOTAL }));
  const changes = Object.fromEntries(
    Object.entries(sums).filter(([field, value]) => String(booking[field as keyof Sums]) !== String(value)),
  );
  if (Object.keys(changes).length === 0) return false;
  const updated = await updateRecord(trx, 'bookings', booking, changes, now);
  await recordUpdated(trx, bookingDefinition, booking, updated, now);
  return changes.grand_total !== undefined;
}

/** A change of an event's guests that priced its booking's sums: a refusal of them names that field. */
export function pricedByGuests(event: { guaranteed_count: number | null }): PricedBy {
  const field = event.guaranteed_count !== null ? 'guaranteed_count' : 'guest_count';
  return { field, source: { pointer: `/data/attributes/${field}` } };
}

/**
 * The lines of an event that take its guests, priced again for its new counts; says whether any
 * changed (the booking's sums follow them), or returns the refusal of a line grown too large.
 */
export async function linesFollowGuests(
  work: Work,
  event: { id: string; booking_id: string; guest_count: number | null; guaranteed_count: number | null },
): Promise<boolean | Refusal> {
  const { trx, now } = work;
  const lines = await trx
    .selectFrom('line_items')
    .selectAll()
    .where('event_id', '=', event.id)
    .where('quantity_from_guests', '=', 1)
    .execute();
  const guests = guestsOf(event);
  let changed = false;
  let refused = undefined as Refusal | undefined;
  await inTurns(lines, async (line) => {
    if (refused || guests === null || line.quantity === String(guests)) return;
    const { value, problems } = checkLineItem({}, line, {
      booking: undefined,
      event,
      item: undefined,
      taxRates: new Map(),
      serviceCharge: { percentage: line.service_charge_percentage, taxable: false },
      nextPosition: 0,
    });
    if (problems.length > 0) {
      const field = event.guaranteed_count !== null ? 'guaranteed_count' : 'guest_count';
      refused = Refusal.from(
        new ValidationError([
          {
            field,
            detail: `With ${guests} guests the line "${line.name}" comes to more than a line may: lower its price, or give it a quantity of its own.`,
            code: 'too_large',
            source: { pointer: `/data/attributes/${field}` },
          },
        ]),
      );
      return;
    }
    const updated = await updateRecord(trx, 'line_items', line, value, now);
    await recordUpdated(trx, lineItemDefinition, line, updated, now);
    changed = true;
  });
  return refused ?? changed;
}

/** Tells of an event's lines going with it (the database takes them). */
export async function eventLinesGo(trx: Trx, eventId: string, now: number): Promise<void> {
  const lines = await trx.selectFrom('line_items').selectAll().where('event_id', '=', eventId).execute();
  await inTurns(lines, (line) => recordDeleted(trx, lineItemDefinition, line, now));
  await trx.deleteFrom('line_items').where('event_id', '=', eventId).execute();
}

/** Tells of a booking's lines, installments and payments going with it (the database takes them). */
export async function bookingPricesGo(trx: Trx, bookingId: string, now: number): Promise<void> {
  await inTurns(await lineRowsOfBooking(trx, bookingId), (line) =>
    recordDeleted(trx, lineItemDefinition, line, now),
  );
  for (const installment of await installmentsOf(trx, bookingId)) {
    await recordDeleted(trx, installmentDefinition, installment, now);
  }
  const payments = await trx.selectFrom('payments').selectAll().where('booking_id', '=', bookingId).execute();
  for (const payment of payments) await recordDeleted(trx, paymentDefinition, payment, now);
}
