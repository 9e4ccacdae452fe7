/**
 * No double booking among records written together (an import of bookings or of events) and
 * with the stored ones (SPEC §7, §11), judged by the same `firstClash` as a single write: each
 * entry's holdings may not share a space that cannot be shared, at overlapping times, with a
 * stored definite event of another booking or with an earlier entry's of another booking. The
 * stored holdings are read once for the stretch all entries span, and indexed per space by start.
 */
import type { FieldProblem } from '../../errors.js';
import type { Work } from '../../writes/unit-of-work.js';
import type { BulkOutcome } from '../bulk.js';
import { clashMessage, firstClash, type Holding, holdingsBetween } from '../occupancy/index.js';
import { clashingSpaces, type SpaceShape } from '../occupancy/index.js';

/** An entry of the write (by its index) and what it would hold, one holding per space, all of one event. */
export interface HoldingEntry {
  index: number;
  holdings: Holding[];
}

interface SpaceIndex {
  list: Holding[];
  /** The latest end among each holding and those before it. */
  reach: string[];
}

/** Per space, the holdings by start, with the latest end among each one and those before it. */
function bySpace(holdings: readonly Holding[]): Map<string, SpaceIndex> {
  const spaces = new Map<string, SpaceIndex>();
  for (const h of holdings) {
    const space = spaces.get(h.spaceId) ?? { list: [], reach: [] };
    space.list.push(h);
    spaces.set(h.spaceId, space);
  }
  for (const space of spaces.values()) {
    space.list.sort((a, b) =>
      a.occupiedFrom < b.occupiedFrom ? -1 : a.occupiedFrom > b.occupiedFrom ? 1 : 0,
    );
    let reach = '';
    space.reach = space.list.map((h) => (reach = h.occupiedUntil > reach ? h.occupiedUntil : reach));
  }
  return spaces;
}

/** The holdings of one space that overlap [from, until): a binary search, then back while any could. */
function overlapping(space: SpaceIndex | undefined, from: string, until: string): Holding[] {
  if (!space) return [];
  let low = 0;
  let high = space.list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (space.list[mid]!.occupiedFrom < until) low = mid + 1;
    else high = mid;
  }
  const found: Holding[] = [];
  for (let i = low - 1; i >= 0 && space.reach[i]! > from; i--) {
    if (space.list[i]!.occupiedUntil > from) found.push(space.list[i]!);
  }
  return found;
}

/**
 * The entries that would clash, each with one `space_conflict` problem naming the holding that
 * ends first. `order` gives the index of each entry's event id: a holding of an entry is in the
 * way only of later entries, so a pair within the write is told once, on the later one.
 */
export async function clashesInBulk(
  work: Work,
  entries: readonly HoldingEntry[],
  order: ReadonlyMap<string, number>,
  shapes: ReadonlyMap<string, SpaceShape>,
): Promise<BulkOutcome<never>['problems']> {
  const all = entries.flatMap((e) => e.holdings);
  if (all.length === 0) return [];
  const from = all.reduce((m, h) => (h.occupiedFrom < m ? h.occupiedFrom : m), all[0]!.occupiedFrom);
  const until = all.reduce((m, h) => (h.occupiedUntil > m ? h.occupiedUntil : m), all[0]!.occupiedUntil);
  const stored = await holdingsBetween(work.trx, work.actor.organizationId, shapes, { from, until });
  const spaces = bySpace([...stored, ...all]);
  const problems: BulkOutcome<never>['problems'] = [];
  for (const { index, holdings } of entries) {
    const [own] = holdings;
    if (!own) continue;
    const spaceIds = holdings.map((h) => h.spaceId);
    // Stored events, and entries before this one, hold what it may not share.
    const candidates = clashingSpaces(spaceIds, shapes).flatMap((spaceId) =>
      overlapping(spaces.get(spaceId), own.occupiedFrom, own.occupiedUntil).filter(
        (other) => (order.get(other.eventId) ?? -1) < index,
      ),
    );
    const hold = {
      spaceIds,
      from: own.occupiedFrom,
      until: own.occupiedUntil,
      exceptBookingId: own.bookingId,
    };
    const clash = firstClash(hold, candidates, shapes);
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
