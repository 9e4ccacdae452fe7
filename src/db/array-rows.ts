/**
 * Queries whose rows come back as arrays of column values instead of objects: for hot reads of a
 * few columns, building an object per row costs more than the database takes to find it. The
 * query never reads inside another request's transaction; its SQL carries a marker that the
 * dialect's adapter (src/db/connect.ts) recognises: better-sqlite3 runs the statement in raw
 * mode (or as JSON), pg with rowMode "array". On SQLite, whose calls are synchronous, a read runs at once when the connection is in no
 * transaction (src/db/connect.ts): Kysely's connection handling costs several turns of the
 * microtask queue, more than SQLite takes to read a page's versions.
 */
import { CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/** The leading comment that asks for array rows (harmless SQL to both databases). */
export const ARRAY_ROWS_MARKER = '/* array rows */ ';

export function wantsArrayRows(sql: string): boolean {
  return sql.startsWith(ARRAY_ROWS_MARKER);
}

/** Runs a marked read at once, or says it cannot now (undefined): then Kysely runs it. */
export type ImmediateReader = (sql: string, parameters: readonly unknown[]) => unknown[][] | undefined;

const immediateReaders = new WeakMap<Db, ImmediateReader>();

/** How reads of `db` (not of its transactions) may run at once (SQLite only). */
export function readImmediately(db: Db, reader: ImmediateReader): void {
  immediateReaders.set(db, reader);
}

/** Runs `sql` with `parameters`; each row is its columns' values in the order selected. */
export async function arrayRows(db: Db, sql: string, parameters: readonly unknown[]): Promise<unknown[][]> {
  const text = wantsArrayRows(sql) ? sql : `${ARRAY_ROWS_MARKER}${sql}`;
  const immediate = immediateReaders.get(db)?.(text, parameters);
  if (immediate !== undefined) return immediate;
  const { rows } = await db.executeQuery<unknown[]>(CompiledQuery.raw(text, [...parameters]));
  return rows;
}
