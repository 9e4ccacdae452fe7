/**
 * A list page that misses the page cache reads only each row's id, updated_at and sort value
 * (src/api/page-from-fragments.ts). With updated_at at the end of every paging index, that read
 * is answered from the index alone, without visiting a table row per resource.
 */
import type { Kysely } from 'kysely';

/** Sortable columns whose (organization_id, column, id) index lacks updated_at. */
const PAGING_INDEXES = [
  ['accounts', 'created_at'],
  ['accounts', 'name'],
  ['bookings', 'created_at'],
  ['bookings', 'start_at'],
  ['bookings', 'end_at'],
  ['bookings', 'name'],
  ['bookings', 'reference'],
  ['contacts', 'created_at'],
  ['contacts', 'last_name'],
  ['contacts', 'first_name'],
  ['notes', 'created_at'],
  ['spaces', 'created_at'],
  ['spaces', 'name'],
  ['events', 'created_at'],
] as const;

async function rebuild(db: Kysely<unknown>, withVersion: boolean): Promise<void> {
  for (const [table, column] of PAGING_INDEXES) {
    const name = `${table}_org_${column}_idx`;
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(['organization_id', column, 'id', ...(withVersion ? ['updated_at'] : [])])
      .execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}
