/** What the pages read of events: a booking's, in the order they happen. */
import type { Db } from '../../db/database.js';
import type { Event } from './event.table.js';

export function eventsOf(db: Db, organizationId: string, bookingId: string): Promise<Event[]> {
  return eventsOfQuery(db, organizationId, bookingId).execute();
}

/** The read of eventsOf, through `events_booking_idx` (migration 2026-11-29T23). */
export function eventsOfQuery(db: Db, organizationId: string, bookingId: string) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .orderBy('start_at')
    .orderBy('id');
}

/** An event with what the week shows of its booking. */
export interface WeekEvent extends Event {
  booking_reference: string;
  booking_name: string;
}

/**
 * The events (of bookings not lost) that hold their spaces at some time in [startAt, endAt),
 * setup and teardown included (an event's buffers are a day at most).
 */
export async function eventsBetween(
  db: Db,
  organizationId: string,
  startAt: string,
  endAt: string,
): Promise<WeekEvent[]> {
  const day = 86_400_000;
  const rows = await db
    .selectFrom('events as e')
    .innerJoin('bookings as b', 'b.id', 'e.booking_id')
    .selectAll('e')
    .select(['b.reference as booking_reference', 'b.name as booking_name'])
    .where('e.organization_id', '=', organizationId)
    .where('e.status', '<>', 'lost')
    .where('e.start_at', '<', new Date(Date.parse(endAt) + day).toISOString())
    .where('e.end_at', '>', new Date(Date.parse(startAt) - day).toISOString())
    .orderBy('e.start_at')
    .orderBy('e.id')
    .limit(3000)
    .execute();
  return rows.filter(
    (e) =>
      Date.parse(e.start_at) - e.setup_minutes * 60_000 < Date.parse(endAt) &&
      Date.parse(e.end_at) + e.teardown_minutes * 60_000 > Date.parse(startAt),
  );
}
