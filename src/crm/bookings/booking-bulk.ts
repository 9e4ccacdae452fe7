/**
 * Bookings of an import (../bulk.ts), by the rules of one booking (booking-rules.ts) and with no
 * double booking among them or with the stored ones (booking-clash.ts): a definite entry that
 * would share a space with a stored definite booking, or with an entry before it, is refused
 * naming the one that ends first, as a single write would be. References are taken as one block.
 */
import type { Holding } from './booking-clash.js';
import { clashMessage, firstClash, holdingsBetween } from './booking-clash.js';
import type { Work } from '../../writes/unit-of-work.js';
import {
  type BulkOutcome,
  type BulkRequest,
  insertAll,
  judgeAll,
  ROWS_PER_INSERT,
  stamped,
} from '../bulk.js';
import type { VenueFacts } from '../facts.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { FieldProblem } from '../../errors.js';
import { takeBookingReferences } from './booking-numbers.js';
import { type BookingFields, type BookingInput, checkBooking, spaceIdsOf } from './booking-rules.js';
import { bookingDefinition } from './booking.resource.js';
import type { Booking } from './booking.table.js';

interface Entry {
  index: number;
  holdings: Holding[];
}

/** Per space, the holdings by start, with the latest end among each one and those before it. */
function bySpace(holdings: readonly Holding[]) {
  const spaces = new Map<string, { list: Holding[]; reach: string[] }>();
  for (const h of holdings) {
    const space = spaces.get(h.spaceId) ?? { list: [], reach: [] };
    space.list.push(h);
    spaces.set(h.spaceId, space);
  }
  for (const space of spaces.values()) {
    space.list.sort((a, b) => (a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : 0));
    let reach = '';
    space.reach = space.list.map((h) => (reach = h.endAt > reach ? h.endAt : reach));
  }
  return spaces;
}

/** The holdings of one space that overlap [startAt, endAt): a binary search, then back while any could. */
function overlapping(space: { list: Holding[]; reach: string[] }, startAt: string, endAt: string): Holding[] {
  let low = 0;
  let high = space.list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (space.list[mid]!.startAt < endAt) low = mid + 1;
    else high = mid;
  }
  const found: Holding[] = [];
  for (let i = low - 1; i >= 0 && space.reach[i]! > startAt; i--) {
    if (space.list[i]!.endAt > startAt) found.push(space.list[i]!);
  }
  return found;
}

async function clashes(
  work: Work,
  entries: readonly Entry[],
  order: ReadonlyMap<string, number>,
): Promise<BulkOutcome<never>['problems']> {
  const all = entries.flatMap((e) => e.holdings);
  if (all.length === 0) return [];
  const from = all.reduce((m, h) => (h.startAt < m ? h.startAt : m), all[0]!.startAt);
  const to = all.reduce((m, h) => (h.endAt > m ? h.endAt : m), all[0]!.endAt);
  const spaceIds = [...new Set(all.map((h) => h.spaceId))];
  const stored = await holdingsBetween(work.trx, work.actor.organizationId, {
    spaceIds,
    startAt: from,
    endAt: to,
  });
  const spaces = bySpace([...stored, ...all]);
  const problems: BulkOutcome<never>['problems'] = [];
  for (const { index, holdings } of entries) {
    const [own] = holdings;
    if (!own) continue;
    // Stored bookings, and entries before this one, hold what it may not share.
    const candidates = holdings.flatMap((h) =>
      overlapping(spaces.get(h.spaceId)!, own.startAt, own.endAt).filter(
        (other) => (order.get(other.bookingId) ?? -1) < index,
      ),
    );
    const hold = { spaceIds: holdings.map((h) => h.spaceId), startAt: own.startAt, endAt: own.endAt };
    const clash = firstClash(hold, candidates);
    if (clash) {
      const problem: FieldProblem = {
        field: 'spaces',
        detail: clashMessage(clash),
        code: 'space_conflict',
        source: { pointer: '/data/relationships/spaces/data' },
      };
      problems.push({ index, problems: [problem] });
    }
  }
  return problems;
}

export async function createBookingsInBulk(
  work: Work,
  facts: VenueFacts,
  request: BulkRequest<BookingInput>,
): Promise<BulkOutcome<Booking>> {
  const organizationId = work.actor.organizationId;
  const judged = judgeAll(request, (input) => checkBooking(input, undefined, facts));
  const refused = new Set(judged.problems.map((p) => p.index));
  const rows = judged.values.map((fields: BookingFields) =>
    stamped({ ...fields, reference: '' }, organizationId, work.now),
  );
  const order = new Map(rows.map((row, index) => [row.id, index]));
  const definite: Entry[] = rows.flatMap((row, index) =>
    refused.has(index) || row.status !== 'definite'
      ? []
      : [
          {
            index,
            holdings: spaceIdsOf(row).map((spaceId) => ({
              bookingId: row.id,
              reference: request.entries[index]!.label,
              name: row.name,
              spaceId,
              spaceName: facts.space(spaceId)?.name ?? spaceId,
              startAt: row.start_at,
              endAt: row.end_at,
              timezone: row.timezone,
            })),
          },
        ],
  );
  const problems = [...judged.problems, ...(await clashes(work, definite, order))].sort(
    (a, b) => a.index - b.index,
  );
  if (problems.length > 0 || !request.write) return { created: [], problems };
  const references = await takeBookingReferences(work.trx, organizationId, rows.length);
  rows.forEach((row, i) => (row.reference = references[i]!));
  await insertAll(work, bookingDefinition, rows, request.progress, async (trx) => {
    const holdings = rows.flatMap((row) =>
      spaceIdsOf(row).map((spaceId) => ({ booking_id: row.id, space_id: spaceId })),
    );
    await insertInChunks(trx, 'booking_spaces', holdings, ROWS_PER_INSERT * 4);
  });
  return { created: rows, problems };
}
