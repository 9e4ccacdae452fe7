/**
 * How the tools' text summaries write days, times and amounts (SPEC §13, §16): as the workspace
 * writes them, in the organization's locale and time zone — "Sat, Apr 10, 2027, 6:00 PM–11:30 PM"
 * and "$2,500.00" for an en-US venue, "Sat 10 Apr 2027, 18:00–23:30" and "£2,500.00" for an en-GB
 * one, "2.500,00 €" for a German one. The workspace's own helpers write them, in the locale the
 * tool runs in (answer, tool-kit.ts), so the assistant and the pages never disagree; the
 * structuredContent beside keeps UTC instants (ISO 8601) and minor units.
 *
 * Only references, statuses, space names, days, times and figures go into a summary, never
 * text written by people outside the venue (untrusted-text.ts).
 */
import { moneyText } from '../crm/money.js';
import { bookingTimes, dayLabel, timeRange } from '../web/workspace/time-zones.js';

export { moneyText };

interface Timed {
  start_at: string;
  end_at: string;
  timezone: string;
}

/**
 * When a booking happens, in the venue's zone: "Sat, Apr 10, 2027, 6:00 PM–11:30 PM"; one made in
 * another zone says so, with its own times beside.
 */
export function whenWords(booking: Timed, zone: string): string {
  return bookingTimes(booking, zone);
}

/** "BK-00001 (definite) Sat, Apr 10, 2027, 6:00 PM–11:30 PM". */
export function bookingWords(booking: Timed & { reference: string; status: string }, zone: string): string {
  return `${booking.reference} (${booking.status}) ${whenWords(booking, zone)}`;
}

/** A stretch of time asked about: "Sat, Apr 10, 2027, 6:00 PM–8:00 PM". */
export function stretchWords(startAt: string, endAt: string, zone: string): string {
  return timeRange(startAt, endAt, zone);
}

/** "due Sat, May 1, 2027" of a calendar date (YYYY-MM-DD); "due on signing" without one. */
export function dueWords(dueOn: string | null): string {
  return dueOn === null ? 'due on signing' : `due ${dayLabel(dueOn)}`;
}

/** Sums by currency, each in the locale: "$3,500.00 and €200.00". */
export function sumsWords(amounts: ReadonlyArray<{ amount: number; currency: string }>): string {
  const sums = new Map<string, number>();
  for (const { amount, currency } of amounts) sums.set(currency, (sums.get(currency) ?? 0) + amount);
  return [...sums].map(([currency, sum]) => moneyText(sum, currency)).join(' and ');
}
