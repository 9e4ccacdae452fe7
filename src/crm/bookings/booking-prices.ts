/**
 * A booking with line items is priced by them (SPEC §12): its `total_amount` is their grand total,
 * and its currency is what they are priced in. A write that gives the total it already shows (a
 * form sent back unchanged) changes nothing; any other total is refused. Its currency cannot change
 * once money is attached to it in that currency: line items, installments, payments or documents
 * (a payment of $100.00 must never become ¥100).
 */
import type { FieldProblem } from '../../errors.js';
import type { BookingInput } from './booking-rules.js';
import type { Booking } from './booking.table.js';

/** The total a booking shows: the typed estimate while it has no lines, then their grand total. */
export const shownTotal = (booking: Pick<Booking, 'line_count' | 'grand_total' | 'total_amount'>): number =>
  Number(booking.line_count) > 0 ? Number(booking.grand_total) : Number(booking.total_amount);

/** The input without a total that only repeats the one shown. */
export function pricedInput(input: BookingInput, current: Booking | undefined): BookingInput {
  if (!current || Number(current.line_count) === 0 || input.total_amount !== shownTotal(current))
    return input;
  return { ...input, total_amount: undefined };
}

/** What else of a booking is counted in its currency, besides its lines (kept on the booking). */
export interface MoneyHeld {
  installments: number;
  payments: number;
  documents: number;
}

/** Whether an update asks for another currency than the booking's. */
export const changesCurrency = (input: BookingInput, current: Booking | undefined): boolean =>
  current !== undefined && input.currency !== undefined && input.currency.toUpperCase() !== current.currency;

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 line items, 1 installment and 1 payment": what holds the booking to its currency. */
function moneyWords(lines: number, held: MoneyHeld | undefined): string {
  const parts = [
    lines > 0 ? counted(lines, 'line item', 'line items') : '',
    held && held.installments > 0 ? counted(held.installments, 'installment', 'installments') : '',
    held && held.payments > 0 ? counted(held.payments, 'payment', 'payments') : '',
    held && held.documents > 0 ? counted(held.documents, 'document', 'documents') : '',
  ].filter(Boolean);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * What an update may not change on a booking priced by its lines, or holding money in its currency
 * (`held` is given when the update asks for another currency).
 */
export function pricedProblems(
  input: BookingInput,
  current: Booking | undefined,
  held?: MoneyHeld,
): FieldProblem[] {
  const lines = Number(current?.line_count ?? 0);
  if (!current) return [];
  const problems: FieldProblem[] = [];
  const holding = moneyWords(lines, held);
  if (changesCurrency(input, current) && holding !== '') {
    problems.push({
      field: 'currency',
      detail: `This booking has ${holding}, in ${current.currency}: its currency cannot change while it has them.`,
      code: 'priced_in_currency',
      source: { pointer: '/data/attributes/currency' },
    });
  }
  if (lines === 0) return problems;
  const counted = `This booking has ${lines} line ${lines === 1 ? 'item' : 'items'}`;
  if (input.total_amount !== undefined && input.total_amount !== shownTotal(current)) {
    problems.push({
      field: 'total_amount',
      detail: `${counted}: its total_amount is their grand total. Change its lines at /v2/line_items.`,
      code: 'derived_attribute',
      source: { pointer: '/data/attributes/total_amount' },
      data: { lines },
    });
  }
  return problems;
}
