/**
 * Starting and ending runs (SPEC §18), as the automations' own unit of work. An occasion (a change
 * an automation answers, automation-occasions.ts) first ends the booking's waiting runs whose
 * automation exits on it, then enrolls the booking in each enabled automation whose trigger it
 * meets and whose conditions the booking meets now. A date trigger's day (automation-dates.ts)
 * enrolls the same way. A booking is enrolled once per automation, unless the automation allows
 * re-enrollment: then once per occasion (a change, or a record's day).
 */
import type { Trx } from '../../db/database.js';
import type { Command } from '../../writes/unit-of-work.js';
import { meetsConditions } from './automation-conditions.js';
import { exits, meets, type Occasion } from './automation-occasions.js';
import type { ExitRule } from './automation-shapes.js';
import { endRun, enroll } from './automation-run-writes.js';
import { AUTOMATION_RUN_ACTIONS } from './automation.policy.js';
import { type Automation, automationCodec } from './automation.value.js';
import { stepIndexOf } from './automation-run.codec.js';

/** Where an automation's run for the booking is unique. */
export function enrollmentOf(automation: Automation, bookingId: string, occasion: string): string {
  return automation.allowReenrollment
    ? `${automation.id} ${bookingId} ${occasion}`
    : `${automation.id} ${bookingId}`;
}

export async function enabledOf(trx: Trx, organizationId: string): Promise<Automation[]> {
  const rows = await trx
    .selectFrom('automations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map(automationCodec.decode);
}

export function bookingFacts(trx: Trx, organizationId: string, bookingId: string) {
  return trx
    .selectFrom('bookings')
    .select(['id', 'status', 'event_type', 'source', 'guest_count', 'stage_id', 'custom_fields'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', bookingId)
    .executeTakeFirst();
}

/** Ends the booking's runs that wait or await approval and whose automation exits on the occasion. */
async function exitRuns(trx: Trx, organizationId: string, occasion: Occasion, now: number): Promise<number> {
  if (occasion.exits.length === 0) return 0;
  const runs = await trx
    .selectFrom('automation_runs as r')
    .innerJoin('automations as a', 'a.id', 'r.automation_id')
    .selectAll('r')
    .select('a.exit_on')
    .where('r.organization_id', '=', organizationId)
    .where('r.booking_id', '=', occasion.bookingId)
    .where('r.state', 'in', ['waiting', 'awaiting_approval'])
    .execute();
  let ended = 0;
  for (const { exit_on, ...run } of runs) {
    if (!exits(JSON.parse(exit_on) as ExitRule[], occasion)) continue;
    const what = occasion.exits.map((e) =>
      typeof e === 'object'
        ? `the booking became ${e.status}`
        : e === 'document.signed'
          ? 'a document was signed'
          : 'the client wrote',
    );
    const line = { step_index: stepIndexOf(run), type: 'exit', result: `Ended: ${what.join(', ')}.` };
    await endRun(trx, run, 'exited', line, now);
    ended += 1;
  }
  return ended;
}

export interface OccasionInput {
  occasion: Occasion;
  /** What a run it starts is keyed by, where the automation may start again (the change). */
  key: string;
}

export const answerOccasion: Command<OccasionInput, number> = {
  action: AUTOMATION_RUN_ACTIONS.enroll,
  async run({ trx, actor, now }, { occasion, key }) {
    const organizationId = actor.organizationId;
    await exitRuns(trx, organizationId, occasion, now);
    const booking = await bookingFacts(trx, organizationId, occasion.bookingId);
    if (!booking) return 0;
    let started = 0;
    for (const automation of await enabledOf(trx, organizationId)) {
      if (!meets(automation.trigger, occasion) || !meetsConditions(booking, automation.conditions)) continue;
      const enrollment = enrollmentOf(automation, booking.id, key);
      const facts = { organizationId, automationId: automation.id, bookingId: booking.id, enrollment };
      if (await enroll(trx, facts, now, now)) started += 1;
    }
    return started;
  },
};
