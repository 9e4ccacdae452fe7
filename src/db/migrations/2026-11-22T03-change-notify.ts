/**
 * On PostgreSQL, every committed change to a table sends a `marquee_changes` notification, so
 * each `serve` process can drop what it cached (src/db/change-clock.ts): a token revoked through
 * one process is refused by every other one. A statement-level trigger sends at most one
 * notification per statement, and PostgreSQL folds identical ones of a transaction into one.
 * SQLite needs nothing: its `PRAGMA data_version` already tells other connections' commits.
 * A table added by a later migration gets the same trigger there.
 */
import { type Kysely, sql } from 'kysely';
import { CHANGE_CHANNEL } from '../change-clock.js';
import { isSqlite } from '../column-types.js';
import { addChangeNotifications, dropChangeNotifications } from './change-notify-triggers.js';

export const NOTIFYING_TABLES = [
  'organizations',
  'users',
  'memberships',
  'integrations',
  'accounts',
  'contacts',
  'bookings',
  'app_secrets',
  'oauth_grants',
  'oauth_codes',
  'oauth_tokens',
  'sessions',
  'notes',
  'idempotency_keys',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create function marquee_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, '');
      return null;
    end
  $$`.execute(db);
  await addChangeNotifications(db, NOTIFYING_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  await dropChangeNotifications(db, NOTIFYING_TABLES);
  await sql`drop function marquee_notify_change()`.execute(db);
}
