/**
 * The pipeline and conversion reports (SPEC §14), per currency:
 * - `pipeline`: bookings by status and month of their first event, with how many and what they
 *   are worth (`grand_total`: the grand total once priced, the typed estimate before, as the
 *   API's total_amount), for first events in the range;
 * - `conversion`: of the leads created in the range (by month of creation), how many became
 *   definite (definite or closed now), how many were lost and why, how many are still open, and
 *   what the won ones are worth.
 */
import { sql } from 'kysely';
import { withAggregates } from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';
import type { BookingStatus } from '../bookings/index.js';
import {
  type Bounds,
  boundsOf,
  grouped,
  inWindows,
  monthBucket,
  monthOfBucket,
  type ReportRange,
} from './report-range.js';

export interface PipelineRow {
  month: string;
  status: BookingStatus;
  currency: string;
  count: number;
  grand_total: number;
}

export interface ConversionRow {
  month: string;
  currency: string;
  leads: number;
  won: number;
  lost: number;
  open: number;
  /** Won of the leads, as a percentage with one decimal ("37.5"); "0.0" with no leads. */
  conversion_rate: string;
  won_total: number;
  /** How many were lost for each reason given. */
  lost_reasons: Record<string, number>;
}

/**
 * The database counts and sums the bookings by month bucket (report-range.ts), status and
 * currency (and lost reason), so only groups come back: a booking is worth its grand total once
 * priced, its typed estimate before.
 */
const COUNT = sql<number | string>`count(*)`;
const WORTH = sql<number | string>`sum(case when line_count > 0 then grand_total else total_amount end)`;

interface BookingGroup {
  bucket: string;
  status: BookingStatus;
  currency: string;
  lost_reason: string | null;
  count: number;
  worth: number;
}

/** The bookings whose `column` is in the range, grouped (in windows of it on SQLite). */
function bookingGroups(
  db: Db,
  organizationId: string,
  bounds: Bounds,
  column: 'start_at' | 'created_at',
  take: (rows: BookingGroup[]) => void,
) {
  const bucket = monthBucket(db, sql.ref(column));
  return inWindows(
    db,
    { table: 'bookings', column, organizationId },
    async (start, end) => {
      let query = db
        .selectFrom('bookings')
        .select([
          bucket.as('bucket'),
          'status',
          'currency',
          'lost_reason',
          COUNT.as('count'),
          WORTH.as('worth'),
        ])
        .where('organization_id', '=', organizationId);
      for (const from of [bounds.start, start]) if (from) query = query.where(column, '>=', from);
      for (const until of [bounds.end, end]) if (until) query = query.where(column, '<', until);
      const rows = await query.groupBy([bucket, 'status', 'currency', 'lost_reason']).execute();
      return withAggregates(rows, 'count', 'worth');
    },
    take,
  );
}

export async function pipelineReport(
  db: Db,
  organizationId: string,
  range: ReportRange,
): Promise<PipelineRow[]> {
  const bounds = await boundsOf(db, organizationId, range);
  const groups = grouped<PipelineRow>((key) => {
    const [month = '', status = '', currency = ''] = key.split('|');
    return { month, status: status as BookingStatus, currency, count: 0, grand_total: 0 };
  });
  await bookingGroups(db, organizationId, bounds, 'start_at', (rows) => {
    for (const row of rows) {
      const group = groups.at(`${monthOfBucket(row.bucket, bounds.zone)}|${row.status}|${row.currency}`);
      group.count += row.count;
      group.grand_total += row.worth;
    }
  });
  return groups.rows();
}

/** A rate with one decimal, from whole numbers alone (no float near the figures shown). */
export function percentage(part: number, whole: number): string {
  if (whole === 0) return '0.0';
  const tenths = Math.floor((part * 1000 + Math.floor(whole / 2)) / whole);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

export async function conversionReport(
  db: Db,
  organizationId: string,
  range: ReportRange,
): Promise<ConversionRow[]> {
  const bounds = await boundsOf(db, organizationId, range);
  const groups = grouped<ConversionRow>((key) => {
    const [month = '', currency = ''] = key.split('|');
    return {
      month,
      currency,
      leads: 0,
      won: 0,
      lost: 0,
      open: 0,
      conversion_rate: '0.0',
      won_total: 0,
      lost_reasons: {},
    };
  });
  await bookingGroups(db, organizationId, bounds, 'created_at', (rows) => {
    for (const row of rows) {
      const group = groups.at(`${monthOfBucket(row.bucket, bounds.zone)}|${row.currency}`);
      const count = row.count;
      group.leads += count;
      if (row.status === 'definite' || row.status === 'closed') {
        group.won += count;
        group.won_total += row.worth;
      } else if (row.status === 'lost') {
        group.lost += count;
        const reason = row.lost_reason?.trim() || 'No reason given';
        group.lost_reasons[reason] = (group.lost_reasons[reason] ?? 0) + count;
      } else group.open += count;
    }
  });
  return groups.rows().map((row) => ({ ...row, conversion_rate: percentage(row.won, row.leads) }));
}
