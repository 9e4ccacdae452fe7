/** Spaces' rows, and the bookings that hold them. */
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.js';
import type { SetupStyle } from './space.table.js';
import { countOf } from '../../db/aggregates.js';

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
  return countOf(
    trx
      .selectFrom('booking_spaces')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('space_id', '=', spaceId),
  );
}

/** What a space takes: in general, and by setup style where set (SPEC §11). */
export interface SpaceLimits {
  capacity: number | null;
  capacities: Readonly<Record<string, number>>;
}

/**
 * Open bookings with an event in the space for more guests than it would take for the event's
 * setup style (else its capacity; no limit where neither is set), counted in one statement.
 */
export async function countBookingsOver(
  trx: Db | Trx,
  spaceId: string,
  limits: SpaceLimits,
): Promise<number> {
  const styles = Object.entries(limits.capacities) as Array<[SetupStyle, number]>;
  return countOf(
    trx
      .selectFrom('events as e')
      .innerJoin('event_spaces as es', 'es.event_id', 'e.id')
      .select((eb) => eb.fn.count<number>('e.booking_id').distinct().as('n'))
      .where('es.space_id', '=', spaceId)
      .where('e.status', 'in', ['lead', 'tentative', 'definite'])
      .where((eb) => {
        // Whole numbers checked by the rules, written as literals so both databases compare integers.
        const general = limits.capacity === null ? sql<number>`null` : sql.lit(limits.capacity);
        if (styles.length === 0) return eb('e.guest_count', '>', general);
        let limit = eb.case().when('e.setup_style', '=', styles[0]![0]).then(sql.lit(styles[0]![1]));
        for (const [style, n] of styles.slice(1))
          limit = limit.when('e.setup_style', '=', style).then(sql.lit(n));
        return eb('e.guest_count', '>', limit.else(general).end());
      }),
  );
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
