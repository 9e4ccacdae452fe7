/** A booking's first event, made with it (SPEC §11): by a create, or an import. */
import { localDate, wallClockOf } from '../../wall-clock.js';
import type { EventRow as Event, SetupStyle } from '../events/beneath.js';
import type { Booking } from './booking.table.js';

/** The day of a booking's first event (where the booking starts) in the venue's time zone. */
export const firstEventDay = (booking: Pick<Booking, 'start_at'>, zone: string): string =>
  localDate(Date.parse(booking.start_at), zone);

/** What a booking's first event is called: its event type, else "Main event". */
export const firstEventName = (booking: Pick<Booking, 'event_type'>) =>
  booking.event_type?.trim() || 'Main event';

/**
 * The first event of a booking made the way bookings were before events: of its event type
 * (`eventTypeId`) and setup style, and all day when the booking was given by dates alone (SPEC §15).
 */
export function firstEvent(
  booking: Booking,
  eventTypeId: string | null = null,
  allDay = false,
  setupStyle: SetupStyle | null = null,
): Omit<Event, 'id' | 'organization_id' | 'created_at' | 'updated_at'> {
  return {
    booking_id: booking.id,
    name: firstEventName(booking),
    status: booking.status,
    start_at: booking.start_at,
    end_at: booking.end_at,
    setup_minutes: 0,
    teardown_minutes: 0,
    guest_count: booking.guest_count,
    guaranteed_count: null,
    setup_style: setupStyle,
    space_ids: booking.space_ids,
    ...wallClockOf({ ...booking, all_day: allDay }, booking.timezone),
    all_day: allDay ? 1 : 0,
    event_type_id: eventTypeId,
    custom_fields: '{}',
  };
}
