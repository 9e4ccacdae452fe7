/** The outbox of changes (SPEC §8, §11): one row per committed create, update or delete. */
export interface ChangeTable {
  /** `chg_` and a time-ordered id. */
  id: string;
  organization_id: string;
  /** e.g. `booking.created`, `booking.status_changed`. */
  type: string;
  /** JSON `{object, previous_attributes?}`; the object's links are added when it is read. */
  data: string;
  created_at: string;
  /** The same as created_at: a change never changes. */
  updated_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    changes: ChangeTable;
  }
}
