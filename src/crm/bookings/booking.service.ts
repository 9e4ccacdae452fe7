/**
 * Writing bookings (SPEC §7). Every write first takes the organization's booking lock
 * (booking-lock.ts), so the reference it gets is the next one and the double-booking check sees
 * every committed definite booking: two definite bookings never hold one space at overlapping
 * times, whatever runs concurrently. Deleting a booking takes its notes along.
 */
import type { RequestContext } from '../../app-context.js';
import { isoTime } from '../../clock.js';
import type { Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { ConflictError } from '../../errors.js';
import type { Actor } from '../../identity/actor.js';
import { recordCreated, recordDeleted, recordUpdated } from '../change-events.js';
import { deleteNotesOf, deleteRecord, recordToChange, updateRecord } from '../records.js';
import { bookingReference, lockBookings, nextBookingNumber } from './booking-lock.js';
import { type BookingFields, type BookingInput, checkedBooking } from './booking-rules.js';
import { findClash, insertBooking, replaceBookingSpaces } from './booking.repository.js';
import { bookingDefinition } from './booking.resource.js';
import type { Booking } from './booking.table.js';

export type { BookingInput } from './booking-rules.js';

/** 409 space_conflict when a definite booking would share a space with another at the same time. */
async function checkNoDoubleBooking(trx: Trx, organizationId: string, booking: BookingFields, id?: string) {
  if (booking.status !== 'definite') return;
  const spaceIds = JSON.parse(booking.space_ids) as string[];
  const clash = await findClash(trx, {
    organizationId,
    spaceIds,
    startAt: booking.start_at,
    endAt: booking.end_at,
    exceptId: id,
  });
  if (clash) {
    throw new ConflictError(
      `${clash.spaceName} is already booked by ${clash.reference} (definite) from ${clash.startAt} to ${clash.endAt}.`,
      'space_conflict',
      { pointer: '/data/relationships/spaces/data' },
    );
  }
}

export async function createBooking(
  trx: Trx,
  actor: Actor,
  input: BookingInput,
  now: number,
): Promise<Booking> {
  const number = await nextBookingNumber(trx, actor.organizationId);
  const fields = await checkedBooking(trx, actor, input, undefined);
  await checkNoDoubleBooking(trx, actor.organizationId, fields);
  const at = isoTime(now);
  const booking: Booking = {
    ...fields,
    id: newId(now),
    organization_id: actor.organizationId,
    reference: bookingReference(number),
    created_at: at,
    updated_at: at,
  };
  await insertBooking(trx, booking);
  await replaceBookingSpaces(trx, booking.id, JSON.parse(booking.space_ids) as string[]);
  await recordCreated(trx, bookingDefinition, booking, now);
  return booking;
}

export async function updateBooking(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  input: BookingInput,
  ifMatch: string | undefined,
): Promise<Booking> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockBookings(trx, actor.organizationId);
    const current = await recordToChange(
      trx,
      bookingDefinition,
      actor.organizationId,
      id,
      ifMatch,
      ctx.config.baseUrl,
    );
    const fields = await checkedBooking(trx, actor, input, current);
    await checkNoDoubleBooking(trx, actor.organizationId, fields, current.id);
    const updated = await updateRecord(trx, 'bookings', current, fields, ctx.now());
    if (fields.space_ids !== current.space_ids) {
      await replaceBookingSpaces(trx, current.id, JSON.parse(fields.space_ids) as string[]);
    }
    await recordUpdated(trx, bookingDefinition, current, updated, ctx.now());
    return updated;
  });
}

export async function deleteBooking(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockBookings(trx, actor.organizationId);
    const current = await recordToChange(
      trx,
      bookingDefinition,
      actor.organizationId,
      id,
      ifMatch,
      ctx.config.baseUrl,
    );
    await deleteNotesOf(trx, 'bookings', current.id, ctx.now());
    await deleteRecord(trx, 'bookings', current);
    await recordDeleted(trx, bookingDefinition, current, ctx.now());
  });
}
