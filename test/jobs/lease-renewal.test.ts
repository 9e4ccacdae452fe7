/**
 * A claim's lease renewed while its shared transaction finishes its jobs (SPEC §18, PostgreSQL):
 * the transaction records one job's failure (locking its row), the renewal runs on another
 * connection, then the transaction completes the others. Were the renewal to wait for the failed
 * job's row while holding the others', each side would wait for the other — a deadlock, one side
 * aborted. The renewal waits for no row: it renews those free and the transaction commits.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { after, it } from 'node:test';
import { sql } from 'kysely';
import { isoTime } from '../../src/clock.js';
import { claimJobs, completeJobs, enqueueJob, recordFailure } from '../../src/jobs/job.repository.js';
import { renewLease } from '../../src/jobs/lease-renewal.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { jobsOf, secondConnection, START } from './job-fixtures.js';

eachDatabase((suite) => {
  it('renews a lease beside a shared transaction finishing its jobs, neither waiting on the other', async (t) => {
    if (suite.database.dialect !== 'postgres')
      return t.skip('SQLite has one writer at a time: no row locks to wait on');
    const organization = await makeOrganization(suite.db);
    for (let i = 0; i < 4; i++)
      await enqueueJob(suite.db, {
        kind: 'renewed',
        organizationId: organization.id,
        payload: { i },
        dueAt: START,
        now: START,
      });
    const batch = await claimJobs(suite.db, ['renewed'], START, START + 30_000, 16);
    assert.equal(batch.length, 4);
    const token = batch[0]!.lease_token;
    const other = secondConnection(suite.database);
    after(() => other.close());

    const trx = await suite.db.startTransaction().execute();
    try {
      assert.equal(await recordFailure(trx, batch[2]!, 'it broke', 10, START), true);
      let settled = false;
      const renewal = renewLease(other.db, token, START + 60_000).finally(() => {
        settled = true;
      });
      // On until the renewal is done, or waits for a row lock (as it did before).
      while (!settled) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like 'update "jobs"%'`.execute(suite.db);
        if (rows[0]!.n > 0) break;
        await delay(5);
      }
      await completeJobs(trx, [batch[0]!, batch[1]!], START);
      await trx.commit().execute();
      await renewal;
    } finally {
      if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
    }

    const rows = new Map((await jobsOf(suite.db, 'renewed')).map((row) => [row.id, row]));
    const [first, second, failed, untouched] = batch.map((job) => rows.get(job.id)!);
    assert.equal(first!.state, 'done');
    assert.equal(second!.state, 'done');
    assert.equal(failed!.state, 'pending', 'retried');
    assert.equal(failed!.lease_token, null);
    assert.equal(failed!.last_error, 'it broke');
    assert.equal(untouched!.lease_token, token);
    assert.equal(untouched!.lease_expires_at, isoTime(START + 60_000), 'renewed');
  });
});
