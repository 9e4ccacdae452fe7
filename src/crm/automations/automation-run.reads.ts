/**
 * What the doors read of an automation's runs (SPEC §18): the latest first, each with the booking
 * it runs for (its reference and name, for a link), its state, the step reached, when the next
 * step is due and its log, read into values here once.
 */
import type { Reads } from '../data/reads.js';
import type { RunState } from './automation.table.js';

/** A line of a run's log: when, which step, what it did, and the message or task it made. */
export interface RunLogLine {
  at: string;
  stepIndex: number;
  type: string;
  result: string;
  messageId?: string;
  taskId?: string;
}

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

interface StoredLine {
  at?: unknown;
  step_index?: unknown;
  type?: unknown;
  result?: unknown;
  message_id?: unknown;
  task_id?: unknown;
}

function logOf(json: string): RunLogLine[] {
  const lines = JSON.parse(json) as StoredLine[];
  return lines.map((l) => ({
    at: String(l.at),
    stepIndex: Number(l.step_index),
    type: String(l.type),
    result: String(l.result ?? ''),
    ...(typeof l.message_id === 'string' ? { messageId: l.message_id } : {}),
    ...(typeof l.task_id === 'string' ? { taskId: l.task_id } : {}),
  }));
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
    stepIndex: Number(row.step_index),
    nextAt: row.next_at,
    log: logOf(row.log),
    createdAt: row.created_at,
  }));
}
