/**
 * Writing automations (SPEC §18), organization admins only, as units of work: the rules of
 * automation-rules.ts over the automation's value; turning one off ends its waiting runs and
 * those awaiting approval (exited, with a line in their log). Each write is told as
 * `automation.created`, `.updated` or `.deleted`; every refusal is returned.
 */
import type { Trx } from '../../db/database.js';
import type { Reads } from '../data/reads.js';
import type { Work } from '../../writes/unit-of-work.js';
import { createValueCommand, deleteValueCommand, updateValueCommand } from '../value-commands.js';
import { type AutomationInput, checkAutomation } from './automation-rules.js';
import { endRun } from './automation-run-writes.js';
import { AUTOMATION_ACTIONS } from './automation.policy.js';
import { automationDefinition } from './automation.resource.js';
import { type Automation, automationCodec } from './automation.value.js';
import { stepIndexOf } from './automation-run.codec.js';

const KIND = { definition: automationDefinition, codec: automationCodec };

export const createAutomation = createValueCommand({
  ...KIND,
  action: AUTOMATION_ACTIONS.create,
  check: (work: Work, input: AutomationInput) => checkAutomation(work.trx, work.actor.organizationId, input),
});

export const updateAutomation = updateValueCommand({
  ...KIND,
  action: AUTOMATION_ACTIONS.update,
  check: (work: Work, input: AutomationInput, current: Automation) =>
    checkAutomation(work.trx, work.actor.organizationId, input, current),
  async afterWrite(work: Work, current: Automation, updated: Automation) {
    if (current.enabled && !updated.enabled) await exitRunsOf(work.trx, updated.id, work.now);
  },
});

/**
 * Every problem of a new automation's input, writing nothing: a form shows them beside its fields
 * with its own (as the API's route asks the same rules before it writes).
 */
export async function automationProblems(reads: Reads, organizationId: string, input: AutomationInput) {
  const checked = await checkAutomation(reads.db, organizationId, input);
  return checked.problems;
}

export const deleteAutomation = deleteValueCommand({ ...KIND, action: AUTOMATION_ACTIONS.delete });

/** Ends an automation's runs that wait or await approval: turning it on again revives none. */
async function exitRunsOf(trx: Trx, automationId: string, now: number): Promise<void> {
  const runs = await trx
    .selectFrom('automation_runs')
    .selectAll()
    .where('automation_id', '=', automationId)
    .where('state', 'in', ['waiting', 'awaiting_approval'])
    .execute();
  for (const run of runs) {
    const line = {
      step_index: stepIndexOf(run),
      type: 'exit',
      result: 'The automation was turned off.',
    };
    await endRun(trx, run, 'exited', line, now);
  }
}
