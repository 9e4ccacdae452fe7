/**
 * Accounts and contacts are found by their phone numbers too (search text version 2,
 * src/db/search-keys.ts): their part of the search index is built again; `down` builds it as
 * version 1 had it.
 */
import type { Kysely } from 'kysely';
import { rebuildSearchKeys } from '../search-keys.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildSearchKeys(db, 'accounts', 2);
  await rebuildSearchKeys(db, 'contacts', 2);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuildSearchKeys(db, 'accounts', 1);
  await rebuildSearchKeys(db, 'contacts', 1);
}
