/**
 * A kind of job for seeing the runner's promise kept in a real process (MARQUEE_DIAGNOSTIC_JOBS):
 * each `diagnostic.tally` job leaves one `diagnostic.mark` row naming it, written with its
 * completion. After a process was killed mid-run and another finished the queue, every tally
 * job has exactly one mark (test/jobs/crash.test.ts). Marks are a kind nobody runs. Tallies share
 * a transaction on PostgreSQL (src/jobs/shared-transaction.ts), so the kill meets that path too.
 */
import { enqueueJob } from './job.repository.js';
import type { JobHandler } from './job-handler.js';

export const TALLY_KIND = 'diagnostic.tally';
export const MARK_KIND = 'diagnostic.mark';

export const tallyHandler: JobHandler = {
  kind: TALLY_KIND,
  sharesTransaction: true,
  async run({ job, writer, transaction }) {
    await transaction(async (trx) => {
      const now = writer.clock.now();
      await enqueueJob(trx, { kind: MARK_KIND, payload: { of: job.id }, dueAt: now, now });
    });
  },
};
