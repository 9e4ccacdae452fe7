/**
 * Column types that differ between the dialects, for migrations. Row values are the same on
 * both (see connect.ts): timestamps read back as ISO-8601 strings.
 */
import { type ColumnDataType, type Kysely, type QueryExecutor, SqliteAdapter } from 'kysely';

/** Whether `db` (a Kysely instance or transaction of any schema) runs on SQLite. */
export function isSqlite(db: { getExecutor(): QueryExecutor }): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** timestamptz on PostgreSQL; ISO-8601 text (which sorts chronologically) on SQLite. */
export function timestampType(db: Kysely<unknown>): ColumnDataType {
  return isSqlite(db) ? 'text' : 'timestamptz';
}
