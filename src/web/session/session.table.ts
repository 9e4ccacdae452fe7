export interface SessionTable {
  /** SHA-256 of the session cookie's value; the value itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    sessions: SessionTable;
  }
}
