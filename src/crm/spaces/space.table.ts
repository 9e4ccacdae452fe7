/** The rooms of a venue, and which of them each booking holds. */
export interface SpaceTable {
  id: string;
  organization_id: string;
  /** Unique within the organization. */
  name: string;
  /** How many guests it takes; null when not set. */
  capacity: number | null;
  /** 1 when definite events may hold it at the same time (a lawn), else 0. */
  shareable: number;
  /** JSON object: guests it takes by setup style, e.g. {"banquet": 180, "theatre": 300}. */
  capacities: string;
  /** JSON array of the ids of its parts, when it is a combined space (space_parts is the index). */
  part_ids: string;
  /** Its floor area in whole square metres; null when not set (Event Temple's `area`). */
  area: number | null;
  /** When it was archived: it takes no new events and is left out of availability. */
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The parts of a combined space (a ballroom made of salons A and B); one level deep. */
export interface SpacePartTable {
  space_id: string;
  part_id: string;
}

export interface BookingSpaceTable {
  booking_id: string;
  space_id: string;
}
