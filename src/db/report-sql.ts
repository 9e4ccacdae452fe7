/**
 * The pieces of a report's SQL that differ between the databases. SQLite stores instants as
 * ISO-8601 text; PostgreSQL as timestamptz. Both keep a JSON array (a row's spaces) as text, which
 * each reads with its own functions.
 */
import { sql, type Expression, type QueryExecutor } from 'kysely';
import { isSqlite } from './column-types.js';

/** A Kysely instance or transaction of any schema (the migrations' too). */
type Db = { getExecutor(): QueryExecutor };

/**
 * SQL for the bucket of an instant, for the reports to name its month (report-range.ts
 * `monthOfBucket`): the UTC month (YYYY-MM) from the 2nd to the 27th of a UTC month, where it is
 * the local month in every zone; near a month's turn the UTC minute (YYYY-MM-DDTHH:MM), which
 * lies in one local month, as zone offsets are whole minutes.
 */
export function monthBucket(db: Db, instant: Expression<unknown>) {
  if (isSqlite(db))
    return sql<string>`case when substr(${instant}, 9, 2) between '02' and '27' then substr(${instant}, 1, 7) else substr(${instant}, 1, 16) end`;
  const utc = sql`(${instant} at time zone 'UTC')`;
  return sql<string>`case when extract(day from ${utc}) between 2 and 27 then to_char(${utc}, 'YYYY-MM') else to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI') end`;
}

/** SQL for the number of elements of a JSON array kept as text. */
export function jsonArrayLength(db: Db, array: Expression<unknown>) {
  return isSqlite(db)
    ? sql<number>`json_array_length(${array})`
    : sql<number>`json_array_length(${array}::json)`;
}
