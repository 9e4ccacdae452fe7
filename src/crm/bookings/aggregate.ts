/**
 * How the kinds inside a booking (its events, lines, installments, payments, documents) and the
 * clocks over it change what the booking derives from them: they mark it touched, with what
 * changed, and its aggregate (booking-keeping.ts) keeps it once, at the end of the unit of work.
 * No one else brings a booking's times, totals, schedule or status carry up to date.
 */
import type { Refusal } from '../../writes/refusal.js';
import type { Work } from '../../writes/unit-of-work.js';
import { bookingKeeper } from './booking-keeping.js';
import type { BookingMarks } from './booking-marks.js';

export type { BookingMarks } from './booking-marks.js';

/** Marks the booking touched, with what changed: it is kept before the unit of work commits. */
export function touchBooking(work: Work, bookingId: string, marks: BookingMarks): void {
  work.touch(bookingKeeper, bookingId, marks);
}

/**
 * Marks the booking touched and keeps it now, for a command that goes on to read what keeping
 * makes: the refusal of keeping, if it is refused (the command returns it).
 */
export function keepBookingNow(
  work: Work,
  bookingId: string,
  marks: BookingMarks,
): Promise<Refusal | undefined> {
  touchBooking(work, bookingId, marks);
  return work.keep();
}
