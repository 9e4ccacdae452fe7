/**
 * Events, a booking's functions (SPEC §11, §15): the one face the rest of the house uses
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the setup styles, the value the pages read
 * and its decoding, the policy, the commands, the rules others judge with, the double-booking
 * check and the spaces' occupancy, availability, the queries and the resource. The pages, the
 * documents and the CSV read values (`bookingEvents`, `findEvent`); the row type stays here.
 */
export { SETUP_STYLES, type SetupStyle } from './event.table.js';
export { decodeEvent, type EventValue } from './event.value.js';
export { EVENT_FIELDS } from './event.fields.js';
export { EVENT_ACTIONS } from './event.policy.js';
export {
  clashOf,
  createEvent,
  deleteEvent,
  eventProblems,
  clashRefusal,
  insertEvent,
  updateEvent,
} from './event.commands.js';
export { createEventsInBulk } from './event-bulk.js';
export {
  type BookingFact,
  type EventBulkFacts,
  loadEventBulkFacts,
  normalReference,
} from './event-bulk-facts.js';
export {
  capacityFor,
  checkEvent,
  type EventFields,
  type EventInput,
  lastsTooLong,
  LONGEST_EVENT_DAYS,
} from './event-rules.js';
export { type DerivedFields, derivedFrom } from './booking-derivation.js';
export { clashesInBulk, type HoldingEntry } from './bulk-clashes.js';
export { findClash, firstClash, type Holding, spaceClashOf } from '../occupancy/index.js';
export { occupied, occupiedStretch, type SpaceShape } from '../occupancy/index.js';
export { type AvailabilityQuery, availability, type SpaceAvailability } from './availability.js';
export { readAvailabilityQuery } from './availability.routes.js';
export {
  bookingEvents,
  eventChangeProblems,
  eventsBetween,
  findEvent,
  type WeekEvent,
} from './event.reads.js';
export { eventsOfBooking, insertEventSpaces, writeEventSpaces } from './event.repository.js';
export { eventDefinition } from './event.resource.js';
export { EventWriteAttributes } from './event.bodies.js';
