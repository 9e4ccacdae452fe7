/**
 * An admin's way to failed jobs (SPEC §18): `marquee jobs failed` lists them with their last
 * error, `marquee jobs retry ID` makes one due again now, and a job that is not failed is refused.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { claimJobs, enqueueJob, recordFailure } from '../../src/jobs/job.repository.js';
import { eachDatabase } from '../helpers/databases.js';
import { parseJsonOutput, runCli } from '../helpers/processes.js';

eachDatabase((suite) => {
  it('lists failed jobs and retries one', async () => {
    const now = Date.now();
    await enqueueJob(suite.db, { kind: 'cli.broken', payload: {}, dueAt: now, now });
    const [job] = await claimJobs(suite.db, ['cli.broken'], now, now + 30_000, 1);
    assert.ok(job);
    await recordFailure(suite.db, job, 'the far end said no', undefined, now);

    const listed = parseJsonOutput(await runCli(['jobs', 'failed', '--json'], suite.database.env));
    assert.deepEqual(listed.jobs, [
      {
        id: job.id,
        kind: 'cli.broken',
        organization_id: null,
        attempts: 1,
        failed_at: new Date(now).toISOString(),
        last_error: 'the far end said no',
      },
    ]);

    const retried = await runCli(['jobs', 'retry', job.id, '--json'], suite.database.env);
    assert.equal(retried.code, 0, retried.stderr);
    assert.deepEqual(parseJsonOutput(retried), { id: job.id, state: 'pending' });
    const row = await suite.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.state, row.attempts, row.finished_at], ['pending', 0, null]);

    const again = await runCli(['jobs', 'retry', job.id], suite.database.env);
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /No failed job has the id/);
  });
});
