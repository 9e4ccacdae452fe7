/**
 * What holds a booking to its currency besides its lines (src/crm/bookings/booking-prices.ts):
 * its installments, payments and documents, counted in the unit of work that would change it.
 */
import type { Db, Trx } from '../../db/database.js';
import type { MoneyHeld } from './booking-prices.js';

export async function moneyHeldBy(db: Db | Trx, bookingId: string): Promise<MoneyHeld> {
  const count = async (table: 'installments' | 'payments' | 'documents') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('booking_id', '=', bookingId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [installments, payments, documents] = await Promise.all([
    count('installments'),
    count('payments'),
    count('documents'),
  ]);
  return { installments, payments, documents };
}
