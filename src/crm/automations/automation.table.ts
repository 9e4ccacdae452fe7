/** Automations and their runs (SPEC §18). An automation's columns follow from its fields (automation.value.ts). */
import type { AutomationTable } from './automation.value.js';

export type { AutomationTable };

export const RUN_STATES = ['waiting', 'awaiting_approval', 'done', 'exited', 'failed'] as const;
export type RunState = (typeof RUN_STATES)[number];

export interface AutomationRunTable {
  id: string;
  organization_id: string;
  automation_id: string;
  booking_id: string;
  /** Unique: `<automation> <booking>`, and ` <n>` after it where the automation may start again. */
  enrollment: string;
  state: RunState;
  /** The step reached: the next to run while waiting, the one awaiting approval. */
  step_index: number;
  /** When the next step is due (null once the run is over or awaits approval). */
  next_at: string | null;
  /** JSON: [{at, step_index, type, result, message_id?, task_id?}], a line per step. */
  log: string;
  /** JSON {to, subject, text} of the mail a step drafted for approval, or null. */
  draft: string | null;
  created_at: string;
  updated_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    automations: AutomationTable;
    automation_runs: AutomationRunTable;
  }
}
