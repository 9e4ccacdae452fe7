/**
 * Work queues taken by several processes at once: on PostgreSQL a claim selects its rows `FOR
 * UPDATE OF <table> SKIP LOCKED`, so two workers never take the same row and neither waits for
 * the other; on SQLite (one writer at a time) the claiming transaction alone can run, and the
 * clause does not exist.
 */
import type { QueryExecutor, SelectQueryBuilder } from 'kysely';
import { isSqlite } from './column-types.js';

export function skipLocked<DB, TB extends keyof DB, Out>(
  db: { getExecutor(): QueryExecutor },
  query: SelectQueryBuilder<DB, TB, Out>,
  of: TB & string,
): SelectQueryBuilder<DB, TB, Out> {
  return isSqlite(db) ? query : query.forUpdate(of).skipLocked();
}
