/**
 * The days a report covers (SPEC §14): `from` and `to`, dates (YYYY-MM-DD) in the organization's
 * time zone, both inclusive and both optional, as the instants that bound them; and the month
 * (YYYY-MM) of an instant in that zone, which the reports group by.
 */
import { sql, type Expression } from 'kysely';
import { isSqlite } from '../../db/column-types.js';
import type { Db } from '../../db/database.js';
import { addDays, localDate, zonedToUtc } from '../../wall-clock.js';

export interface ReportRange {
  from?: string;
  to?: string;
}

export interface Bounds {
  zone: string;
  /** The first instant in range (ISO), if bounded. */
  start?: string;
  /** The first instant after the range (ISO), if bounded. */
  end?: string;
}

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

export async function boundsOf(db: Db, organizationId: string, range: ReportRange): Promise<Bounds> {
  const row = await db
    .selectFrom('organizations')
    .select('timezone')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const zone = row?.timezone ?? 'UTC';
  const start = range.from === undefined ? undefined : iso(zonedToUtc(range.from, zone));
  const end = range.to === undefined ? undefined : iso(zonedToUtc(addDays(range.to, 1), zone));
  return { zone, ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/**
 * YYYY-MM of an instant in a zone. A zone is never a day or more from UTC (offsets lie within
 * ±14 hours), so the local day is the UTC day or one either side of it: from the 2nd to the 27th
 * of a UTC month the local month is the UTC month, and only instants near a month's turn ask the
 * zone (reports group every booking and line by month; the zone's rules cost microseconds a row).
 */
export function monthOf(instant: string, zone: string): string {
  const ms = Date.parse(instant);
  const utc = new Date(ms);
  const day = utc.getUTCDate();
  if (day >= 2 && day <= 27)
    return `${utc.getUTCFullYear().toString().padStart(4, '0')}-${pad2(utc.getUTCMonth() + 1)}`;
  return localDate(ms, zone).slice(0, 7);
}

/**
 * SQL for the bucket of an instant that a report groups by in the database, for `monthOfBucket`
 * to name its month: the UTC month (YYYY-MM) from the 2nd to the 27th of a UTC month, where it is
 * the local month in every zone (as `monthOf`); near a month's turn the UTC minute
 * (YYYY-MM-DDTHH:MM), which lies in one local month, as zone offsets are whole minutes.
 */
export function monthBucket(db: Db, instant: Expression<unknown>) {
  if (isSqlite(db))
    return sql<string>`case when substr(${instant}, 9, 2) between '02' and '27' then substr(${instant}, 1, 7) else substr(${instant}, 1, 16) end`;
  const utc = sql`(${instant} at time zone 'UTC')`;
  return sql<string>`case when extract(day from ${utc}) between 2 and 27 then to_char(${utc}, 'YYYY-MM') else to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI') end`;
}

/** YYYY-MM of a bucket from `monthBucket` in a zone. */
export const monthOfBucket = (bucket: string, zone: string): string =>
  bucket.length === 7 ? bucket : monthOf(`${bucket}:00.000Z`, zone);

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Rows grouped by a key, each group made once and added to. */
export function grouped<Row>(make: (key: string) => Row): { at(key: string): Row; rows(): Row[] } {
  const map = new Map<string, Row>();
  return {
    at(key) {
      let row = map.get(key);
      if (!row) map.set(key, (row = make(key)));
      return row;
    },
    rows: () => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row),
  };
}
