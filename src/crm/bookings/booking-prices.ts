/**
 * A booking with line items is priced by them (SPEC §12): its `total_amount` is their grand total,
 * and its currency is what they are priced in. A write that gives the total it already shows (a
 * form sent back unchanged) changes nothing; any other total, or another currency, is refused.
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

/** What an update may not change on a booking priced by its lines. */
export function pricedProblems(input: BookingInput, current: Booking | undefined): FieldProblem[] {
  const lines = Number(current?.line_count ?? 0);
  if (!current || lines === 0) return [];
  const problems: FieldProblem[] = [];
  const counted = `This booking has ${lines} line ${lines === 1 ? 'item' : 'items'}`;
  if (input.total_amount !== undefined && input.total_amount !== shownTotal(current)) {
    problems.push({
      field: 'total_amount',
      detail: `${counted}: its total_amount is their grand total. Change its lines at /v2/line_items.`,
      code: 'derived_attribute',
      source: { pointer: '/data/attributes/total_amount' },
    });
  }
  if (input.currency !== undefined && input.currency.toUpperCase() !== current.currency) {
    problems.push({
      field: 'currency',
      detail: `${counted}, priced in ${current.currency}: its currency cannot change while it has them.`,
      code: 'priced_in_currency',
      source: { pointer: '/data/attributes/currency' },
    });
  }
  return problems;
}
