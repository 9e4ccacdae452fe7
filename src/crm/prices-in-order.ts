/**
 * A venue's lines and payments, oldest first, read in pages by keyset on (organization_id,
 * created_at, id) as the other records are (records-in-order.ts): each line with its booking's
 * reference and currency and its event's name, each payment with its booking's reference and
 * currency and its installment's label — what the prices' export writes beside the ids
 * (keyset-pages.ts).
 */
import type { Db } from '../db/database.js';
import { PAGE, paged, pageWhere } from './keyset-pages.js';

/** The organization's lines, oldest first, each with its booking's reference and currency and its event's name. */
export function linesInOrder(db: Db, organizationId: string) {
  return paged((position) =>
    db
      .selectFrom('line_items as r')
      .innerJoin('bookings as b', 'b.id', 'r.booking_id')
      .leftJoin('events as e', 'e.id', 'r.event_id')
      .selectAll('r')
      .select(['b.reference as booking_reference', 'b.currency as currency', 'e.name as event_name'])
      .where(pageWhere(organizationId, position))
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(PAGE)
      .execute(),
  );
}

/** The organization's payments, oldest first, each with its booking's reference and currency and its installment's label. */
export function paymentsInOrder(db: Db, organizationId: string) {
  return paged((position) =>
    db
      .selectFrom('payments as r')
      .innerJoin('bookings as b', 'b.id', 'r.booking_id')
      .leftJoin('installments as i', 'i.id', 'r.installment_id')
      .selectAll('r')
      .select(['b.reference as booking_reference', 'b.currency as currency', 'i.label as installment_label'])
      .where(pageWhere(organizationId, position))
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(PAGE)
      .execute(),
  );
}
