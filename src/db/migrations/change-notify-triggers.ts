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

const SCOPED_OPERATIONS = ['insert', 'update', 'delete'] as const;

/**
 * The triggers that tell caches of a new table whose rows belong to an organization (as
 * 2026-11-23T04-scoped-changes gave the tables of its day): each insert, update and delete
 * tells the rows' organizations.
 */
export async function addOrganizationScope(db: Kysely<unknown>, table: string): Promise<void> {
  for (const operation of SCOPED_OPERATIONS) {
    const rows = operation === 'delete' ? 'old' : 'new';
    if (isSqlite(db)) {
      await sql`create trigger ${sql.id(`${table}_${operation}_scope`)} after ${sql.raw(operation)} on ${sql.table(table)}
        for each row begin
          insert into cache_scopes (scope, version)
            values (${sql.raw(`${rows}.organization_id`)}, (select coalesce(max(version), 0) + 1 from cache_scopes))
            on conflict (scope) do update set version = excluded.version;
        end`.execute(db);
    } else {
      await sql`create trigger ${sql.id(`${table}_${operation}_scope`)} after ${sql.raw(operation)} on ${sql.table(table)}
        referencing ${sql.raw(rows)} table as ${sql.raw(`${rows}_rows`)}
        for each statement execute function ${sql.id(`marquee_scopes_of_${rows}_rows`)}()`.execute(db);
    }
  }
  if (!isSqlite(db)) {
    await sql`create trigger ${sql.id(`${table}_truncate_scope`)} after truncate on ${sql.table(table)}
      for each statement execute function marquee_notify_change()`.execute(db);
  }
}
