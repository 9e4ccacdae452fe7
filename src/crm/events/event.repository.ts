/** Events' rows and the spaces they hold (event_spaces, with what the clash check reads beside). */
import type { Trx } from '../../db/database.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { BookingStatus } from '../bookings/beneath.js';
import { noteHold } from '../occupancy/index.js';
import { occupiedStretch } from '../occupancy/index.js';
import type { Event } from './event.table.js';
import { spaceIds as spacesOf } from '../data/row-mappers.js';

/**
 * The rows of event_spaces for events: each space an event names, held from its setup to its
 * teardown, with its booking's status. The one place they are made (a write, an import).
 */
function holdsOf(events: readonly Event[]) {
  return events.flatMap((event) => {
    const stretch = occupiedStretch(event);
    return spacesOf(event).map((spaceId) => ({
      event_id: event.id,
      space_id: spaceId,
      organization_id: event.organization_id,
      booking_id: event.booking_id,
      status: event.status,
      occupied_from: stretch.from,
      occupied_until: stretch.until,
    }));
  });
}

/** Makes event_spaces say which spaces the event holds, from its setup to its teardown. */
export async function writeEventSpaces(trx: Trx, event: Event): Promise<void> {
  await trx.deleteFrom('event_spaces').where('event_id', '=', event.id).execute();
  await insertEventHolds(trx, event);
}

/**
 * The spaces an event just inserted holds (it has no rows in event_spaces yet: none to delete).
 * An event that holds no space makes no one's hold longer (the clash check never meets it).
 */
export async function insertEventHolds(trx: Trx, event: Event): Promise<void> {
  const holds = holdsOf([event]);
  if (holds.length === 0) return;
  await noteHold(trx, event.organization_id, occupiedStretch(event).minutes);
  await trx.insertInto('event_spaces').values(holds).execute();
}

/** The holds of events created together (an import), in multi-row statements of `rowsPerInsert`. */
export async function insertEventSpaces(
  trx: Trx,
  organizationId: string,
  events: readonly Event[],
  rowsPerInsert: number,
): Promise<void> {
  await insertInChunks(trx, 'event_spaces', holdsOf(events), rowsPerInsert);
  const longest = events.reduce((m, e) => Math.max(m, occupiedStretch(e).minutes), 0);
  await noteHold(trx, organizationId, longest);
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
