/** Events' rows and the spaces they hold (event_spaces, with what the clash check reads beside). */
import type { Trx } from '../../db/database.js';
import type { BookingStatus } from '../bookings/booking.table.js';
import { noteHold } from './event-clash.js';
import { occupiedStretch } from './occupancy.js';
import type { Event } from './event.table.js';

/** Makes event_spaces say which spaces the event holds, from its setup to its teardown. */
export async function writeEventSpaces(trx: Trx, event: Event): Promise<void> {
  await trx.deleteFrom('event_spaces').where('event_id', '=', event.id).execute();
  const spaceIds = JSON.parse(event.space_ids) as string[];
  const stretch = occupiedStretch(event);
  await noteHold(trx, event.organization_id, stretch.minutes);
  if (spaceIds.length === 0) return;
  await trx
    .insertInto('event_spaces')
    .values(
      spaceIds.map((spaceId) => ({
        event_id: event.id,
        space_id: spaceId,
        organization_id: event.organization_id,
        booking_id: event.booking_id,
        status: event.status,
        occupied_from: stretch.from,
        occupied_until: stretch.until,
      })),
    )
    .execute();
}

/** A booking's events, in the order they happen. */
export function eventsOfBooking(trx: Trx, bookingId: string): Promise<Event[]> {
  return trx
    .selectFrom('events')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
}

/** Sets the status its booking has on the holds of a booking's events. */
export async function setHoldsStatus(trx: Trx, bookingId: string, status: BookingStatus): Promise<void> {
  await trx.updateTable('event_spaces').set({ status }).where('booking_id', '=', bookingId).execute();
}
