/** Spaces' rows, and the bookings that hold them. */
import type { Db, Trx } from '../../db/database.js';
import type { Booking } from '../bookings/booking.table.js';

/** Whether another space of the organization has this name. */
export async function nameTaken(
  trx: Db | Trx,
  organizationId: string,
  name: string,
  except?: string,
): Promise<boolean> {
  let query = trx
    .selectFrom('spaces')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name);
  if (except) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function countBookingsHolding(trx: Trx, spaceId: string): Promise<number> {
  const row = await trx
    .selectFrom('booking_spaces')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('space_id', '=', spaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Open bookings holding the space with more guests than `capacity`. */
export async function countBookingsOver(trx: Db | Trx, spaceId: string, capacity: number): Promise<number> {
  const row = await trx
    .selectFrom('bookings as b')
    .innerJoin('booking_spaces as bs', 'bs.booking_id', 'b.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bs.space_id', '=', spaceId)
    .where('b.status', 'in', ['lead', 'tentative', 'definite'])
    .where('b.guest_count', '>', capacity)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function bookingsHolding(trx: Trx, spaceId: string): Promise<Booking[]> {
  return trx
    .selectFrom('bookings as b')
    .innerJoin('booking_spaces as bs', 'bs.booking_id', 'b.id')
    .selectAll('b')
    .where('bs.space_id', '=', spaceId)
    .execute();
}

/** The names of spaces, in the order of `ids`. */
export async function spaceNames(trx: Db | Trx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('spaces')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id) ?? '');
}
