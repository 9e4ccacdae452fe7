/** The outbox of change events (SPEC §8): one row per committed create, update or delete. */
export interface EventTable {
  /** `evt_` and a time-ordered id. */
  id: string;
  organization_id: string;
  /** e.g. `booking.created`, `booking.status_changed`. */
  type: string;
  /** JSON `{object, previous_attributes?}`; the object's links are added when it is read. */
  data: string;
  created_at: string;
  /** The same as created_at: an event never changes. */
  updated_at: string;
}
