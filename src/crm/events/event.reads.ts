/**
 * What the pages read of events: a booking's in the order they happen (as values, or as rows for
 * those still reading rows), one with the version its form carries, and the week's.
 */
import type { Db } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import { eventProblems } from './event.commands.js';
import { eventDefinition } from './event.resource.js';
import type { EventInput } from './event-rules.js';
import type { Event } from './event.table.js';
import { decodeEvent, encodeEvent, type EventValue } from './event.value.js';

/** A booking's events, in the order they happen (its page, its documents). */
export async function bookingEvents(
  reads: Reads,
  organizationId: string,
  bookingId: string,
): Promise<EventValue[]> {
  return (await eventsOf(reads.db, organizationId, bookingId)).map(decodeEvent);
}

/** The organization's event with the version its form carries, or undefined. */
export function findEvent(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, eventDefinition, decodeEvent, organizationId, id);
}

/** Every problem of a change of the event, writing nothing (its edit form). */
export const eventChangeProblems = (db: Db, actor: Actor, input: EventInput, event: EventValue) =>
  eventProblems(db, actor, input, encodeEvent(event));

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
