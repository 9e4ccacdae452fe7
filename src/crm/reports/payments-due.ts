/**
 * The payments due (SPEC §14): the installments a venue is owed money on, with their booking and
 * contact, in the order they fall due (those due on signing first). Without a range: every
 * installment due or overdue now, as the schedule's clock last resolved them
 * (../payments/schedule-clock.ts). With `from` and/or `to` (YYYY-MM-DD, inclusive): the unpaid
 * installments falling due in those days, coming or late. Lost bookings owe nothing. Amounts in
 * minor units of the booking's currency.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { owedOf } from '../payments/index.js';
import type { InstallmentState } from '../payments/index.js';

export interface PaymentDueRow {
  installment_id: string;
  label: string;
  booking_id: string;
  booking_reference: string;
  booking_name: string;
  contact_name: string | null;
  contact_email: string | null;
  /** YYYY-MM-DD in the organization's time zone; null: due on signing. */
  due_on: string | null;
  /** What it is due (minor units). */
  amount: number;
  paid: number;
  outstanding: number;
  currency: string;
  state: InstallmentState;
  overdue: boolean;
}

export async function paymentsDue(
  db: Db,
  organizationId: string,
  range: { from?: string; to?: string },
): Promise<PaymentDueRow[]> {
  let query = db
    .selectFrom('installments as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .leftJoin('contacts as c', 'c.id', 'b.contact_id')
    .select([
      'i.id',
      'i.label',
      'i.due_on',
      'i.amount_due',
      'i.paid_amount',
      'i.state',
      'b.id as booking_id',
      'b.reference',
      'b.name',
      'b.currency',
      'c.first_name',
      'c.last_name',
      'c.email',
    ])
    .where('i.organization_id', '=', organizationId)
    // The words of the index of unpaid installments (migration 2026-11-29T22), so it is used.
    .where(sql<boolean>`i.state <> 'paid'`)
    .whereRef('i.paid_amount', '<', 'i.amount_due')
    .where('b.status', '<>', 'lost');
  if (range.from === undefined && range.to === undefined)
    query = query.where('i.state', 'in', ['due', 'overdue']);
  if (range.from !== undefined) query = query.where('i.due_on', '>=', range.from);
  if (range.to !== undefined) query = query.where('i.due_on', '<=', range.to);
  const rows = await query.execute();
  return rows
    .map((row) => {
      const { amountDue: amount, paidAmount: paid } = owedOf(row);
      const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
      return {
        installment_id: row.id,
        label: row.label,
        booking_id: row.booking_id,
        booking_reference: row.reference,
        booking_name: row.name,
        contact_name: name === '' ? null : name,
        contact_email: row.email ?? null,
        due_on: row.due_on,
        amount,
        paid,
        outstanding: amount - paid,
        currency: row.currency,
        state: row.state,
        overdue: row.state === 'overdue',
      };
    })
    .sort(
      (a, b) =>
        (a.due_on ?? '').localeCompare(b.due_on ?? '') ||
        a.booking_reference.localeCompare(b.booking_reference) ||
        a.installment_id.localeCompare(b.installment_id),
    );
}
