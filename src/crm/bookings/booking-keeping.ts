/**
 * The booking aggregate: a booking's derived state, kept once for each booking a unit of work
 * touched, before it commits and in its transaction (src/writes/keeping.ts), in one order:
 * 1. its start, end, spaces and guests from its events (booking-derivation.ts);
 * 2. the per-person lines of the events whose guests changed, priced again (booking-totals.ts);
 * 3. its sums from its lines, refused below zero (422, as the write that priced them);
 * 4. its schedule and paid total (schedule-keeping.ts), when marked, or when its first event's
 *    day or its grand total moved;
 * 5. its events carry its status, and each status move is told (`booking.status_changed`).
 * Each step tells what it changed, as before: a command that touches a booking once is told as
 * it always was; one that touches it several times keeps it, and tells it, once.
 */
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Keeper, Work } from '../../writes/unit-of-work.js';
import { recordChange } from '../change-events.js';
import { carryStatus, eventsNamed, refreshBooking } from '../events/booking-derivation.js';
import { refreshSchedule } from '../payments/schedule-keeping.js';
import {
  linesFollowGuests,
  type PricedBy,
  pricedByGuests,
  refreshBookingTotals,
  WHOLE_RECORD,
} from '../pricing/booking-totals.js';
import { type BookingMarks, mergeMarks } from './booking-marks.js';

/** Keeps what `marks` say changed of a booking, in the aggregate's order; or the refusal of its sums. */
export async function keepBooking(
  work: Work,
  bookingId: string,
  marks: BookingMarks,
): Promise<Refusal | undefined> {
  const moved = marks.events ? await refreshBooking(work, bookingId) : false;
  let pricedBy: PricedBy | undefined = marks.lines ? WHOLE_RECORD : undefined;
  for (const event of marks.guests ? await eventsNamed(work, bookingId, marks.guests) : []) {
    const followed = await linesFollowGuests(work, event);
    if (isRefusal(followed)) return followed;
    if (followed) pricedBy ??= pricedByGuests(event);
  }
  const totalled = pricedBy ? await refreshBookingTotals(work, bookingId, pricedBy) : false;
  if (isRefusal(totalled)) return totalled;
  if (moved || totalled || marks.schedule || marks.payments || marks.writing) {
    await refreshSchedule(work, bookingId, {
      byPayment: marks.byPayment,
      paymentsChanged: marks.payments,
      writing: marks.writing,
    });
  }
  if (marks.status) {
    await carryStatus(work, bookingId);
    for (const told of marks.status) {
      await recordChange(work.trx, {
        organizationId: work.actor.organizationId,
        type: 'booking.status_changed',
        object: told.object,
        previousAttributes: { status: told.previous.status },
        now: work.now,
      });
    }
  }
  return undefined;
}

export const bookingKeeper: Keeper<BookingMarks> = { merge: mergeMarks, keep: keepBooking };
