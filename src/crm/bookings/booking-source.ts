/**
 * Where a booking came from (SPEC §14): a create names its source (an inquiry, the assistant),
 * else it is the door the booking came through: the API, the workspace, the CSV import. Other
 * doors (the command line, the server's clock) record none.
 */
import type { Door } from '../../policy/actor.js';
import { BOOKING_SOURCES, type Booking, type BookingSource } from './booking.table.js';

export function sourceOfDoor(door: Door): BookingSource | null {
  return (BOOKING_SOURCES as readonly string[]).includes(door) ? (door as BookingSource) : null;
}

/** The campaign fields and referrer an inquiry came with, by name; none where it kept none. */
export function sourceDetailsOf(booking: Pick<Booking, 'source_details'>): Record<string, string> {
  if (!booking.source_details) return {};
  try {
    const parsed = JSON.parse(booking.source_details) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}
