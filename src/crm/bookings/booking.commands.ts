/**
 * Writing bookings (SPEC §7), as units of work (src/writes/unit-of-work.ts), which hold the
 * organization's lock: so the reference a create takes is the next one, and the double-booking
 * check sees every committed definite booking: two definite bookings never hold one space at
 * overlapping times, whatever runs concurrently. Deleting a booking takes its notes along.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { Actor } from '../../identity/actor.js';
import type { Command } from '../../writes/unit-of-work.js';
import { recordChange, recordCreated } from '../change-events.js';
import { loadFacts } from '../facts.js';
import { deleteNotesOf } from '../notes/notes-of.js';
import { deleteCommand, updateCommand } from '../record-commands.js';
import { accepted } from '../validation.js';
import { findClash, SpaceConflictError } from './booking-clash.js';
import { takeBookingReferences } from './booking-numbers.js';
import {
  type BookingFields,
  type BookingInput,
  bookingNames,
  checkBooking,
  spaceIdsOf,
} from './booking-rules.js';
import { insertBooking, replaceBookingSpaces } from './booking.repository.js';
import { bookingDefinition } from './booking.resource.js';
import type { Booking } from './booking.table.js';

export type { BookingInput } from './booking-rules.js';

async function judged(db: Db | Trx, actor: Actor, input: BookingInput, current?: Booking) {
  const facts = await loadFacts(
    db,
    actor.organizationId,
    actor.userId,
    bookingNames(input, current, actor.userId),
  );
  return checkBooking(input, current, facts);
}

/** Every problem of a booking input, writing nothing (forms, and the API's one 422 per bad field). */
export async function bookingProblems(db: Db, actor: Actor, input: BookingInput, current?: Booking) {
  return (await judged(db, actor, input, current)).problems;
}

/** 409 space_conflict, carrying the clash, when a definite booking would share a space with another. */
async function refuseDoubleBooking(
  trx: Trx,
  organizationId: string,
  booking: BookingFields,
  exceptId?: string,
) {
  if (booking.status !== 'definite') return;
  const hold = { spaceIds: spaceIdsOf(booking), startAt: booking.start_at, endAt: booking.end_at, exceptId };
  const clash = await findClash(trx, organizationId, hold);
  if (clash) throw new SpaceConflictError(clash);
}

export const createBooking: Command<BookingInput, Booking> = {
  async run({ trx, actor, now }, input) {
    const fields = accepted(await judged(trx, actor, input));
    await refuseDoubleBooking(trx, actor.organizationId, fields);
    const [reference = ''] = await takeBookingReferences(trx, actor.organizationId, 1);
    const at = isoTime(now);
    const booking: Booking = {
      ...fields,
      id: newId(now),
      organization_id: actor.organizationId,
      reference,
      created_at: at,
      updated_at: at,
    };
    await insertBooking(trx, booking);
    await replaceBookingSpaces(trx, booking.id, spaceIdsOf(booking));
    await recordCreated(trx, bookingDefinition, booking, now);
    return booking;
  },
};

export const updateBooking = updateCommand<'bookings', BookingInput>({
  definition: bookingDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
  beforeWrite: ({ trx, actor }, current, fields) =>
    refuseDoubleBooking(trx, actor.organizationId, fields as BookingFields, current.id),
  async afterWrite({ trx, now }, current, updated, told) {
    if (updated.space_ids !== current.space_ids) {
      await replaceBookingSpaces(trx, current.id, spaceIdsOf(updated));
    }
    if (told && 'status' in told.previous) {
      await recordChange(trx, {
        organizationId: updated.organization_id,
        type: 'booking.status_changed',
        object: told.object,
        previousAttributes: { status: told.previous.status },
        now,
      });
    }
  },
});

export const deleteBooking = deleteCommand({
  definition: bookingDefinition,
  before: ({ trx, now }, current) => deleteNotesOf(trx, 'bookings', current.id, now),
});
