export interface IdempotencyKeyTable {
  /** Who may replay: integration, user and organization. */
  scope: string;
  key: string;
  request_hash: string;
  status: number;
  /** The JSON body of the first response. */
  response: string;
  created_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    idempotency_keys: IdempotencyKeyTable;
  }
}
