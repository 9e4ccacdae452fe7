/**
 * `filter[search]` reads one organization's part of the search index (src/db/search-keys.ts)
 * instead of one index over every organization's rows. Existing rows are indexed again; `down`
 * rebuilds the first index (src/db/search-index.ts).
 */
import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../column-types.js';
import { createSearchIndexes, dropSearchIndexes } from '../search-index.js';
import { SEARCHABLE_TABLES, createSearchKeys, dropSearchKeys } from '../search-keys.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    // The first index's triggers, which its drop leaves on the tables.
    for (const table of SEARCHABLE_TABLES) {
      for (const trigger of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger if exists ${table}_search_${trigger}`).execute(db);
      }
    }
  }
  await dropSearchIndexes(db);
  await createSearchKeys(db, 1);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropSearchKeys(db);
  await createSearchIndexes(db);
}
