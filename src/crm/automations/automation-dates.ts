/**
 * Date triggers (SPEC §18): an installment `days` before its due day or `days` after it while
 * unpaid, a booking `days` before its first event or `days` after its last (a lost booking's
 * events do not happen). A trigger's day is counted in the venue's zone, and it fires on that day
 * only: the engine looks every five minutes (a recurring job), so a record that reaches its day
 * (at midnight, or when it is made or changed that day, or when the automation is turned on) is
 * enrolled within five minutes; a day that passed while nothing ran is not made up later, so
 * turning on the thank-you does not write to every past client. A run is keyed by the record and
 * its day: the looks of one day enroll it once.
 */
import type { Trx } from '../../db/database.js';
import { automationActor } from '../../policy/actor.js';
import type { Recurrence } from '../../jobs/recurring.js';
import { addDays, localDate, zonedToUtc } from '../../wall-clock.js';
import { type Command, write } from '../../writes/unit-of-work.js';
import { meetsConditions } from './automation-conditions.js';
import { bookingFacts, enabledOf, enrollmentOf } from './automation-enrollment.js';
import { enroll } from './automation-run-writes.js';
import { DATE_TRIGGERS, type Trigger } from './automation-shapes.js';
import { AUTOMATION_RUN_ACTIONS } from './automation.policy.js';
import { decodeTrigger } from './automation.value.js';
import { organizationZone as zoneOf } from '../organization/organization.reads.js';

export const DATE_LOOK_MS = 5 * 60_000;

/** The bookings (and the record that brings each) whose day for `trigger` is today. */
async function dueToday(trx: Trx, organizationId: string, trigger: Trigger, today: string, zone: string) {
  const days = trigger.days ?? 0;
  if (trigger.type === 'installment.due' || trigger.type === 'installment.overdue') {
    const day = addDays(today, trigger.type === 'installment.due' ? days : -days);
    const rows = await trx
      .selectFrom('installments')
      .select(['id', 'booking_id'])
      .where('organization_id', '=', organizationId)
      .where('due_on', '=', day)
      .where('state', '!=', 'paid')
      .execute();
    return rows.map((r) => ({ bookingId: r.booking_id, record: `${r.id}@${day}` }));
  }
  const day = addDays(today, trigger.type === 'event.upcoming' ? days : -days);
  const from = new Date(zonedToUtc(`${day}T00:00`, zone)!).toISOString();
  const to = new Date(zonedToUtc(`${addDays(day, 1)}T00:00`, zone)!).toISOString();
  const column = trigger.type === 'event.upcoming' ? 'start_at' : 'end_at';
  const rows = await trx
    .selectFrom('bookings')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'lost')
    .where(column, '>=', from)
    .where(column, '<', to)
    .execute();
  return rows.map((r) => ({ bookingId: r.id, record: `${r.id}@${day}` }));
}

/** Enrolls the organization's bookings whose day is today in its date-triggered automations. */
export const enrollByDate: Command<undefined, number> = {
  action: AUTOMATION_RUN_ACTIONS.enroll,
  async run({ trx, actor, now }) {
    const organizationId = actor.organizationId;
    const zone = await zoneOf(trx, organizationId);
    const today = localDate(now, zone);
    let started = 0;
    for (const automation of await enabledOf(trx, organizationId)) {
      if (!DATE_TRIGGERS.includes(automation.trigger.type)) continue;
      for (const { bookingId, record } of await dueToday(
        trx,
        organizationId,
        automation.trigger,
        today,
        zone,
      )) {
        const booking = await bookingFacts(trx, organizationId, bookingId);
        if (!booking || !meetsConditions(booking, automation.conditions)) continue;
        const enrollment = enrollmentOf(automation, bookingId, record);
        if (
          await enroll(trx, { organizationId, automationId: automation.id, bookingId, enrollment }, now, now)
        )
          started += 1;
      }
    }
    return started;
  },
};

/** The engine's look for date triggers, every five minutes, for each organization that has one on. */
export const dateLookRecurrence: Recurrence = {
  kind: 'automations.dates',
  everyMs: DATE_LOOK_MS,
  async perform({ writer }) {
    const rows = await writer.db
      .selectFrom('automations')
      .select(['organization_id', 'trigger'])
      .where('enabled', '=', 1)
      .execute();
    const organizations = new Set(
      rows.filter((r) => DATE_TRIGGERS.includes(decodeTrigger(r).type)).map((r) => r.organization_id),
    );
    for (const organizationId of [...organizations].sort())
      await write(writer, automationActor(organizationId), enrollByDate, undefined);
  },
};
