/**
 * Timed work (SPEC §18): one row a job, taken by whichever `serve` process claims it first.
 * `pending` until its handler's effect commits with its completion (`done`), or every retry is
 * used (`failed`, with `last_error`, until an admin retries it).
 */
export const JOB_STATES = ['pending', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobTable {
  id: string;
  kind: string;
  /** Unique per kind where given: a second enqueue with it does nothing. */
  dedupe_key: string | null;
  organization_id: string | null;
  /** JSON text, given to the kind's handler. */
  payload: string;
  due_at: string;
  state: JobState;
  /** Claims so far (a claim by a process that died counts too, so work that kills its process ends). */
  attempts: number;
  /** Who holds the lease: set by each claim, so completion by an earlier holder finds no row. */
  lease_token: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    jobs: JobTable;
  }
}
