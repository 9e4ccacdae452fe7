/**
 * Who holds which space when (SPEC §7, §11): what an event occupies, the double-booking check of
 * events' writes and imports, and the check of a space's own change (it may make two definite
 * bookings' events that held it side by side clash). Beneath both the spaces and the events: the
 * spaces' commands ask it of a change of theirs, the events' of a hold.
 */
export {
  clashMessage,
  findClash,
  firstClash,
  type Holding,
  holdingOf,
  holdingsBetween,
  holdingsQuery,
  longestHold,
  noteHold,
  type SpaceChange,
  type SpaceClash,
  SpaceConflictError,
  type SpaceHold,
  spaceClashOf,
} from './event-clash.js';
export { clashingSpaces, occupied, occupiedStretch, type SpaceShape, spacesClash } from './occupancy.js';
export { clashOfSpaceChange, type SpaceChangeClash, SpaceChangeConflictError } from './space-change-clash.js';
