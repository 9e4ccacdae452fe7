/** Why a key or a calendar feed stopped working. */
export type RevokedReason = 'revoked' | 'member_removed';

/** API keys (SPEC §15): an admin's key for one organization, kept as its secret's hash. */
export interface ApiKeyTable {
  id: string;
  organization_id: string;
  /** Whose access the key has: the admin who made it, with their role of the moment. */
  user_id: string;
  name: string;
  /** Space-separated: crm_read, crm_manage. */
  scopes: string;
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Why it stopped: `revoked` by an admin, or `member_removed` when its user left the organization. */
  revoked_reason: RevokedReason | null;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    api_keys: ApiKeyTable;
  }
}
