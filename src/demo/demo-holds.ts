/**
 * No double booking in the demo, by the rule the API keeps (../crm/occupancy/event-clash.ts): a
 * booking that holds its spaces (definite, or closed once it happened) whose event would occupy
 * a space an earlier one's event occupies, setup and teardown included, through parts and combined
 * spaces and never on a shareable lawn, does not hold it: it is an option (tentative) while ahead,
 * and was lost to the other ("Date unavailable") once past. Earlier in the list wins.
 */
import type { BookingStatus } from '../crm/bookings/booking.table.js';
import { spaceIds } from '../crm/data/row-mappers.js';
import { firstClash, type Holding, occupiedStretch, type SpaceShape } from '../crm/events/index.js';
import type { PlannedEvent } from './demo-events.js';

export interface HeldBooking {
  id: string;
  name: string;
  status: BookingStatus;
  lost_reason: string | null;
  events: ReadonlyArray<PlannedEvent & { id: string }>;
}

/** Whether a booking in this status holds its spaces against other bookings. */
export const holdsSpaces = (status: BookingStatus) => status === 'definite' || status === 'closed';

export function withoutDoubleBookings<Booking extends HeldBooking>(
  bookings: readonly Booking[],
  spaces: ReadonlyMap<string, SpaceShape>,
  now: number,
): Booking[] {
  const held: Holding[] = [];
  return bookings.map((booking) => {
    if (!holdsSpaces(booking.status)) return booking;
    const holdings = booking.events.flatMap((event) => {
      const stretch = occupiedStretch(event);
      return spaceIds(event).map((spaceId) => ({
        bookingId: booking.id,
        reference: booking.id,
        name: booking.name,
        eventId: event.id,
        eventName: event.name,
        spaceId,
        spaceName: spaces.get(spaceId)?.name ?? spaceId,
        startAt: event.start_at,
        endAt: event.end_at,
        timezone: 'UTC',
        occupiedFrom: stretch.from,
        occupiedUntil: stretch.until,
      }));
    });
    const clash = holdings.some(
      (h) =>
        firstClash({ spaceIds: [h.spaceId], from: h.occupiedFrom, until: h.occupiedUntil }, held, spaces) !==
        undefined,
    );
    if (!clash) {
      held.push(...holdings);
      return booking;
    }
    const past = booking.events.every((e) => Date.parse(e.end_at) <= now);
    return past
      ? { ...booking, status: 'lost' as const, lost_reason: 'Date unavailable' }
      : { ...booking, status: 'tentative' as const, lost_reason: null };
  });
}
