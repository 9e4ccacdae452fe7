/**
 * Revenue by space (SPEC §14): the line-item amounts of definite and closed bookings, by space
 * and month, per currency. A line of an event counts for that event's spaces in equal parts, in
 * the month the event starts; a line of the booking as a whole for the booking's spaces, in the
 * month of its first event; a line with no space at all is told under no space. Parts are whole
 * minor units: an amount a space count does not divide leaves a remainder of a few units, given
 * one each to the first spaces by id, so the parts always add up to the line exactly.
 */
import type { Db } from '../../db/database.js';
import { boundsOf, grouped, monthOf, type ReportRange } from './report-range.js';

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

export const NO_SPACE = 'No space';

export async function revenueBySpace(
  db: Db,
  organizationId: string,
  range: ReportRange,
): Promise<RevenueBySpaceRow[]> {
  const bounds = await boundsOf(db, organizationId, range);
  let query = db
    .selectFrom('line_items as l')
    .innerJoin('bookings as b', 'b.id', 'l.booking_id')
    .leftJoin('events as e', 'e.id', 'l.event_id')
    .select([
      'l.amount',
      'b.currency',
      'b.start_at as booking_start',
      'b.space_ids as booking_spaces',
      'e.start_at as event_start',
      'e.space_ids as event_spaces',
    ])
    .where('l.organization_id', '=', organizationId)
    .where('b.status', 'in', ['definite', 'closed']);
  // Every event of a booking lies within the booking's times.
  if (bounds.start) query = query.where('b.end_at', '>', bounds.start);
  if (bounds.end) query = query.where('b.start_at', '<', bounds.end);
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
  for (const line of await query.execute()) {
    const at = line.event_start ?? line.booking_start;
    if ((bounds.start && at < bounds.start) || (bounds.end && at >= bounds.end)) continue;
    const month = monthOf(at, bounds.zone);
    const held = [...new Set(JSON.parse(line.event_spaces ?? line.booking_spaces) as string[])].sort();
    const ids = held.length > 0 ? held : [''];
    splitEvenly(Number(line.amount), ids.length).forEach((part, i) => {
      groups.at(`${month}|${line.currency}|${ids[i]}`).amount += part;
    });
  }
  return groups.rows();
}
