/**
 * Changes are told per scope (src/db/change-clock.ts), so a commit in one organization leaves
 * the other organizations' cached pages and tokens alone:
 * - rows that belong to an organization tell that organization's id;
 * - identity and access rows tell GLOBAL (`*`), which every cache depends on: a revoked token,
 *   a removed member or a deleted integration is refused everywhere on the next request. New
 *   grants and tokens tell nothing (no cache can hold a value about a row that did not exist);
 * - tables no cache reads from tell nothing: webhook deliveries (the delivery worker updates
 *   them all the time), authorization codes, sessions, idempotency keys, and booking_spaces
 *   (always written together with its booking's row, which tells the organization);
 * - a new event tells nothing either: it is written in the transaction of the change it records,
 *   whose row tells the organization (pruning events still tells).
 * SQLite: row triggers stamp each scope with the next number of one sequence in `cache_scopes`.
 * PostgreSQL: statement triggers (with transition tables) send the scopes as the payload of the
 * `marquee_changes` notification, and add them to the session's `marquee.changed_scopes`, which
 * the writing process reads after its commit (src/db/connect.ts).
 */
import { type Kysely, sql } from 'kysely';
import { CHANGE_CHANNEL } from '../change-clock.js';
import { isSqlite } from '../column-types.js';
import { addChangeNotifications } from './change-notify-triggers.js';

const ORGANIZATION_TABLES = [
  'accounts',
  'contacts',
  'bookings',
  'notes',
  'spaces',
  'booking_references',
  'events',
  'webhook_endpoints',
] as const;
const GLOBAL_TABLES = ['organizations', 'users', 'memberships', 'integrations', 'app_secrets'] as const;
/** Told on update and delete only. */
const ACCESS_TABLES = ['oauth_grants', 'oauth_tokens'] as const;
export const SILENT_TABLES = [
  'oauth_codes',
  'sessions',
  'idempotency_keys',
  'webhook_deliveries',
  'booking_spaces',
] as const;

const OPERATIONS = ['insert', 'update', 'delete'] as const;
type Operation = (typeof OPERATIONS)[number];
/** The operations of `table` that tell its organization. */
const toldOperations = (table: string): readonly Operation[] =>
  table === 'events' ? ['update', 'delete'] : OPERATIONS;

const stamp = (scope: string) =>
  sql.raw(`insert into cache_scopes (scope, version)
      values (${scope}, (select coalesce(max(version), 0) + 1 from cache_scopes))
      on conflict (scope) do update set version = excluded.version;`);

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table cache_scopes (scope text primary key, version integer not null)`.execute(db);
  await sql`create index cache_scopes_version_idx on cache_scopes (version)`.execute(db);
  const trigger = (table: string, operation: Operation, scope: string) =>
    sql`create trigger ${sql.id(`${table}_${operation}_scope`)} after ${sql.raw(operation)} on ${sql.table(table)}
      for each row begin ${stamp(scope)} end`.execute(db);
  for (const table of ORGANIZATION_TABLES) {
    for (const operation of toldOperations(table)) {
      await trigger(table, operation, `${operation === 'delete' ? 'old' : 'new'}.organization_id`);
    }
  }
  for (const table of GLOBAL_TABLES)
    for (const operation of OPERATIONS) await trigger(table, operation, "'*'");
  for (const table of ACCESS_TABLES)
    for (const operation of ['update', 'delete'] as const) await trigger(table, operation, "'*'");
}

async function dropPostgresTrigger(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`drop trigger if exists ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create function marquee_changed(scopes text) returns void language plpgsql as $$
    declare
      seen text := coalesce(current_setting('marquee.changed_scopes', true), '');
    begin
      perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, scopes);
      if position(scopes in seen) = 0 then
        perform set_config('marquee.changed_scopes', case when seen = '' then scopes else seen || ',' || scopes end, false);
      end if;
    end
  $$`.execute(db);
  await sql`create or replace function marquee_notify_change() returns trigger language plpgsql as $$
    begin
      perform marquee_changed('*');
      return null;
    end
  $$`.execute(db);
  for (const rows of ['new_rows', 'old_rows']) {
    // More than 100 organizations in one statement: simpler to say everything changed.
    await sql`create function ${sql.id(`marquee_scopes_of_${rows}`)}() returns trigger language plpgsql as $$
      declare
        scopes text;
      begin
        select case when count(distinct organization_id) > 100 then '*'
          else string_agg(distinct organization_id, ',') end into scopes from ${sql.raw(rows)};
        if scopes is not null then perform marquee_changed(scopes); end if;
        return null;
      end
    $$`.execute(db);
  }
  for (const table of ORGANIZATION_TABLES) {
    await dropPostgresTrigger(db, table);
    for (const operation of toldOperations(table)) {
      const rows = operation === 'delete' ? 'old' : 'new';
      await sql`create trigger ${sql.id(`${table}_${operation}_scope`)} after ${sql.raw(operation)} on ${sql.table(table)}
        referencing ${sql.raw(rows)} table as ${sql.raw(`${rows}_rows`)}
        for each statement execute function ${sql.id(`marquee_scopes_of_${rows}_rows`)}()`.execute(db);
    }
    await sql`create trigger ${sql.id(`${table}_truncate_scope`)} after truncate on ${sql.table(table)}
      for each statement execute function marquee_notify_change()`.execute(db);
  }
  for (const table of ACCESS_TABLES) {
    await dropPostgresTrigger(db, table);
    await sql`create trigger ${sql.id(`${table}_notify_change`)} after update or delete or truncate on ${sql.table(table)}
      for each statement execute function marquee_notify_change()`.execute(db);
  }
  for (const table of SILENT_TABLES) await dropPostgresTrigger(db, table);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await upSqlite(db);
  else await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop table cache_scopes`.execute(db);
    const triggers = await sql<{ name: string }>`select name from sqlite_master
      where type = 'trigger' and name like '%\\_scope' escape '\\'`.execute(db);
    for (const { name } of triggers.rows) await sql`drop trigger ${sql.id(name)}`.execute(db);
    return;
  }
  for (const table of ORGANIZATION_TABLES) {
    for (const operation of [...toldOperations(table), 'truncate']) {
      await sql`drop trigger ${sql.id(`${table}_${operation}_scope`)} on ${sql.table(table)}`.execute(db);
    }
  }
  for (const table of ACCESS_TABLES) await dropPostgresTrigger(db, table);
  await sql`drop function marquee_scopes_of_new_rows()`.execute(db);
  await sql`drop function marquee_scopes_of_old_rows()`.execute(db);
  await sql`create or replace function marquee_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, '');
      return null;
    end
  $$`.execute(db);
  await sql`drop function marquee_changed(text)`.execute(db);
  await addChangeNotifications(db, [...ORGANIZATION_TABLES, ...ACCESS_TABLES, ...SILENT_TABLES]);
}
