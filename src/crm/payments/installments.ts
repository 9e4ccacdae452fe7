/**
 * Writing a booking's payment schedule (SPEC §12) as units of work: an installment is judged
 * (installment-rules.ts), written, and told once with what it resolves to, as the whole schedule
 * is brought up to date (schedule-keeping.ts).
 */
import { findRow } from '../data/record-lookup.js';
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { recordCreated, recordUpdated } from '../change-events.js';
import { type Change, deleteCommand } from '../record-commands.js';
import { insertRecord, recordToChange, updateRecord } from '../records.js';
import { refusalOfProblems } from '../validation.js';
import { checkInstallment, type InstallmentInput } from './installment-rules.js';
import { installmentDefinition } from './installment.resource.js';
import { schedulePlaceOf } from './payment.codec.js';
import type { Installment } from './payment.table.js';
import { installmentsOf } from './schedule-keeping.js';
import { keepBookingNow, touchBooking } from '../bookings/aggregate.js';
import { INSTALLMENT_ACTIONS } from './payment.policy.js';

export type { InstallmentInput } from './installment-rules.js';

async function judged(
  db: Db | Trx,
  actor: Pick<Actor, 'organizationId'>,
  input: InstallmentInput,
  current?: Installment,
) {
  const bookingId = current?.booking_id ?? input.bookingId;
  const booking =
    bookingId === undefined
      ? undefined
      : await db
          .selectFrom('bookings')
          .select(['id', 'grand_total', 'currency'])
          .where('organization_id', '=', actor.organizationId)
          .where('id', '=', bookingId)
          .executeTakeFirst();
  const all = booking ? await installmentsOf(db, booking.id) : [];
  const others = all.filter((i) => i.id !== current?.id);
  const last = all.reduce((max, i) => Math.max(max, schedulePlaceOf(i)), 0);
  return checkInstallment(input, current, {
    booking: booking && { ...booking, grand_total: Number(booking.grand_total) },
    others,
    nextPosition: last + 1,
  });
}

/** Every problem of an installment input, writing nothing (the API's 422). */
export async function installmentProblems(
  db: Db,
  actor: Pick<Actor, 'organizationId'>,
  input: InstallmentInput,
  current?: Installment,
) {
  return (await judged(db, actor, input, current)).problems;
}

/** The installment as its booking's schedule resolves it, kept now: what it is told and answered as. */
async function resolved(work: Work, row: Installment): Promise<Installment | Refusal> {
  const refused = await keepBookingNow(work, row.booking_id, { writing: [row.id] });
  if (refused) return refused;
  return (await findRow(work.trx, installmentDefinition, work.actor.organizationId, row.id))!;
}

export const createInstallment: Command<InstallmentInput, Installment | Refusal> = {
  action: INSTALLMENT_ACTIONS.create,
  async run(work, input) {
    const { trx, actor, now } = work;
    const checked = await judged(trx, actor, input);
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const terms = checked.value;
    const row = await insertRecord(
      trx,
      'installments',
      actor.organizationId,
      { ...terms, amount_due: 0, due_on: null, paid_amount: 0, state: 'scheduled' },
      now,
    );
    const made = await resolved(work, row);
    if (isRefusal(made)) return made;
    await recordCreated(trx, installmentDefinition, made, now);
    return made;
  },
};

export const updateInstallment: Command<Change<InstallmentInput>, Installment | Refusal> = {
  action: INSTALLMENT_ACTIONS.update,
  async run(work, { id, ifMatch, input }) {
    const { trx, actor, now } = work;
    const current = await recordToChange(trx, installmentDefinition, actor.organizationId, id, ifMatch);
    if (isRefusal(current)) return current;
    const checked = await judged(trx, actor, input, current);
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const terms = checked.value;
    const changes = Object.fromEntries(
      Object.entries(terms).filter(
        ([field, value]) => String(current[field as keyof Installment]) !== String(value),
      ),
    );
    if (Object.keys(changes).length === 0) return current;
    // New terms for what it comes to are resolved as written, even for one paid in full before.
    if (['amount', 'percentage', 'remainder'].some((field) => field in changes)) changes.state = 'scheduled';
    const made = await resolved(work, await updateRecord(trx, 'installments', current, changes, now));
    if (isRefusal(made)) return made;
    await recordUpdated(trx, installmentDefinition, current, made, now);
    return made;
  },
};

export const deleteInstallment = deleteCommand({
  action: INSTALLMENT_ACTIONS.delete,
  definition: installmentDefinition,
  after: async (work, current) => touchBooking(work, current.booking_id, { schedule: true }),
});
