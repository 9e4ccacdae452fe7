/**
 * What the pages and the documents read of payments and installments, as values: a booking's
 * payments in the order they were received, its schedule in order, one installment with the
 * version its form carries.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import { installmentDefinition } from './installment.resource.js';
import type { InstallmentInput } from './installment-rules.js';
import { installmentProblems } from './installments.js';
import { installmentCodec, type InstallmentValue, paymentCodec, type PaymentValue } from './payment.codec.js';
import { installmentsOf } from './schedule-keeping.js';

/** A booking's payments and refunds, in the order they were received (its page). */
export async function paymentsOf(db: Db, organizationId: string, bookingId: string): Promise<PaymentValue[]> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('booking_id', '=', bookingId)
    .orderBy('received_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(paymentCodec.decode);
}

/** A booking's payments and refunds in the order its documents list them. */
export async function paymentsListed(db: Db | Trx, bookingId: string): Promise<PaymentValue[]> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  return rows.map(paymentCodec.decode);
}

/** A booking's installments in schedule order. */
export async function scheduleOf(db: Db | Trx, bookingId: string): Promise<InstallmentValue[]> {
  return (await installmentsOf(db, bookingId)).map(installmentCodec.decode);
}

/** The organization's installment with the version its form carries, or undefined. */
export function findInstallment(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, installmentDefinition, installmentCodec.decode, organizationId, id);
}

/** Every problem of a change of the installment, writing nothing (its edit form). */
export const installmentChangeProblems = (
  db: Db,
  actor: Pick<Actor, 'organizationId'>,
  input: InstallmentInput,
  installment: InstallmentValue,
) => installmentProblems(db, actor, input, installmentCodec.encode(installment));
