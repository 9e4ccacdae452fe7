/** Spaces' rows, and the bookings that hold them. */
import type { Db, Trx } from '../../db/database.js';

/** Whether another space of the organization has this name. */
export async function nameTaken(
  trx: Db | Trx,
  organizationId: string,
  name: string,
  except?: string,
): Promise<boolean> {
  // A name holding a NUL is refused by the rules; no space has one.
  if (name.includes('\u0000')) return false;
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
