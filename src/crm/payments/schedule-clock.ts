/**
 * The schedule's clock (SPEC §12): an installment becomes due on its day and overdue after it, in
 * its organization's time zone, with no write to its booking. Every few minutes (and when a
 * server starts) the installments whose day may have come are resolved again, each booking in a
 * unit of work of its own, so each change of state is told as `installment.updated`
 * (and reaches webhooks) like any other. Running in several processes at once is harmless: a
 * state already moved is not moved again.
 */
import type { Logger } from 'pino';
import { addDays, localDate } from '../../wall-clock.js';
import { type Writer, write } from '../../writes/unit-of-work.js';
import { refreshSchedule } from './schedule-keeping.js';
import { systemActor } from '../../identity/actor.js';
import { SYSTEM_ACTIONS } from '../../policy/system.policy.js';

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
        { action: SYSTEM_ACTIONS.refresh_schedules, run: (work) => refreshSchedule(work, bookingId) },
        undefined,
      );
    }
  }
  return rows.length;
}

/** The clock inside `serve`: now, then every interval, never keeping the process alive; returns a stop. */
export function scheduleInstallmentClock(
  writer: Writer,
  logger: Logger,
  intervalMs = SCHEDULE_CLOCK_INTERVAL_MS,
): () => void {
  const tick = () => {
    advanceSchedules(writer).catch((error: unknown) =>
      logger.warn({ err: error }, 'the payment schedules could not be brought up to date; will retry'),
    );
  };
  const first = setTimeout(tick, 0);
  first.unref();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
