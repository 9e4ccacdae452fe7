/**
 * The days a report covers (SPEC §14): `from` and `to`, dates (YYYY-MM-DD) in the organization's
 * time zone, both inclusive and both optional, as the instants that bound them; and the month
 * (YYYY-MM) of an instant in that zone, which the reports group by.
 */
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
