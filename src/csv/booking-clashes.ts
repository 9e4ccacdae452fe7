/**
 * No double booking (SPEC §7) across a whole import: two definite bookings may not hold one space
 * at overlapping times (half-open intervals), whether both come from the file or one is already
 * stored. Checked per space by sorting its definite bookings by start, under the organization's
 * booking lock, so nothing written meanwhile can slip between the check and the insert.
 */
import type { Booking } from '../crm/bookings/booking.table.js';
import type { Trx } from '../db/database.js';
import type { SpaceInfo } from './lookups.js';
import type { RowErrors } from './row-errors.js';

interface Holding {
  startAt: string;
  endAt: string;
  /** The file's row, or undefined for a stored booking. */
  row: number | undefined;
  /** How the message names it: a reference, or "row N of this file". */
  label: string;
}

async function storedHoldings(
  trx: Trx,
  organizationId: string,
  spaceIds: readonly string[],
  from: string,
  to: string,
): Promise<Array<Holding & { spaceId: string }>> {
  if (spaceIds.length === 0) return [];
  const rows = await trx
    .selectFrom('bookings as b')
    .innerJoin('booking_spaces as bs', 'bs.booking_id', 'b.id')
    .select(['bs.space_id', 'b.reference', 'b.start_at', 'b.end_at'])
    .where('b.organization_id', '=', organizationId)
    .where('b.status', '=', 'definite')
    .where('bs.space_id', 'in', [...spaceIds])
    .where('b.start_at', '<', to)
    .where('b.end_at', '>', from)
    .execute();
  return rows.map((r) => ({
    spaceId: r.space_id,
    startAt: r.start_at,
    endAt: r.end_at,
    row: undefined,
    label: `${r.reference} (definite)`,
  }));
}

export async function checkSpaceClashes(
  trx: Trx,
  organizationId: string,
  bookings: ReadonlyArray<{ row: number; booking: Booking }>,
  spaces: ReadonlyMap<string, SpaceInfo>,
  errors: RowErrors,
): Promise<void> {
  const bySpace = new Map<string, Holding[]>();
  const hold = (spaceId: string, holding: Holding) => {
    const list = bySpace.get(spaceId) ?? [];
    list.push(holding);
    bySpace.set(spaceId, list);
  };
  let from = '9999';
  let to = '0000';
  for (const { row, booking } of bookings) {
    if (booking.status !== 'definite') continue;
    for (const spaceId of JSON.parse(booking.space_ids) as string[]) {
      hold(spaceId, {
        startAt: booking.start_at,
        endAt: booking.end_at,
        row,
        label: `row ${row} of this file (definite)`,
      });
    }
    if (booking.start_at < from) from = booking.start_at;
    if (booking.end_at > to) to = booking.end_at;
  }
  for (const stored of await storedHoldings(trx, organizationId, [...bySpace.keys()], from, to)) {
    hold(stored.spaceId, stored);
  }
  const reported = new Set<number>();
  for (const [spaceId, holdings] of bySpace) {
    holdings.sort((a, b) =>
      a.startAt < b.startAt ? -1 : a.startAt > b.startAt ? 1 : (a.row ?? 0) - (b.row ?? 0),
    );
    let longest: Holding | undefined;
    for (const current of holdings) {
      if (longest && current.startAt < longest.endAt) {
        // Report it on the file's row (the stored booking is not the import's to change).
        const [atFault, other] = current.row !== undefined ? [current, longest] : [longest, current];
        if (atFault.row !== undefined && !reported.has(atFault.row)) {
          reported.add(atFault.row);
          errors.add(
            atFault.row,
            'space_ids',
            `${spaces.get(spaceId)?.name ?? spaceId} is already booked by ${other.label} from ${other.startAt} to ${other.endAt}`,
          );
        }
      }
      if (!longest || current.endAt > longest.endAt) longest = current;
    }
  }
}
