/**
 * The booking is the deal; its times come from its events (SPEC §11): its start is its earliest
 * event's, its end its latest's, its spaces (and so room_names) those its events hold, its guests
 * its largest event's. A write of an event marks its booking touched; the booking's aggregate
 * (src/crm/bookings/booking-keeping.ts) brings it up to date here before the unit of work commits
 * (told as `booking.updated` when anything it shows changed), and a booking's status is its
 * events' (told as `event.updated` for each, a booking holding a few).
 */
import { findRow } from '../data/record-lookup.js';
import type { Work } from '../../writes/unit-of-work.js';
import {
  bookingDefinition,
  type BookingRow,
  type BookingStatus,
  replaceBookingSpaces,
} from '../bookings/beneath.js';
import { recordUpdated } from '../change-events.js';
import { updateRecord } from '../records.js';
import { eventsOfBooking, setHoldsStatus } from './event.repository.js';
import { eventDefinition } from './event.resource.js';
import type { Event } from './event.table.js';
import { spaceIds } from '../data/row-mappers.js';
import { changedFields } from '../data/changed-fields.js';

export type DerivedFields = Pick<BookingRow, 'start_at' | 'end_at' | 'guest_count' | 'space_ids'>;

/** What a booking shows of its events (none: nothing; a booking always has one). */
export function derivedFrom(
  events: ReadonlyArray<Pick<Event, 'start_at' | 'end_at' | 'guest_count' | 'space_ids'>>,
): DerivedFields | undefined {
  if (events.length === 0) return undefined;
  const spaces = new Set<string>();
  let guests: number | null = null;
  for (const event of events) {
    for (const id of spaceIds(event)) spaces.add(id);
    if (event.guest_count !== null) guests = Math.max(guests ?? 0, Number(event.guest_count));
  }
  return {
    start_at: events.reduce((min, e) => (e.start_at < min ? e.start_at : min), events[0]!.start_at),
    end_at: events.reduce((max, e) => (e.end_at > max ? e.end_at : max), events[0]!.end_at),
    guest_count: guests,
    space_ids: JSON.stringify([...spaces]),
  };
}

/**
 * Brings the booking's start, end, spaces and guests up to date with its events; says whether its
 * start moved (installments due so many days before the first event move with it).
 */
export async function refreshBooking(work: Work, bookingId: string): Promise<boolean> {
  const { trx, actor, now } = work;
  const booking = await findRow(trx, bookingDefinition, actor.organizationId, bookingId);
  if (!booking) return false;
  const derived = derivedFrom(await eventsOfBooking(trx, bookingId));
  if (!derived) return false;
  const changes: Partial<DerivedFields> = changedFields<DerivedFields>(booking, derived);
  if (Object.keys(changes).length === 0) return false;
  const updated = await updateRecord(trx, 'bookings', booking, changes, now);
  if (changes.space_ids !== undefined) {
    await replaceBookingSpaces(trx, bookingId, spaceIds({ space_ids: changes.space_ids }));
  }
  await recordUpdated(trx, bookingDefinition, booking, updated, now);
  return changes.start_at !== undefined;
}

/** Those of the booking's events named in `ids` that are still there. */
export async function eventsNamed(work: Work, bookingId: string, ids: readonly string[]): Promise<Event[]> {
  return (await eventsOfBooking(work.trx, bookingId)).filter((event) => ids.includes(event.id));
}

/** Gives a booking's events (and their holds) the booking's status. */
export async function carryStatus(work: Work, bookingId: string): Promise<void> {
  const { trx, actor, now } = work;
  const booking = await findRow(trx, bookingDefinition, actor.organizationId, bookingId);
  if (!booking) return;
  const status: BookingStatus = booking.status;
  for (const event of await eventsOfBooking(trx, bookingId)) {
    if (event.status === status) continue;
    const updated = await updateRecord(trx, 'events', event, { status }, now);
    await recordUpdated(trx, eventDefinition, event, updated, now);
  }
  await setHoldsStatus(trx, bookingId, status);
}
