/**
 * Column types that differ between the dialects, for migrations. Row values are the same on
 * both (see connect.ts): timestamps read back as ISO-8601 strings.
 */
import {
  type ColumnDataType,
  type Kysely,
  type QueryExecutor,
  type RawBuilder,
  SqliteAdapter,
  sql,
} from 'kysely';

/** Whether `db` (a Kysely instance or transaction of any schema) runs on SQLite. */
export function isSqlite(db: { getExecutor(): QueryExecutor }): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** timestamptz on PostgreSQL; ISO-8601 text (which sorts chronologically) on SQLite. */
export function timestampType(db: Kysely<unknown>): ColumnDataType {
  return isSqlite(db) ? 'text' : 'timestamptz';
}

/**
 * SQL for the next version of a row's updated_at at `now` (ISO-8601), as records.ts nextVersion
 * computes it: `now`, or a millisecond after the current value when that is not earlier.
 */
export function nextVersionSql(db: { getExecutor(): QueryExecutor }, now: string): RawBuilder<string> {
  return isSqlite(db)
    ? sql<string>`max(${now}, strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds'))`
    : sql<string>`greatest(${now}::timestamptz, updated_at + interval '1 millisecond')`;
}
