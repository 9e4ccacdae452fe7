/**
 * Bookings' face for the kinds a booking's commands run beneath them — its events and the
 * spaces they hold, its totals, its payment schedule, its documents' policy: what they read of
 * the booking they change, without the commands. Through index.ts they would close an import
 * circle with the commands that call them (index → booking.commands → events → index).
 */
export { BOOKING_STATUSES, type BookingPrices, type BookingStatus } from './booking.table.js';
export type { Booking as BookingRow } from './booking.table.js';
export { BOOKING_ACTIONS } from './booking.policy.js';
export { bookingDefinition } from './booking.resource.js';
export { replaceBookingSpaces } from './booking.repository.js';
export { firstEventDay } from './first-event.js';
