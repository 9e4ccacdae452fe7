/** The rooms of a venue, and which of them each booking holds. */
/** The columns of `spaces` follow from its fields (space.value.ts). */
export type { SpaceTable } from './space.value.js';

/** The parts of a combined space (a ballroom made of salons A and B); one level deep. */
export interface SpacePartTable {
  space_id: string;
  part_id: string;
}

export interface BookingSpaceTable {
  booking_id: string;
  space_id: string;
}
