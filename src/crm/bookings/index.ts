/**
 * Bookings, what a venue sells (SPEC §7, §9, §15): the one face the rest of the house uses
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the statuses and sources, the policy, the
 * commands, the rules others judge with, the queries and the resource; the value, its codec and
 * the fields. The pages, the documents and the assistant still read the row, which the face names
 * BookingRow until they read values.
 */
export {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  type BookingPrices,
  type BookingSource,
  type BookingStatus,
} from './booking.table.js';
export type { Booking as BookingRow } from './booking.table.js';
export { BOOKING_FIELDS } from './booking.fields.js';
export {
  type Booking,
  type BookingChanges,
  bookingCodec,
  fieldValueOf,
  totalShown,
} from './booking.value.js';
/** The shape of a declared field, for the doors that render a booking's fields. */
export type { Field, Fields } from '../data/fields.js';
export { allowedMoves, transitionProblem } from './booking-status.js';
export { BOOKING_ACTIONS } from './booking.policy.js';
export { bookingProblems, createBooking, deleteBooking, updateBooking } from './booking.commands.js';
export { createBookingsInBulk } from './booking-bulk.js';
export {
  type BookingWithParties,
  bookingWithPartiesProblems,
  createBookingWithParties,
} from './booking-parties.js';
export { leadContact } from './lead-contact.js';
export { sourceDetailsOf } from './booking-source.js';
export { type BookingInput, checkBooking } from './booking-rules.js';
export { shownTotal } from './booking-prices.js';
export { firstEventDay } from './first-event.js';
export { FNB_MINIMUM_MOST, fnbMinimumInRange } from './fnb-minimum.js';
export { bookingReadContext, fnbShortfall } from './booking-read-context.js';
export {
  bookingByIdOrReference,
  bookingCurrencies,
  bookingsOf,
  bookingsPage,
  findBookingValue,
  nextBookingAfter,
  PAGE_SIZE,
} from './booking.reads.js';
export { insertBookings, replaceBookingSpaces } from './booking.repository.js';
export { bookingDefinition } from './booking.resource.js';
export { BookingWriteAttributes } from './booking.bodies.js';
