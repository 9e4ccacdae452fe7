/**
 * On PostgreSQL, every table sends a `marquee_changes` notification when a statement changes it
 * (see the change-notify migration and src/db/change-clock.ts). Migrations that add tables give
 * them the same trigger through these helpers; SQLite needs none.
 */
import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../column-types.js';

export async function addChangeNotifications(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  if (isSqlite(db)) return;
  for (const table of tables) {
    await sql`create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function marquee_notify_change()`.execute(db);
  }
}

export async function dropChangeNotifications(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  if (isSqlite(db)) return;
  for (const table of tables) {
    await sql`drop trigger ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
  }
}
