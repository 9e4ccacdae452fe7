/**
 * Where the venue's automations hear of what happens (SPEC §18): every change recorded
 * (src/changes/record-change.ts) that is an occasion (automation-occasions.ts) and that an enabled
 * automation of the organization answers queues one job for the engine, in the change's own
 * transaction and keyed by the change, so a committed change is answered once and a rolled-back
 * one never. The engine (automation-engine.ts) enrolls bookings and ends runs when the job runs.
 */
import type { Trx } from '../../db/database.js';
import { enqueueJob } from '../../jobs/job.repository.js';
import { type ChangeFacts, listensTo, type Occasion, occasionOf } from './automation-occasions.js';
import { decodeExitRules, decodeTrigger } from './automation.value.js';

export const OCCASION_JOB = 'automation.occasion';

export interface OccasionPayload {
  /** The change it comes from: what a run started by it is keyed by, where runs may start again. */
  changeId: string;
  occasion: Occasion;
}

/** The organization's enabled automations' triggers and exits. */
export async function enabledAutomations(trx: Trx, organizationId: string) {
  const rows = await trx
    .selectFrom('automations')
    .select(['trigger', 'exit_on'])
    .where('organization_id', '=', organizationId)
    .where('enabled', '=', 1)
    .execute();
  return rows.map((row) => ({
    trigger: decodeTrigger(row),
    exitOn: decodeExitRules(row),
  }));
}

/** Queues the engine's answer to a change, when an enabled automation listens for it. */
export async function listenForAutomations(
  trx: Trx,
  change: ChangeFacts & { id: string; organizationId: string; now: number },
): Promise<void> {
  const occasion = occasionOf(change);
  if (!occasion) return;
  if (!listensTo(await enabledAutomations(trx, change.organizationId), occasion)) return;
  const payload: OccasionPayload = { changeId: change.id, occasion };
  await enqueueJob(trx, {
    kind: OCCASION_JOB,
    dedupeKey: change.id,
    organizationId: change.organizationId,
    payload,
    dueAt: change.now,
    now: change.now,
  });
}
