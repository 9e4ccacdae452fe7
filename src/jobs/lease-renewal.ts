/**
 * A claim's lease renewed while its jobs run (src/jobs/runner.ts), or let go. The renewal waits
 * for no row (SKIP LOCKED on PostgreSQL): a row locked now is being finished by the claim's own
 * shared transaction (src/jobs/shared-transaction.ts: a job's failure recorded, locking its row,
 * then the others completed at the end), which would wait for the rows a waiting renewal holds
 * while the renewal waits for that one — a deadlock (docs/decisions/0019-one-job-runner.md). A
 * row skipped is finished by that transaction, or renewed by the next renewal.
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { skipLocked } from '../db/skip-locked.js';

/** Holds on to the jobs of one claim (`token`) still pending until `until`; null lets them go. */
export async function renewLease(db: Db, token: string, until: number | null): Promise<void> {
  const held = db
    .selectFrom('jobs')
    .select('id')
    .where('lease_token', '=', token)
    .where('state', '=', 'pending');
  await db
    .updateTable('jobs')
    .set({ lease_expires_at: until === null ? null : isoTime(until) })
    .where('id', 'in', skipLocked(db, held, 'jobs'))
    .execute();
}
