/**
 * Reads of one text column whose rows come back as its values alone, one string per row: for the
 * hottest read, a list page's version keys (src/api/page-sql.ts), building a row per value costs
 * more than the database takes to find it. It is a method of the database handle
 * (`DatabaseHandle.textValues`, src/db/connect.ts), not a Kysely query: SQLite writes the values
 * as one JSON array of strings, parsed at once (src/db/sqlite-statements.ts), and reads of the
 * database (never inside another caller's transaction) run on the reader thread beside the event
 * loop, or at once on the connection when it is alone in its turn or the thread cannot answer
 * (src/db/sqlite-reader-thread.ts); pg reads array rows, prepared by name, and takes each one's
 * value. Kysely's connection handling costs several turns of the microtask queue, more than
 * SQLite takes to read a page's versions.
 */

/** Runs `sql`, a read of one text column, with `parameters`; each row is its value (or null). */
export type TextValues = (sql: string, parameters: readonly unknown[]) => Promise<Array<string | null>>;

/** The error of a text-values read that writes, or that selects other than one column. */
export function misusedTextValues(): TypeError {
  return new TypeError('A read of text values reads one column and writes nothing.');
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
