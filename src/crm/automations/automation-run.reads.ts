/**
 * What the doors read of an automation's runs (SPEC §18): the latest first, each with the booking
 * it runs for (its reference and name, for a link), its state, the step reached, when the next
 * step is due and its log, read into values by the runs' codec (automation-run.codec.ts).
 */
import type { Reads } from '../data/reads.js';
import { type RunLogLine, runLogOf, stepIndexOf } from './automation-run.codec.js';
import type { RunState } from './automation.table.js';

export type { RunLogLine };

export interface AutomationRun {
  id: string;
  automationId: string;
  booking: { id: string; reference: string; name: string };
  state: RunState;
  stepIndex: number;
  nextAt: string | null;
  log: RunLogLine[];
  createdAt: string;
}

/** The automation's latest runs in the organization, newest first (at most `limit`). */
export async function listAutomationRuns(
  reads: Reads,
  organizationId: string,
  automationId: string,
  limit = 50,
): Promise<AutomationRun[]> {
  const rows = await reads.db
    .selectFrom('automation_runs as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select([
      'r.id',
      'r.automation_id',
      'r.booking_id',
      'r.state',
      'r.step_index',
      'r.next_at',
      'r.log',
      'r.created_at',
      'b.reference',
      'b.name',
    ])
    .where('r.organization_id', '=', organizationId)
    .where('r.automation_id', '=', automationId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    automationId: row.automation_id,
    booking: { id: row.booking_id, reference: row.reference, name: row.name },
    state: row.state,
    stepIndex: stepIndexOf(row),
    nextAt: row.next_at,
    log: runLogOf(row),
    createdAt: row.created_at,
  }));
}
