/**
 * A real `marquee serve` killed with SIGKILL in the middle of a queue of jobs, then started
 * again (SPEC §18): the jobs the dead process held are taken again once their lease runs out,
 * and every job's effect exists exactly once — none lost, none repeated. The jobs are of the
 * `diagnostic.tally` kind (MARQUEE_DIAGNOSTIC_JOBS), whose effect is one row naming its job.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { it } from 'node:test';
import { MARK_KIND, TALLY_KIND } from '../../src/jobs/diagnostic.js';
import { enqueueJob } from '../../src/jobs/job.repository.js';
import { eachDatabase } from '../helpers/databases.js';
import { startServer } from '../helpers/processes.js';
import { LEASE } from './crash-window.js';

const JOBS = 1000;

eachDatabase((suite) => {
  const done = async () => {
    const row = await suite.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', TALLY_KIND)
      .where('state', '=', 'done')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /** Waits until `enough(done)` holds, looking every few ms, for at most `ms`. */
  async function until(enough: (count: number) => boolean, ms: number, what: string): Promise<number> {
    const deadline = Date.now() + ms;
    for (;;) {
      const count = await done();
      if (enough(count)) return count;
      assert.ok(Date.now() < deadline, `${what} (${count} of ${JOBS} done)`);
      await delay(5);
    }
  }

  it(
    'finishes every job exactly once after the process running them is killed',
    { timeout: 240_000 },
    async () => {
      const now = Date.now();
      await suite.db.transaction().execute(async (trx) => {
        for (let i = 0; i < JOBS; i++)
          await enqueueJob(trx, { kind: TALLY_KIND, payload: { i }, dueAt: now, now });
      });
      const env = {
        ...suite.database.env,
        MARQUEE_DIAGNOSTIC_JOBS: '1',
        MARQUEE_JOB_LEASE: LEASE,
        LOG_LEVEL: 'warn',
      };

      const first = await startServer(env, ['--migrate']);
      const atKill = await until((count) => count > 0, 60_000, 'the first process ran no job');
      await first.stop('SIGKILL');
      const left = JOBS - (await done());
      assert.ok(left > 0, `the kill came after every job was done (${atKill} seen)`);

      const second = await startServer(env, ['--migrate']);
      try {
        // The dead process's leases run out (LEASE seconds), then its jobs are taken again.
        await until((count) => count === JOBS, 150_000, 'the second process did not finish the queue');
      } finally {
        await second.stop('SIGTERM');
      }

      const tallies = await suite.db
        .selectFrom('jobs')
        .select(['id', 'state'])
        .where('kind', '=', TALLY_KIND)
        .execute();
      assert.equal(tallies.length, JOBS);
      assert.ok(tallies.every((job) => job.state === 'done'));
      const marks = await suite.db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', MARK_KIND)
        .execute();
      const perJob = new Map<string, number>();
      for (const mark of marks) {
        const of = (JSON.parse(mark.payload) as { of: string }).of;
        perJob.set(of, (perJob.get(of) ?? 0) + 1);
      }
      assert.equal(marks.length, JOBS, 'one effect a job, none repeated');
      assert.deepEqual(
        tallies.filter((job) => perJob.get(job.id) !== 1),
        [],
        'every job left its effect exactly once',
      );
    },
  );
});
