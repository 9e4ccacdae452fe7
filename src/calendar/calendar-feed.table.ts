import type { RevokedReason } from '../api-keys/api-key.table.js';

/** Private calendar feeds (SPEC §11): a staff member's subscription URL, kept as its secret's hash. */
export const FEED_SCOPES = ['venue', 'space', 'mine'] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

export interface CalendarFeedTable {
  id: string;
  organization_id: string;
  user_id: string;
  /** The whole venue, one space (space_id), or the bookings the user owns. */
  scope: FeedScope;
  space_id: string | null;
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_reason: RevokedReason | null;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    calendar_feeds: CalendarFeedTable;
  }
}
