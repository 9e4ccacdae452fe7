/**
 * The days a report covers (SPEC §14): `from` and `to`, dates (YYYY-MM-DD) in the organization's
 * time zone, both inclusive and both optional, as the instants that bound them; and the month
 * (YYYY-MM) of an instant in that zone, which the reports group by.
 */
import { sql } from 'kysely';
import { isSqlite } from '../../db/column-types.js';
import type { Db } from '../../db/database.js';
export { monthBucket } from '../../db/report-sql.js';
import { addDays, zonedToUtc } from '../../wall-clock.js';

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
 * of a UTC month the local month is the UTC month; near a month's turn it is the month whose
 * first instant in the zone the instant has reached, those instants asked of the zone's rules
 * once per zone and month (reports put every booking near a turn in its month; the zone's rules
 * cost microseconds a row).
 */
export function monthOf(instant: string, zone: string): string {
  const ms = Date.parse(instant);
  const utc = new Date(ms);
  const day = utc.getUTCDate();
  const year = utc.getUTCFullYear();
  const month = utc.getUTCMonth();
  if (day >= 2 && day <= 27) return yearMonth(year, month);
  const later = day === 1 ? month : month + 1;
  return ms >= monthStart(year, later, zone) ? yearMonth(year, later) : yearMonth(year, later - 1);
}

/** YYYY-MM of a UTC year and month (0-based, any integer: -1 is the year before's December). */
function yearMonth(year: number, month: number): string {
  const at = new Date(Date.UTC(year, month, 1));
  return `${at.getUTCFullYear().toString().padStart(4, '0')}-${pad2(at.getUTCMonth() + 1)}`;
}

const monthStarts = new Map<string, number>();

/** The first instant of a month (as `yearMonth`) in a zone: its 1st's first instant there. */
function monthStart(year: number, month: number, zone: string): number {
  const first = `${yearMonth(year, month)}-01`;
  const key = `${zone} ${first}`;
  let at = monthStarts.get(key);
  if (at === undefined) {
    at = zonedToUtc(first, zone) ?? Date.parse(`${first}T00:00:00.000Z`);
    if (monthStarts.size >= 10_000) monthStarts.clear();
    monthStarts.set(key, at);
  }
  return at;
}

/** YYYY-MM of a bucket from `monthBucket` in a zone. */
export const monthOfBucket = (bucket: string, zone: string): string =>
  bucket.length === 7 ? bucket : monthOf(`${bucket}:00.000Z`, zone);

/** The instants a report's windows divide: its bookings' starts or creations, or its lines' instants. */
export type WindowSpan = { organizationId: string } & (
  { table: 'bookings'; column: 'start_at' | 'created_at' } | { table: 'report_lines'; column: 'at' }
);

/**
 * On SQLite a statement runs on the event loop's thread, start to end: a report's read of every
 * booking would hold it while it runs. There `read` is made for windows of a column's instants,
 * each its own statement, and the loop has a turn between them; each window is sized by how long
 * the last took, for about WINDOW_MS each. PostgreSQL answers while the loop goes on: one read,
 * whose rows are taken a slice at a time.
 * `read` is given [start, end) (undefined: open) and applies the range's bounds itself; `take`
 * is given each window's rows as they come, so they are added up between the windows.
 */
export async function inWindows<Row>(
  db: Db,
  span: WindowSpan,
  read: (start: string | undefined, end: string | undefined) => Promise<Row[]>,
  take: (rows: Row[]) => void,
): Promise<void> {
  if (!isSqlite(db)) return takeInSlices(await read(undefined, undefined), take);
  const { table, column, organizationId } = span;
  const edge = (order: 'asc' | 'desc') =>
    db
      .selectFrom(table)
      .select(sql<string>`${sql.ref(column)}`.as('at'))
      .where('organization_id', '=', organizationId)
      .orderBy(sql.ref(column), order)
      .limit(1)
      .executeTakeFirst();
  const [first, last] = [await edge('asc'), await edge('desc')];
  if (!first || !last) return take(await read(undefined, undefined));
  const stop = Date.parse(last.at);
  let at = Date.parse(first.at);
  let start: string | undefined;
  let width = FIRST_WINDOW;
  for (;;) {
    const end = at + width > stop ? undefined : new Date(at + width).toISOString();
    const started = performance.now();
    take(await read(start, end));
    if (end === undefined) return;
    const took = Math.max(performance.now() - started, 1);
    at += width;
    start = end;
    width = Math.max(HOUR, Math.round(width * Math.min(4, Math.max(0.25, WINDOW_MS / took))));
    await new Promise((next) => setImmediate(next));
  }
}

/**
 * PostgreSQL answers a report's read whole (thousands of groups): they are added up a slice at a
 * time, with a turn of the event loop between two slices, so no turn adds them all.
 */
async function takeInSlices<Row>(rows: Row[], take: (rows: Row[]) => void): Promise<void> {
  for (let start = 0; start < rows.length; start += SLICE) {
    if (start > 0) await new Promise((next) => setImmediate(next));
    take(rows.slice(start, start + SLICE));
  }
}

const SLICE = 1_000;
const HOUR = 3_600_000;
const FIRST_WINDOW = 30 * 24 * HOUR;
const WINDOW_MS = 15;

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
