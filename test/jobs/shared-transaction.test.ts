/**
 * A claim's jobs of one organization completed in one transaction, each effect behind a
 * savepoint (src/jobs/shared-transaction.ts, kinds that say `sharesTransaction`; PostgreSQL):
 * exactly once still. A job that throws, in a unit of work or a plain transaction, leaves nothing
 * and is retried on its kind's schedule while the others of its batch commit; a refused unit of
 * work leaves nothing and the handler's answer to the refusal commits; a batch one of whose
 * leases was taken commits nothing, and its jobs still held complete alone. On PostgreSQL the batch
 * commits once, in fewer round trips a job than a transaction each (counts, not durations).
 * SQLite runs each job in a transaction of its own, and the same outcomes hold.
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { ApiError } from '../../src/errors.js';
import { systemActor } from '../../src/policy/actor.js';
import type { JobHandler } from '../../src/jobs/job-handler.js';
import { enqueueJob } from '../../src/jobs/job.repository.js';
import { JOB_LEASE_MS } from '../../src/jobs/runner.js';
import { SYSTEM_ACTIONS } from '../../src/policy/system.policy.js';
import type { Work } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { jobsOf, mark, marks, runner, START, statementCounter, testClock } from './job-fixtures.js';

const counter = statementCounter();
after(() => counter.restore());

eachDatabase((suite) => {
  it('commits the others of a batch when one throws; that one leaves nothing and is retried on its schedule', async () => {
    const clock = testClock();
    const organization = await makeOrganization(suite.db);
    let broken = true;
    const handler: JobHandler = {
      kind: 'shared.write',
      sharesTransaction: true,
      retrySchedule: [10, 100],
      async run({ job, payload, write, transaction }) {
        const { how } = payload as { how: string };
        if (how === 'breaks')
          return transaction(async (trx) => {
            await mark(trx, job.id, clock.now());
            if (broken) throw new Error('the transaction broke');
          });
        const command = {
          action: SYSTEM_ACTIONS.refresh_schedules,
          async run(work: Work) {
            await mark(work.trx, job.id, clock.now());
            if (how === 'throws' && broken) throw new Error('the unit of work broke');
            if (how === 'refused') throw new ApiError(422, 'refused', 'Not this one.');
          },
        };
        try {
          await write(systemActor(organization.id), command, undefined);
        } catch (error) {
          if (how !== 'refused') throw error;
          await transaction((trx) => mark(trx, `${job.id} instead`, clock.now()));
        }
      },
    };
    const hows = ['fine', 'throws', 'fine', 'refused', 'breaks', 'fine', 'fine'];
    for (const how of hows)
      await enqueueJob(suite.db, {
        kind: 'shared.write',
        organizationId: organization.id,
        payload: { how },
        dueAt: START,
        now: START,
      });
    const one = runner(suite.db, clock, [handler], { batch: 16 });
    const postgres = suite.database.dialect === 'postgres';
    counter.start();
    assert.equal(await one.drain(), hows.length);
    const { commits } = counter.stop();
    if (postgres) assert.equal(commits, 2, 'the claim, then the batch: one commit each');

    const rows = await jobsOf(suite.db, 'shared.write');
    const how = (row: { payload: string }) => (JSON.parse(row.payload) as { how: string }).how;
    const effects = await marks(suite.db);
    for (const row of rows) {
      const kind = how(row);
      assert.equal(row.attempts, 1);
      assert.equal(row.lease_token, null);
      if (kind === 'throws' || kind === 'breaks') {
        assert.equal(row.state, 'pending', `${kind}: retried`);
        const delay = Date.parse(row.due_at) - START;
        assert.ok(delay >= 9_000 && delay <= 11_000, `${kind}: retried after about 10 s, not ${delay} ms`);
        assert.match(row.last_error ?? '', /broke/);
        assert.equal(effects.get(row.id), undefined, `${kind}: nothing of it is left`);
      } else {
        assert.equal(row.state, 'done', kind);
        assert.equal(row.last_error, null);
        assert.equal(effects.get(row.id), kind === 'refused' ? undefined : 1, `${kind}: its effect once`);
      }
      assert.equal(effects.get(`${row.id} instead`), kind === 'refused' ? 1 : undefined);
    }
    assert.equal(effects.size, hows.length - 2);

    broken = false;
    clock.advance(11_000);
    assert.equal(await one.drain(), 2, 'the two retried, on their schedule');
    const after = await jobsOf(suite.db, 'shared.write');
    assert.deepEqual(
      after.map((row) => row.state),
      hows.map(() => 'done'),
    );
    const again = await marks(suite.db);
    for (const row of after.filter((row) => ['throws', 'breaks'].includes(how(row))))
      assert.equal(again.get(row.id), 1, 'once, when it no longer throws');
    assert.equal(await one.drain(), 0);
  });

  it('commits nothing of a batch whose lease was lost in part; the jobs still held complete alone', async () => {
    const clock = testClock();
    const organization = await makeOrganization(suite.db);
    let stolen: string | undefined;
    const handler: JobHandler = {
      kind: 'shared.stolen',
      sharesTransaction: true,
      async run({ job, payload, transaction }) {
        if ((payload as { steal?: boolean }).steal && stolen === undefined) {
          // The lease ran out while the batch ran, and another runner took this one job.
          clock.advance(JOB_LEASE_MS + 1);
          const now = clock.now();
          await suite.db
            .updateTable('jobs')
            .set({ lease_token: 'thief', lease_expires_at: isoTime(now + 600_000) })
            .where('id', '=', job.id)
            .execute();
          stolen = job.id;
        }
        await transaction((trx) => mark(trx, job.id, clock.now()));
      },
    };
    for (const steal of [false, true, false])
      await enqueueJob(suite.db, {
        kind: 'shared.stolen',
        organizationId: organization.id,
        payload: { steal },
        dueAt: START,
        now: START,
      });
    await runner(suite.db, clock, [handler], { batch: 16 }).drain();
    const effects = await marks(suite.db);
    for (const row of await jobsOf(suite.db, 'shared.stolen')) {
      if (row.id === stolen) {
        assert.equal(row.state, 'pending', 'the new holder has it');
        assert.equal(row.lease_token, 'thief');
        assert.equal(effects.get(row.id), undefined, 'its effect was rolled back');
      } else {
        assert.equal(row.state, 'done');
        assert.equal(effects.get(row.id), 1, 'its effect once');
      }
    }
  });

  it('takes fewer round trips a job on PostgreSQL than a transaction each (counts)', async (t) => {
    if (suite.database.dialect !== 'postgres') return t.skip('SQLite runs each job in its own transaction');
    const clock = testClock();
    const organization = await makeOrganization(suite.db);
    const handler = (kind: string, sharesTransaction: boolean): JobHandler => ({
      kind,
      sharesTransaction,
      run: ({ job, transaction }) => transaction((trx) => mark(trx, job.id, clock.now())),
    });
    const measure = async (kind: string, sharesTransaction: boolean) => {
      for (let i = 0; i < 32; i++)
        await enqueueJob(suite.db, {
          kind,
          organizationId: organization.id,
          payload: { i },
          dueAt: START,
          now: START,
        });
      const one = runner(suite.db, clock, [handler(kind, sharesTransaction)], { batch: 16 });
      counter.start();
      assert.equal(await one.drain(), 32);
      return counter.stop();
    };
    const alone = await measure('alone.mark', false);
    const shared = await measure('shared.mark', true);
    assert.ok(alone.commits >= 32, `a commit a job alone (${alone.commits})`);
    assert.equal(shared.commits, 4, 'two claims and two batches');
    assert.ok(shared.total <= 32 * 3, `at most 3 round trips a job shared (${shared.total} for 32)`);
    assert.ok(shared.total < alone.total, `fewer than alone (${shared.total} < ${alone.total})`);
    const effects = await marks(suite.db);
    for (const row of [
      ...(await jobsOf(suite.db, 'alone.mark')),
      ...(await jobsOf(suite.db, 'shared.mark')),
    ]) {
      assert.equal(row.state, 'done');
      assert.equal(effects.get(row.id), 1);
    }
  });
});
