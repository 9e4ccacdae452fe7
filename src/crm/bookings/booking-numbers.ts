/**
 * Booking references (SPEC §7: `BK-00001`, … per organization, unique, never reused, safe under
 * concurrent creates): numbers are taken from the organization's counter under its write lock
 * (src/db/organization-lock.ts, taken by the unit of work), so a refused or rolled-back create
 * uses up none and a committed one is never given out again. Should bookings have been written
 * around the counter (an old import, a restored backup), numbers already taken are skipped: the
 * counter moves past the highest reference there is.
 */
import { sql } from 'kysely';
import { aggregateOf } from '../../db/aggregates.js';
import type { Trx } from '../../db/database.js';
import { insertRow } from '../../db/organization-lock.js';

/** The human-readable reference of a booking number: BK-00001, …, BK-99999, BK-100000. */
export function bookingReference(number: number): string {
  return `BK-${String(number).padStart(5, '0')}`;
}

/** The references of `count` new bookings, in order. */
export async function takeBookingReferences(
  trx: Trx,
  organizationId: string,
  count: number,
): Promise<string[]> {
  if (count === 0) return [];
  let last = await moveCounter(trx, organizationId, sql<number>`last_number + ${count}`);
  let references = block(last, count);
  if (await anyTaken(trx, organizationId, references)) {
    const highest = sql<number>`(select coalesce(max(cast(substr(reference, 4) as integer)), 0)
      from bookings where organization_id = ${organizationId} and reference like 'BK-%')`;
    last = await moveCounter(trx, organizationId, sql<number>`${highest} + ${count}`);
    references = block(last, count);
  }
  return references;
}

function block(last: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => bookingReference(last - count + 1 + i));
}

async function moveCounter(trx: Trx, organizationId: string, to: ReturnType<typeof sql<number>>) {
  const row = await trx
    .updateTable('booking_references')
    .set({ last_number: to })
    .where('organization_id', '=', organizationId)
    .returning('last_number')
    .executeTakeFirst();
  if (row) return aggregateOf(row.last_number)!;
  // The organization's first booking: its counter starts at nothing (numbers taken are skipped).
  await insertRow(trx, organizationId);
  return moveCounter(trx, organizationId, to);
}

async function anyTaken(trx: Trx, organizationId: string, references: readonly string[]): Promise<boolean> {
  for (let i = 0; i < references.length; i += 500) {
    const taken = await trx
      .selectFrom('bookings')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('reference', 'in', references.slice(i, i + 500))
      .limit(1)
      .executeTakeFirst();
    if (taken) return true;
  }
  return false;
}
