/** The rooms of a venue, and which of them each booking holds. */
export interface SpaceTable {
  id: string;
  organization_id: string;
  /** Unique within the organization. */
  name: string;
  /** How many guests it takes; null when not set. */
  capacity: number | null;
  created_at: string;
  updated_at: string;
}

export interface BookingSpaceTable {
  booking_id: string;
  space_id: string;
}
