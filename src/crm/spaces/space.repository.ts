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

/** Open bookings with an event in the space for more guests than `capacity`. */
export async function countBookingsOver(trx: Db | Trx, spaceId: string, capacity: number): Promise<number> {
  const row = await trx
    .selectFrom('events as e')
    .innerJoin('event_spaces as es', 'es.event_id', 'e.id')
    .select((eb) => eb.fn.count<number>('e.booking_id').distinct().as('n'))
    .where('es.space_id', '=', spaceId)
    .where('e.status', 'in', ['lead', 'tentative', 'definite'])
    .where('e.guest_count', '>', capacity)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The names of the combined spaces the space is a part of. */
export async function combinedSpacesOf(trx: Db | Trx, spaceId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('space_parts as p')
    .innerJoin('spaces as s', 's.id', 'p.space_id')
    .select('s.name')
    .where('p.part_id', '=', spaceId)
    .orderBy('s.name')
    .execute();
  return rows.map((r) => r.name);
}
