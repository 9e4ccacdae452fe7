/**
 * Payments and refunds of a booking (SPEC §12): of a booking of the organization, paying one of
 * its installments or, naming none, the unpaid ones in the order they fall due, a deposit due on
 * signing first (schedule.ts); an amount > 0; a refund no more
 * than has been paid; a reference unique in the organization (a second payment with it is a 409
 * naming the first, so a payment integration can sync without duplicates). Each is written with
 * the schedule brought up to date in the same unit of work; a payment bringing the balance to 0
 * is told as `booking.paid`.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { ConflictError } from '../../errors.js';
import type { Actor } from '../../policy/actor.js';
import type { Command } from '../../writes/unit-of-work.js';
import { payloadOf, Refusal, refuse } from '../../writes/refusal.js';
import { recordCreated } from '../change-events.js';
import { majorText } from '../money.js';
import { deleteCommand } from '../record-commands.js';
import { insertRecord } from '../records.js';
import { type Checked, optionalText, Problems, refusalOfProblems } from '../validation.js';
import { paymentDefinition } from './payment.resource.js';
import type { Payment, PaymentTable } from './payment.table.js';
import { AMOUNT_LIMIT, wholeAmount } from '../money.js';
import { LINE_TOTAL_LIMIT, LINES_PER_BOOKING } from '../money.js';
import { touchBooking } from '../bookings/aggregate.js';
import { PAYMENT_ACTIONS } from './payment.policy.js';

const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10000, 0, 1);
/** What a booking may have been paid: its lines' most (LINES_PER_BOOKING × LINE_TOTAL_LIMIT), held exactly. */
const PAID_LIMIT = LINES_PER_BOOKING * LINE_TOTAL_LIMIT;

export interface PaymentInput {
  bookingId?: string | undefined;
  installmentId?: string | null | undefined;
  kind?: PaymentTable['kind'] | undefined;
  amount?: number | undefined;
  method?: PaymentTable['method'] | undefined;
  received_at?: string | undefined;
  reference?: string | null | undefined;
  note?: string | null | undefined;
}

type PaymentFields = Omit<Payment, 'id' | 'organization_id' | 'created_at' | 'updated_at'>;

async function judged(
  db: Db | Trx,
  actor: Pick<Actor, 'organizationId'>,
  input: PaymentInput,
  now: number,
): Promise<Checked<PaymentFields>> {
  const org = actor.organizationId;
  const [booking, installment] = await Promise.all([
    input.bookingId === undefined
      ? undefined
      : db
          .selectFrom('bookings')
          .select(['id', 'paid_total', 'currency'])
          .where('organization_id', '=', org)
          .where('id', '=', input.bookingId)
          .executeTakeFirst(),
    input.installmentId
      ? db
          .selectFrom('installments')
          .select(['id', 'booking_id'])
          .where('organization_id', '=', org)
          .where('id', '=', input.installmentId)
          .executeTakeFirst()
      : undefined,
  ]);
  const problems = new Problems();
  if (input.bookingId === undefined)
    problems.relationship('booking', 'A payment needs its booking.', 'required');
  else if (!booking)
    problems.relationship(
      'booking',
      `No booking with the id "${input.bookingId}" exists in this organization.`,
      'not_found',
    );
  if (input.installmentId && (!installment || (booking && installment.booking_id !== booking.id))) {
    problems.relationship(
      'installment',
      `The installment "${input.installmentId}" is not one of this booking's.`,
      'not_found',
    );
  }
  const kind = input.kind ?? 'payment';
  if (input.amount === undefined)
    problems.attribute('amount', 'A payment needs an amount, in minor units.', 'blank');
  else if (!wholeAmount(input.amount, 1, AMOUNT_LIMIT))
    problems.attribute('amount', `An amount is a whole number of minor units from 1 to ${AMOUNT_LIMIT}.`);
  else if (booking && kind === 'refund' && input.amount > Number(booking.paid_total)) {
    const paid = `${majorText(Number(booking.paid_total), booking.currency)} ${booking.currency}`;
    problems.attribute('amount', `A refund is at most what has been paid: ${paid}.`, 'over_paid');
  }
  const reference = optionalText(input.reference);
  problems.text('reference', reference);
  const note = optionalText(input.note);
  problems.text('note', note, 'lines');
  const received = input.received_at === undefined ? now : Date.parse(input.received_at);
  if (input.received_at !== undefined && !(received >= EARLIEST && received < LATEST)) {
    problems.attribute(
      'received_at',
      `"${input.received_at}" is not a time from 1970 to 9999, such as 2027-05-01T10:00:00Z.`,
    );
  }
  if (booking && kind === 'payment' && Number(booking.paid_total) + (input.amount ?? 0) > PAID_LIMIT) {
    problems.attribute(
      'amount',
      'This payment would take what the booking has been paid past what Marquee holds exactly.',
      'too_large',
    );
  }
  return {
    problems: problems.list,
    value: {
      booking_id: booking?.id ?? '',
      installment_id: input.installmentId ?? null,
      kind,
      amount: input.amount ?? 0,
      method: input.method ?? 'other',
      received_at: isoTime(received >= EARLIEST && received < LATEST ? received : now),
      reference,
      note,
    },
  };
}

/** Every problem of a payment input, writing nothing (the API's 422). */
export async function paymentProblems(db: Db, actor: Pick<Actor, 'organizationId'>, input: PaymentInput) {
  return (await judged(db, actor, input, 0)).problems;
}

/** Refused: the reference is recorded already, on the payment the error carries. */
export class DuplicateReferenceError extends ConflictError {
  constructor(readonly first: Payment) {
    super(`The payment ${first.id} has the reference "${first.reference}" already.`, 'duplicate_reference', {
      pointer: '/data/attributes/reference',
    });
  }

  override payload(): Payment {
    return this.first;
  }
}

/** The payment that has the reference already, when a refusal is of a duplicate reference. */
export function firstWithReference(refusal: Refusal): Payment | undefined {
  return payloadOf<Payment>(refusal, 409, 'duplicate_reference');
}

export const createPayment: Command<PaymentInput, Payment | Refusal> = {
  action: PAYMENT_ACTIONS.create,
  async run(work, input) {
    const { trx, actor, now } = work;
    const checked = await judged(trx, actor, input, now);
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const fields = checked.value;
    if (fields.reference !== null) {
      const same = await trx
        .selectFrom('payments')
        .selectAll()
        .where('organization_id', '=', actor.organizationId)
        .where('reference', '=', fields.reference)
        .executeTakeFirst();
      if (same) return Refusal.from(new DuplicateReferenceError(same));
    }
    const row = await insertRecord(trx, 'payments', actor.organizationId, fields, now);
    await recordCreated(trx, paymentDefinition, row, now);
    touchBooking(work, row.booking_id, { payments: true, byPayment: true });
    return row;
  },
};

export const deletePayment = deleteCommand({
  action: PAYMENT_ACTIONS.delete,
  definition: paymentDefinition,
  async before({ trx }, current) {
    if (current.kind === 'refund') return;
    const booking = await trx
      .selectFrom('bookings')
      .select('paid_total')
      .where('id', '=', current.booking_id)
      .executeTakeFirst();
    if (booking && Number(booking.paid_total) - Number(current.amount) < 0) {
      return refuse({
        status: 409,
        code: 'refunded',
        detail:
          'A refund was made from this payment: without it more would have been refunded than paid. Delete the refund first.',
      });
    }
  },
  after: async (work, current) => touchBooking(work, current.booking_id, { payments: true }),
});
