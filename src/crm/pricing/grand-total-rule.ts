/**
 * A booking's grand total never goes below zero (SPEC §12). A negative unit price is a discount on
 * what the booking sells, never money the venue owes its client (what goes back to a client is a
 * refund, /v2/payments), and a schedule or a balance below zero would mean nothing. Every write
 * that prices a booking's lines judges the grand total it would leave by this one rule: a line
 * made or changed (line-item-rules.ts), and whatever prices the lines again or takes some away —
 * a line or an event deleted, per-person lines following their event's guests — where the
 * booking's sums are brought up to date (booking-totals.ts).
 */
import { majorText } from '../money.js';

export const NEGATIVE_TOTAL = 'negative_total';

/** Why a booking may not be left at `grandTotal`, or undefined when it may. */
export function negativeTotalProblem(grandTotal: number, currency: string): string | undefined {
  if (grandTotal >= 0) return undefined;
  return `This would bring the booking's grand total to ${majorText(grandTotal, currency)} ${currency}: discounts cannot take a booking below zero.`;
}
