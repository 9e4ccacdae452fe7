/**
 * Reads of one text column whose rows come back as its values alone, one string per row: for the
 * hottest read, a list page's version keys (src/api/page-sql.ts), building a row per value costs
 * more than the database takes to find it. The query never reads inside another request's
 * transaction; its SQL carries a marker that the dialect's adapter (src/db/connect.ts)
 * recognises: SQLite writes the values as one JSON array of strings, parsed at once
 * (src/db/sqlite-statements.ts); pg reads array rows and takes each one's value. On SQLite, whose
 * calls are synchronous, a read of the database (not of a transaction) runs on the reader thread,
 * beside the event loop, or at once on the connection when it is alone in its turn or the thread
 * cannot answer, and the connection is in no transaction (src/db/sqlite-reader-thread.ts): Kysely's
 * connection handling costs several turns of the microtask queue, more than SQLite takes to read a
 * page's versions.
 */
import { CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/** The leading comment that asks for text values (harmless SQL to both databases). */
export const TEXT_VALUES_MARKER = '/* text values */ ';

export function wantsTextValues(sql: string): boolean {
  return sql.startsWith(TEXT_VALUES_MARKER);
}

/** The error of a text-values read that writes, or that selects other than one column. */
export function misusedTextValues(): TypeError {
  return new TypeError('A read of text values reads one column and writes nothing.');
}

/** `sql` without the marker. */
export function unmarked(sql: string): string {
  return wantsTextValues(sql) ? sql.slice(TEXT_VALUES_MARKER.length) : sql;
}

/**
 * A row's id and version as one text, `<id> <updated_at>`, with updated_at as rows read it on both
 * databases (ISO-8601 UTC with milliseconds, src/db/postgres-timestamps.ts): a page's rows as
 * keys of the serialized resources kept by version (src/api/resource-fragments.ts).
 */
export function versionKeySql(sqlite: boolean): string {
  return sqlite
    ? `id || ' ' || updated_at`
    : `id || ' ' || to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * Runs a marked read without Kysely (at once on the connection, or on SQLite's reader thread), or
 * says it cannot (undefined, now or once the thread answers): then Kysely runs it.
 */
export type ImmediateReader = (
  sql: string,
  parameters: readonly unknown[],
) => unknown[] | Promise<unknown[] | undefined> | undefined;

const immediateReaders = new WeakMap<Db, ImmediateReader>();

/** How reads of `db` (not of its transactions) run without Kysely (SQLite only). */
export function readImmediately(db: Db, reader: ImmediateReader): void {
  immediateReaders.set(db, reader);
}

/** Runs `sql`, a read of one text column, with `parameters`; each row is its value (or null). */
export async function textValues(
  db: Db,
  sql: string,
  parameters: readonly unknown[],
): Promise<Array<string | null>> {
  const text = wantsTextValues(sql) ? sql : `${TEXT_VALUES_MARKER}${sql}`;
  const immediate = await immediateReaders.get(db)?.(text, parameters);
  if (immediate !== undefined) return immediate as Array<string | null>;
  const { rows } = await db.executeQuery<string | null>(CompiledQuery.raw(text, [...parameters]));
  return rows;
}
