/** The rooms of a venue, and which of them each booking holds. */
/** The columns of `spaces` follow from its fields (space.value.ts). */
import type { SpaceTable } from './space.value.js';

export type { SpaceTable };

/** How an event's room is set (SPEC §11); a space may take another number of guests for each. */
export const SETUP_STYLES = [
  'reception',
  'banquet',
  'theatre',
  'classroom',
  'boardroom',
  'u_shape',
  'cabaret',
  'hollow_square',
  'other',
] as const;
export type SetupStyle = (typeof SETUP_STYLES)[number];

/** The parts of a combined space (a ballroom made of salons A and B); one level deep. */
export interface SpacePartTable {
  space_id: string;
  part_id: string;
}

export interface BookingSpaceTable {
  booking_id: string;
  space_id: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    spaces: SpaceTable;
    booking_spaces: BookingSpaceTable;
    space_parts: SpacePartTable;
  }
}
