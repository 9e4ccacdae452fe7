/** The installments of an organization's bookings still owed, earliest due first. */
import type { Db } from '../db/database.js';

export interface DueInstallment {
  id: string;
  booking_id: string;
  booking_reference: string;
  booking_name: string;
  label: string;
  due_on: string | null;
  amount_due: number;
  paid_amount: number;
  balance: number;
  currency: string;
  state: string;
}

export async function paymentsDue(
  db: Db,
  organizationId: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<DueInstallment[]> {
  let query = db
    .selectFrom('installments as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .select([
      'i.id',
      'i.booking_id',
      'b.reference as booking_reference',
      'b.name as booking_name',
      'i.label',
      'i.due_on',
      'i.amount_due',
      'i.paid_amount',
      'b.currency',
      'i.state',
    ])
    .where('i.organization_id', '=', organizationId)
    .where('i.state', '<>', 'paid')
    .where('b.status', '<>', 'lost')
    .whereRef('i.amount_due', '>', 'i.paid_amount');
  if (range.from) query = query.where('i.due_on', '>=', range.from);
  if (range.to) query = query.where('i.due_on', '<=', range.to);
  const rows = await query.orderBy('i.due_on').orderBy('i.id').limit(500).execute();
  return rows.map((r) => ({
    ...r,
    amount_due: Number(r.amount_due),
    paid_amount: Number(r.paid_amount),
    balance: Number(r.amount_due) - Number(r.paid_amount),
  }));
}
