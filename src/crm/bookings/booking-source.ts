/**
 * Where a booking came from (SPEC §14): a create names its source (an inquiry, the assistant),
 * else it is the door the booking came through: the API, the workspace, the CSV import. Other
 * doors (the command line, the server's clock) record none.
 */
import type { Door } from '../../identity/actor.js';
import { BOOKING_SOURCES, type BookingSource } from './booking.table.js';

export function sourceOfDoor(door: Door): BookingSource | null {
  return (BOOKING_SOURCES as readonly string[]).includes(door) ? (door as BookingSource) : null;
}
