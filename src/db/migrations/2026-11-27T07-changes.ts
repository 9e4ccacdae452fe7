/**
 * The change feed is `changes` (SPEC §11): `/v2/events` now means a booking's events (its
 * functions), as at Event Temple. The outbox table and its deliveries' column are renamed, and
 * the triggers that tell caches of its rows (2026-11-23T04) take its name. Changes recorded
 * before keep their `evt_` ids (they are opaque, and gone after EVENT_RETENTION); new ones are
 * `chg_…`.
 */
import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../column-types.js';

const TOLD = ['update', 'delete'] as const;

async function renameScopeTriggers(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  for (const operation of TOLD) {
    if (isSqlite(db)) {
      await sql`drop trigger ${sql.id(`${from}_${operation}_scope`)}`.execute(db);
      const row = operation === 'delete' ? 'old' : 'new';
      await sql`create trigger ${sql.id(`${to}_${operation}_scope`)} after ${sql.raw(operation)} on ${sql.table(to)}
        for each row begin
          insert into cache_scopes (scope, version)
            values (${sql.raw(`${row}.organization_id`)}, (select coalesce(max(version), 0) + 1 from cache_scopes))
            on conflict (scope) do update set version = excluded.version;
        end`.execute(db);
    } else {
      await sql`alter trigger ${sql.id(`${from}_${operation}_scope`)} on ${sql.table(to)}
        rename to ${sql.id(`${to}_${operation}_scope`)}`.execute(db);
    }
  }
  if (!isSqlite(db)) {
    await sql`alter trigger ${sql.id(`${from}_truncate_scope`)} on ${sql.table(to)}
      rename to ${sql.id(`${to}_truncate_scope`)}`.execute(db);
  }
}

/**
 * The outbox's indexes (2026-11-23T01, the first with updated_at since 2026-11-23T21), under the
 * table's name: `events_…` names are the functions'.
 */
const INDEXES = [
  ['org_created_at_idx', ['organization_id', 'created_at', 'id', 'updated_at']],
  ['org_type_created_at_idx', ['organization_id', 'type', 'created_at', 'id']],
  ['created_at_idx', ['created_at']],
] as const;

async function renameIndexes(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  for (const [suffix, columns] of INDEXES) {
    await db.schema.dropIndex(`${from}_${suffix}`).execute();
    await db.schema
      .createIndex(`${to}_${suffix}`)
      .on(to)
      .columns([...columns])
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').renameTo('changes').execute();
  await db.schema.alterTable('webhook_deliveries').renameColumn('event_id', 'change_id').execute();
  await renameScopeTriggers(db, 'events', 'changes');
  await renameIndexes(db, 'events', 'changes');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').renameColumn('change_id', 'event_id').execute();
  await db.schema.alterTable('changes').renameTo('events').execute();
  await renameScopeTriggers(db, 'changes', 'events');
  await renameIndexes(db, 'changes', 'events');
}
