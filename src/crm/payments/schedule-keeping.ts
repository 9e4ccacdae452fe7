/**
 * Keeps a booking's schedule resolved (schedule.ts) in the unit of work of whatever changes it:
 * its lines (the grand total), its first event (days before), its installments and payments,
 * which mark the booking touched; its aggregate (src/crm/bookings/booking-keeping.ts) keeps it.
 * Each installment whose amount due, day, paid amount or state changes is told as
 * `installment.updated`; the booking's paid total as `booking.updated`, and `booking.paid` when a
 * payment brings its balance due to 0.
 */
import { findRow } from '../data/record-lookup.js';
import type { Db, Trx } from '../../db/database.js';
import { localDate } from '../../wall-clock.js';
import type { Work } from '../../writes/unit-of-work.js';
import { bookingDefinition, firstEventDay } from '../bookings/beneath.js';
import { recordChange, recordUpdated } from '../change-events.js';
import { updateRecord } from '../records.js';
import { termOf } from './installment-rules.js';
import { installmentDefinition } from './installment.resource.js';
import { amountOf, owedOf } from './payment.codec.js';
import type { Installment } from './payment.table.js';
import { type ResolvedInstallment, resolveSchedule } from './schedule.js';

/** A booking's installments in schedule order (read by its page outside a transaction too). */
export function installmentsOf(db: Db | Trx, bookingId: string): Promise<Installment[]> {
  return db
    .selectFrom('installments')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Today in the organization's time zone. */
export async function organizationToday(trx: Trx, organizationId: string, now: number) {
  const organization = await trx
    .selectFrom('organizations')
    .select('timezone')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return { zone: organization.timezone, today: localDate(now, organization.timezone) };
}

const RESOLVED = ['amount_due', 'due_on', 'paid_amount', 'state'] as const;

export interface RefreshOptions {
  /** A payment moved it (a balance brought to 0 is told as `booking.paid`). */
  byPayment?: boolean | undefined;
  /** Installments being written, told of by their own writes, not here. */
  writing?: readonly string[] | undefined;
  /** A payment was recorded or deleted. */
  paymentsChanged?: boolean | undefined;
}

/** Brings the booking's installments and paid total up to date. */
export async function refreshSchedule(
  work: Work,
  bookingId: string,
  options: RefreshOptions = {},
): Promise<void> {
  const { trx, actor, now } = work;
  const [terms, payments] = await Promise.all([
    installmentsOf(trx, bookingId),
    trx
      .selectFrom('payments')
      .select(['installment_id', 'kind', 'amount'])
      .where('booking_id', '=', bookingId)
      .execute(),
  ]);
  // Most bookings have neither, and nothing to keep (unless their last payment just went).
  if (terms.length === 0 && payments.length === 0 && !options.paymentsChanged) return;
  const booking = await findRow(trx, bookingDefinition, actor.organizationId, bookingId);
  if (!booking) return;
  const { zone, today } = await organizationToday(trx, actor.organizationId, now);
  const signed = await trx
    .selectFrom('documents')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'proposal')
    .where('status', '=', 'signed')
    .limit(1)
    .executeTakeFirst();
  const resolved = resolveSchedule(
    // What its last resolution found paid in full keeps the amount it was paid at.
    terms.map((t) => ({ ...termOf(t), settled: t.state === 'paid' ? owedOf(t).amountDue : null })),
    payments.map((p) => ({ installment_id: p.installment_id, kind: p.kind, amount: amountOf(p) })),
    {
      grandTotal: Number(booking.grand_total),
      firstEventDay: firstEventDay(booking, zone),
      today,
      // Its client accepted a proposal through its link (SPEC §13): what is due on signing is due.
      signed: signed !== undefined,
    },
  );
  for (const term of terms)
    await keepResolved(work, term, resolved.get(term.id)!, !options.writing?.includes(term.id));
  const paid = payments.reduce((sum, p) => sum + (p.kind === 'refund' ? -1 : 1) * amountOf(p), 0);
  if (paid === Number(booking.paid_total)) return;
  const updated = await updateRecord(trx, 'bookings', booking, { paid_total: paid }, now);
  const told = await recordUpdated(trx, bookingDefinition, booking, updated, now);
  const balance = Number(updated.grand_total) - paid;
  const before = Number(booking.grand_total) - Number(booking.paid_total);
  if (options.byPayment && balance === 0 && before !== 0 && Number(updated.grand_total) > 0 && told) {
    await recordChange(trx, {
      organizationId: actor.organizationId,
      type: 'booking.paid',
      object: told.object,
      now,
    });
  }
}

async function keepResolved(
  work: Work,
  term: Installment,
  resolved: ResolvedInstallment,
  tell: boolean,
): Promise<void> {
  const changes = Object.fromEntries(
    RESOLVED.filter((field) => String(term[field]) !== String(resolved[field])).map((field) => [
      field,
      resolved[field],
    ]),
  );
  if (Object.keys(changes).length === 0) return;
  const updated = await updateRecord(work.trx, 'installments', term, changes, work.now);
  if (tell) await recordUpdated(work.trx, installmentDefinition, term, updated, work.now);
}
