/**
 * Revenue by space (SPEC §14): the line-item amounts of definite and closed bookings, by space
 * and month, per currency. A line of an event counts for that event's spaces in equal parts, in
 * the month the event starts; a line of the booking as a whole for the booking's spaces, in the
 * month of its first event; a line with no space at all is told under no space. Parts are whole
 * minor units: an amount a space count does not divide leaves a remainder of a few units, given
 * one each to the first spaces by id, so the parts always add up to the line exactly.
 * The lines are read from `report_lines` (report-line.table.ts), which the database keeps.
 */
import { sql } from 'kysely';
import { withAggregates } from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';
import { spaceIds } from '../data/row-mappers.js';
import { boundsOf, grouped, inWindows, monthOfBucket, type ReportRange } from './report-range.js';

export interface RevenueBySpaceRow {
  month: string;
  /** null: lines of bookings and events that hold no space. */
  space_id: string | null;
  space_name: string;
  currency: string;
  amount: number;
}

/** `amount` in `parts` whole parts that add up to it exactly, the larger ones first. */
export function splitEvenly(amount: number, parts: number): number[] {
  const base = Math.floor(amount / parts);
  const remainder = amount - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}

/**
 * The parts of `lines` amounts, adding up to `sum`, each split by `splitEvenly` into `parts`
 * parts, when each amount leaves `remainder` divided by `parts` (0 ≤ remainder < parts): each
 * amount is `parts` × its base + remainder, so the bases add up to (sum − remainder × lines) ÷
 * parts, and the first `remainder` parts of each amount are one more than its base.
 */
export function splitSum(sum: number, lines: number, remainder: number, parts: number): number[] {
  const bases = (sum - remainder * lines) / parts;
  return Array.from({ length: parts }, (_, i) => bases + (i < remainder ? lines : 0));
}

export const NO_SPACE = 'No space';

export async function revenueBySpace(
  db: Db,
  organizationId: string,
  range: ReportRange,
): Promise<RevenueBySpaceRow[]> {
  const bounds = await boundsOf(db, organizationId, range);
  // Each counted line with its instant, month bucket, spaces and the remainder of its amount
  // divided by its space count, as the database keeps them (report-line.table.ts). The database
  // groups the lines by bucket, currency, spaces and remainder, and sums each group: lines of a
  // group are split alike, so the group's parts follow from its sum (below), and as many groups
  // come back as there are months, currencies, sets of spaces and remainders, whatever the number
  // of lines.
  const lineGroups = async (start: string | undefined, end: string | undefined) => {
    let query = db
      .selectFrom('report_lines')
      .select([
        'bucket',
        'currency',
        'held',
        'remainder',
        sql<number | string>`sum(amount)`.as('amount'),
        sql<number | string>`count(*)`.as('lines'),
      ])
      .where('organization_id', '=', organizationId);
    const from = [bounds.start, start]
      .filter((at) => at !== undefined)
      .sort()
      .at(-1);
    const until = [bounds.end, end]
      .filter((at) => at !== undefined)
      .sort()
      .at(0);
    if (from) query = query.where('at', '>=', from);
    if (until) query = query.where('at', '<', until);
    const rows = await query.groupBy(['bucket', 'currency', 'held', 'remainder']).execute();
    // The group's sum and count, and the remainder it is grouped by, as numbers.
    return withAggregates(rows, 'amount', 'lines', 'remainder');
  };
  const spaces = await db
    .selectFrom('spaces')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .execute();
  const nameOf = new Map(spaces.map((s) => [s.id, s.name]));
  const groups = grouped<RevenueBySpaceRow>((key) => {
    const [month = '', currency = '', spaceId = ''] = key.split('|');
    return {
      month,
      space_id: spaceId === '' ? null : spaceId,
      space_name: spaceId === '' ? NO_SPACE : (nameOf.get(spaceId) ?? spaceId),
      currency,
      amount: 0,
    };
  });
  const idsOf = new Map<string, string[]>();
  const windowed = { table: 'report_lines' as const, column: 'at' as const, organizationId };
  await inWindows(db, windowed, lineGroups, (rows) => {
    for (const group of rows) {
      const month = monthOfBucket(group.bucket, bounds.zone);
      let ids = idsOf.get(group.held);
      if (!ids) {
        // The rules keep a row's spaces a set: no id twice.
        const set = spaceIds({ space_ids: group.held }).sort();
        idsOf.set(group.held, (ids = set.length > 0 ? set : ['']));
      }
      const parts = splitSum(group.amount, group.lines, group.remainder, ids.length);
      parts.forEach((part, i) => {
        groups.at(`${month}|${group.currency}|${ids[i]}`).amount += part;
      });
    }
  });
  return groups.rows();
}
