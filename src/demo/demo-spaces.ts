/**
 * The demo venue's rooms, and which of them its bookings hold: every booking fits its rooms
 * (guest count within the smallest capacity) and no two definite bookings hold a room at once,
 * as the API would have required.
 */
import type { Insertable } from 'kysely';
import type { BookingTable } from '../crm/bookings/booking.table.js';
import type { BookingSpaceTable, SpaceTable } from '../crm/spaces/space.table.js';
import { newId } from '../db/ids.js';

const ROOMS: ReadonlyArray<readonly [string, number]> = [
  ['Grand Ballroom', 320],
  ['Harbor Room', 120],
  ['Rooftop Terrace', 150],
  ['Library', 40],
  ['Loft', 80],
  ['Garden Pavilion', 200],
];

export function demoSpaces(organizationId: string, createdAt: string): Array<Insertable<SpaceTable>> {
  return ROOMS.map(([name, capacity]) => ({
    id: newId(Date.parse(createdAt)),
    organization_id: organizationId,
    name,
    capacity,
    shareable: 0,
    capacities: '{}',
    part_ids: '[]',
    created_at: createdAt,
    updated_at: createdAt,
  }));
}

type DemoBooking = Insertable<BookingTable> & { id: string; guest_count: number };

/** One or two rooms that take the booking's guests (the largest room caps a larger party). */
export function pickRooms(
  booking: DemoBooking,
  spaces: ReadonlyArray<Insertable<SpaceTable>>,
  rnd: () => number,
): DemoBooking {
  const fitting = spaces.filter((s) => (s.capacity ?? 0) >= booking.guest_count);
  const largest = [...spaces].sort((a, b) => (b.capacity ?? 0) - (a.capacity ?? 0))[0]!;
  const first = fitting.length ? fitting[Math.floor(rnd() * fitting.length)]! : largest;
  const second = fitting.length > 1 && rnd() < 0.3 ? fitting[Math.floor(rnd() * fitting.length)] : undefined;
  const held = [first, ...(second && second !== first ? [second] : [])];
  const smallest = Math.min(...held.map((s) => s.capacity ?? Infinity));
  return {
    ...booking,
    guest_count: Math.min(booking.guest_count, smallest),
    space_ids: JSON.stringify(held.map((s) => s.id)),
  };
}

/** Definite bookings that would share a room with an earlier definite one become tentative. */
export function withoutDoubleBookings(bookings: readonly DemoBooking[]): DemoBooking[] {
  const definite: DemoBooking[] = [];
  const rooms = (b: DemoBooking) => JSON.parse(String(b.space_ids)) as string[];
  // Half-open intervals: one ending when the other starts does not overlap it.
  const overlap = (a: DemoBooking, b: DemoBooking) => a.start_at < b.end_at && b.start_at < a.end_at;
  return bookings.map((booking) => {
    if (booking.status !== 'definite') return booking;
    const clash = definite.some(
      (other) => overlap(other, booking) && rooms(other).some((room) => rooms(booking).includes(room)),
    );
    if (clash) return { ...booking, status: 'tentative' as const };
    definite.push(booking);
    return booking;
  });
}

export function bookingSpaceRows(bookings: readonly DemoBooking[]): Array<Insertable<BookingSpaceTable>> {
  return bookings.flatMap((b) =>
    (JSON.parse(String(b.space_ids)) as string[]).map((spaceId) => ({ booking_id: b.id, space_id: spaceId })),
  );
}
