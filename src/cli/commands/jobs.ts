/**
 * `marquee jobs failed` and `marquee jobs retry ID` (SPEC §18): the jobs that used every retry,
 * with their last error, and an admin's retry of one (due now, its attempts counted afresh).
 */
import { systemClock } from '../../clock.js';
import { InputError } from '../../errors.js';
import { failedJobs, retryFailedJob } from '../../jobs/job.repository.js';
import type { Command } from '../command.js';
import { withDatabase } from '../with-database.js';

export const jobsFailedCommand: Command = {
  path: ['jobs', 'failed'],
  usage: 'marquee jobs failed [--json]',
  summary: 'List the jobs that failed for good (newest first, at most 100) with their last error.',
  options: {},
  async run({ config, output }) {
    const rows = await withDatabase(config, (db) => failedJobs(db));
    const jobs = rows.map((job) => ({
      id: job.id,
      kind: job.kind,
      organization_id: job.organization_id,
      attempts: job.attempts,
      failed_at: job.finished_at,
      last_error: job.last_error,
    }));
    output.result({ jobs });
  },
};

export const jobsRetryCommand: Command = {
  path: ['jobs', 'retry'],
  usage: 'marquee jobs retry JOB_ID [--json]',
  summary: 'Run a failed job again now, with its retries counted afresh.',
  options: {},
  positionals: 1,
  async run({ config, positionals, output }) {
    const id = positionals[0];
    if (!id) throw new InputError('Name the job to retry: marquee jobs retry JOB_ID.');
    const retried = await withDatabase(config, (db) => retryFailedJob(db, id, systemClock.now()));
    if (!retried) throw new InputError(`No failed job has the id ${id}.`);
    output.result({ id, state: 'pending' });
  },
};
