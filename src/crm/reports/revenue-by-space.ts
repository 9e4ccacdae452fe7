/**
 * Revenue by space (SPEC §14): the line-item amounts of definite and closed bookings, by space
 * and month, per currency. A line of an event counts for that event's spaces in equal parts, in
 * the month the event starts; a line of the booking as a whole for the booking's spaces, in the
 * month of its first event; a line with no space at all is told under no space. Parts are whole
 * minor units: an amount a space count does not divide leaves a remainder of a few units, given
 * one each to the first spaces by id, so the parts always add up to the line exactly.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  boundsOf,
  grouped,
  inWindows,
  jsonArrayLength,
  monthBucket,
  monthOfBucket,
  type ReportRange,
} from './report-range.js';

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
  // A line's instant and spaces: its event's, else its booking's. The database groups the lines
  // by month bucket (report-range.ts), currency, spaces and the remainder of the line's amount
  // divided by its space count, and sums each group: lines of a group are split alike, so the
  // group's parts follow from its sum (below), and as many groups come back as there are months,
  // currencies, sets of spaces and remainders, whatever the number of lines.
  const at = sql<string>`coalesce(e.start_at, b.start_at)`;
  const held = sql<string>`coalesce(e.space_ids, b.space_ids)`;
  const bucket = monthBucket(db, at);
  const count = jsonArrayLength(db, held);
  const remainder = sql<
    number | string
  >`case when ${count} = 0 then 0 else ((l.amount % ${count}) + ${count}) % ${count} end`;
  const lineGroups = (start: string | undefined, end: string | undefined) => {
    let query = db
      .selectFrom('bookings as b')
      .innerJoin('line_items as l', 'l.booking_id', 'b.id')
      .leftJoin('events as e', 'e.id', 'l.event_id')
      .select([
        bucket.as('bucket'),
        'b.currency',
        held.as('held'),
        remainder.as('remainder'),
        sql<number | string>`sum(l.amount)`.as('amount'),
        sql<number | string>`count(*)`.as('lines'),
      ])
      .where('b.organization_id', '=', organizationId)
      .where('b.status', 'in', ['definite', 'closed']);
    // Every event of a booking lies within the booking's times.
    if (bounds.start) query = query.where('b.end_at', '>', bounds.start).where(at, '>=', bounds.start);
    if (bounds.end) query = query.where('b.start_at', '<', bounds.end).where(at, '<', bounds.end);
    if (start) query = query.where('b.start_at', '>=', start);
    if (end) query = query.where('b.start_at', '<', end);
    return query.groupBy([bucket, 'b.currency', held, remainder]).execute();
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
  const windowed = { table: 'bookings' as const, column: 'start_at' as const, organizationId };
  await inWindows(db, windowed, lineGroups, (rows) => {
    for (const group of rows) {
      const month = monthOfBucket(group.bucket, bounds.zone);
      let ids = idsOf.get(group.held);
      if (!ids) {
        // The rules keep a row's spaces a set: no id twice.
        const set = (JSON.parse(group.held) as string[]).sort();
        idsOf.set(group.held, (ids = set.length > 0 ? set : ['']));
      }
      const parts = splitSum(Number(group.amount), Number(group.lines), Number(group.remainder), ids.length);
      parts.forEach((part, i) => {
        groups.at(`${month}|${group.currency}|${ids[i]}`).amount += part;
      });
    }
  });
  return groups.rows();
}
