/**
 * The pipeline and conversion reports (SPEC §14), per currency:
 * - `pipeline`: bookings by status and month of their first event, with how many and what they
 *   are worth (`grand_total`: the grand total once priced, the typed estimate before, as the
 *   API's total_amount), for first events in the range;
 * - `conversion`: of the leads created in the range (by month of creation), how many became
 *   definite (definite or closed now), how many were lost and why, how many are still open, and
 *   what the won ones are worth.
 */
import type { Db } from '../../db/database.js';
import { type BookingStatus } from '../bookings/booking.table.js';
import { boundsOf, grouped, monthOf, type ReportRange } from './report-range.js';

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

const worth = (row: { line_count: number; grand_total: number; total_amount: number }) =>
  Number(row.line_count) > 0 ? Number(row.grand_total) : Number(row.total_amount);

export async function pipelineReport(
  db: Db,
  organizationId: string,
  range: ReportRange,
): Promise<PipelineRow[]> {
  const bounds = await boundsOf(db, organizationId, range);
  let query = db
    .selectFrom('bookings')
    .select(['status', 'start_at', 'currency', 'line_count', 'grand_total', 'total_amount'])
    .where('organization_id', '=', organizationId);
  if (bounds.start) query = query.where('start_at', '>=', bounds.start);
  if (bounds.end) query = query.where('start_at', '<', bounds.end);
  const groups = grouped<PipelineRow>((key) => {
    const [month = '', status = '', currency = ''] = key.split('|');
    return { month, status: status as BookingStatus, currency, count: 0, grand_total: 0 };
  });
  for (const row of await query.execute()) {
    const group = groups.at(`${monthOf(row.start_at, bounds.zone)}|${row.status}|${row.currency}`);
    group.count += 1;
    group.grand_total += worth(row);
  }
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
  let query = db
    .selectFrom('bookings')
    .select(['status', 'created_at', 'currency', 'line_count', 'grand_total', 'total_amount', 'lost_reason'])
    .where('organization_id', '=', organizationId);
  if (bounds.start) query = query.where('created_at', '>=', bounds.start);
  if (bounds.end) query = query.where('created_at', '<', bounds.end);
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
  for (const row of await query.execute()) {
    const group = groups.at(`${monthOf(row.created_at, bounds.zone)}|${row.currency}`);
    group.leads += 1;
    if (row.status === 'definite' || row.status === 'closed') {
      group.won += 1;
      group.won_total += worth(row);
    } else if (row.status === 'lost') {
      group.lost += 1;
      const reason = row.lost_reason?.trim() || 'No reason given';
      group.lost_reasons[reason] = (group.lost_reasons[reason] ?? 0) + 1;
    } else group.open += 1;
  }
  return groups.rows().map((row) => ({ ...row, conversion_rate: percentage(row.won, row.leads) }));
}
