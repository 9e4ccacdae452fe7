/** What the pages read of payments: a booking's, in the order they were received. */
import type { Db } from '../../db/database.js';
import type { Payment } from './payment.table.js';

export function paymentsOf(db: Db, organizationId: string, bookingId: string): Promise<Payment[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .orderBy('received_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
