/**
 * An idle runner (SPEC §18: "a step due now starts within 5 s while the runner is idle"): a job
 * another process queued is found by the runner's own look, which comes every JOB_POLL_MS, well
 * inside 5 s; a job queued in this process wakes it at once, without waiting for a look. The
 * waits below only guard against a hang; what is asserted is who found the job.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import type { Db } from '../../src/db/database.js';
import type { JobHandler } from '../../src/jobs/job-handler.js';
import { enqueueJob } from '../../src/jobs/job.repository.js';
import { JOB_POLL_MS } from '../../src/jobs/runner.js';
import { eachDatabase } from '../helpers/databases.js';
import { jobsOf, runner, secondConnection, START, testClock } from './job-fixtures.js';

async function untilDone(db: Db, kind: string, what: string): Promise<void> {
  for (let tries = 0; tries < 3000; tries++) {
    const [job] = await jobsOf(db, kind);
    if (job?.state === 'done') return;
    await delay(10);
  }
  assert.fail(what);
}

eachDatabase((suite) => {
  it('finds by its own look, while idle, a job another process queued', async () => {
    assert.ok(JOB_POLL_MS <= 5000, 'the look comes often enough for the 5 s promise');
    const ran: string[] = [];
    const handler: JobHandler = { kind: 'idle.other', run: async ({ job }) => void ran.push(job.id) };
    const idle = runner(suite.db, testClock(), [handler], { pollMs: JOB_POLL_MS });
    idle.start();
    const other = secondConnection(suite.database);
    try {
      // Written as another process writes it: no word reaches this process's runner.
      const at = isoTime(START);
      await other.db
        .insertInto('jobs')
        .values({
          id: newId(START),
          kind: 'idle.other',
          dedupe_key: null,
          organization_id: null,
          payload: '{}',
          due_at: at,
          state: 'pending',
          attempts: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await untilDone(suite.db, 'idle.other', 'the idle runner never found the job');
      assert.equal(ran.length, 1);
    } finally {
      await idle.stop();
      await other.close();
    }
  });

  it('starts at once a job queued in its own process, without waiting for a look', async () => {
    const ran: string[] = [];
    const handler: JobHandler = { kind: 'idle.own', run: async ({ job }) => void ran.push(job.id) };
    // A look only every hour: what runs the job is the wake.
    const idle = runner(suite.db, testClock(), [handler], { pollMs: 3_600_000 });
    idle.start();
    try {
      await delay(50);
      await enqueueJob(suite.db, { kind: 'idle.own', payload: {}, dueAt: START, now: START });
      await untilDone(suite.db, 'idle.own', 'the queued job did not wake the runner');
      assert.equal(ran.length, 1);
    } finally {
      await idle.stop();
    }
  });
});
