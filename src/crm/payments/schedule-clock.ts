/**
 * The schedule's clock (SPEC §12): an installment becomes due on its day and overdue after it, in
 * its organization's time zone, with no write to its booking. Every five minutes (a recurring
 * job, run once a slot by whichever process takes it) the installments whose day may have come
 * are resolved again, each booking in a unit of work of its own, so each change of state is told
 * as `installment.updated` (and reaches webhooks) like any other. A run repeated (its process
 * was killed before its completion committed) is harmless: a state already moved is not moved
 * again.
 */
import { addDays, localDate } from '../../wall-clock.js';
import { type Writer, write } from '../../writes/unit-of-work.js';
import { touchBooking } from '../bookings/aggregate.js';
import { systemActor } from '../../policy/actor.js';
import { SYSTEM_ACTIONS } from '../../policy/system.policy.js';
import type { Recurrence } from '../../jobs/recurring.js';

export const SCHEDULE_CLOCK_INTERVAL_MS = 5 * 60 * 1000;

/** Resolves again the installments whose day may have come; returns how many bookings it looked at. */
export async function advanceSchedules(writer: Writer): Promise<number> {
  const now = writer.clock.now();
  // Every zone's today is within a day of UTC's.
  const horizon = addDays(localDate(now, 'UTC'), 1);
  const rows = await writer.db
    .selectFrom('installments')
    .select(['organization_id', 'booking_id'])
    .where('state', 'in', ['scheduled', 'due'])
    .where('due_on', 'is not', null)
    .where('due_on', '<=', horizon)
    .distinct()
    .execute();
  const byOrganization = new Map<string, string[]>();
  for (const row of rows) {
    byOrganization.set(row.organization_id, [
      ...(byOrganization.get(row.organization_id) ?? []),
      row.booking_id,
    ]);
  }
  for (const [organizationId, bookings] of byOrganization) {
    // One booking a unit of work, yielding between them: the clock never holds an organization's
    // writes, nor the event loop, for long.
    for (const bookingId of bookings) {
      await new Promise((resolve) => setImmediate(resolve));
      await write(
        writer,
        systemActor(organizationId),
        {
          action: SYSTEM_ACTIONS.refresh_schedules,
          // Its booking marked touched: the unit of work keeps its schedule.
          run: async (work) => touchBooking(work, bookingId, { schedule: true }),
        },
        undefined,
      );
    }
  }
  return rows.length;
}

/** The clock inside `serve`: a recurring job (src/jobs/recurring.ts), one run a slot among all processes. */
export const installmentClockRecurrence: Recurrence = {
  kind: 'installments.clock',
  everyMs: SCHEDULE_CLOCK_INTERVAL_MS,
  async perform({ writer }) {
    await advanceSchedules(writer);
  },
};
