/** Work a write left to be done after its commit (src/writes/follow-ups.ts). */
export interface FollowUpTable {
  id: string;
  organization_id: string;
  /** What to do: one of FOLLOW_UP_KINDS. */
  kind: string;
  /** The record it is about (e.g. the deleted contact). */
  subject_id: string;
  created_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    follow_ups: FollowUpTable;
  }
}
