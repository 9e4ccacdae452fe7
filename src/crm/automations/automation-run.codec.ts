/**
 * An automation's run as the domain reads it, and its codec: the columns of `automation_runs`
 * decoded into values, the one place its step index is coerced (a driver may hand a number over
 * as text) and its log and draft parsed. The reads, the resource and the engine read them.
 */
import type { AutomationRunTable } from './automation.table.js';

/** A line of a run's log: when, which step, what it did, and the message or task it made. */
export interface RunLogLine {
  at: string;
  stepIndex: number;
  type: string;
  result: string;
  messageId?: string;
  taskId?: string;
}

/** A line as the log keeps it (written by the engine; read defensively, as JSON of an older shape may be). */
interface StoredLine {
  at?: unknown;
  step_index?: unknown;
  type?: unknown;
  result?: unknown;
  message_id?: unknown;
  task_id?: unknown;
}

/** The step a run has reached, from its row. */
export const stepIndexOf = (run: Pick<AutomationRunTable, 'step_index'>): number => Number(run.step_index);

/** A run's log as it is kept (the API shows it so). */
export const storedLogOf = (run: Pick<AutomationRunTable, 'log'>): unknown => JSON.parse(run.log) as unknown;

/** The mail a run drafted for approval as it is kept, or null. */
export const storedDraftOf = (run: Pick<AutomationRunTable, 'draft'>): unknown =>
  run.draft === null ? null : (JSON.parse(run.draft) as unknown);

/** A run's log, a value per line. */
export function runLogOf(run: Pick<AutomationRunTable, 'log'>): RunLogLine[] {
  const lines = storedLogOf(run) as StoredLine[];
  return lines.map((l) => ({
    at: String(l.at),
    stepIndex: Number(l.step_index),
    type: String(l.type),
    result: String(l.result ?? ''),
    ...(typeof l.message_id === 'string' ? { messageId: l.message_id } : {}),
    ...(typeof l.task_id === 'string' ? { taskId: l.task_id } : {}),
  }));
}
