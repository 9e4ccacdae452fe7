/**
 * The one job runner (SPEC §18, src/jobs/runner.ts): a dedupe key queues a job once; due jobs
 * run oldest first and future ones wait; two runners on one database (two pools) never run a
 * job twice; a lease that ran out is taken again; a handler that throws leaves no effect, is
 * retried on its schedule, then fails until an admin retries it; a runner that lost its lease
 * commits neither its effect nor the completion, through a transaction or a unit of work.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { systemActor } from '../../src/policy/actor.js';
import type { JobHandler } from '../../src/jobs/job-handler.js';
import { claimJobs, enqueueJob, retryFailedJob } from '../../src/jobs/job.repository.js';
import { JOB_LEASE_MS } from '../../src/jobs/runner.js';
import { SYSTEM_ACTIONS } from '../../src/policy/system.policy.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { jobsOf, mark, marks, runner, secondConnection, START, testClock } from './job-fixtures.js';

eachDatabase((suite) => {
  it('queues a job once per dedupe key and kind, on either database', async () => {
    const job = { kind: 'dedupe.a', dedupeKey: 'slot-1', payload: {}, dueAt: START, now: START };
    assert.equal(await enqueueJob(suite.db, job), true);
    assert.equal(await enqueueJob(suite.db, job), false, 'the same key again does nothing');
    await suite.db.transaction().execute((trx) => enqueueJob(trx, { ...job, payload: { other: 1 } }));
    assert.equal(await enqueueJob(suite.db, { ...job, kind: 'dedupe.b' }), true, 'keys are per kind');
    await enqueueJob(suite.db, { kind: 'dedupe.a', payload: {}, dueAt: START, now: START });
    await enqueueJob(suite.db, { kind: 'dedupe.a', payload: {}, dueAt: START, now: START });
    const rows = await jobsOf(suite.db, 'dedupe.a');
    assert.equal(rows.length, 3, 'one keyed job and two without a key');
    assert.equal(rows.find((row) => row.dedupe_key === 'slot-1')?.payload, '{}');
  });

  it('runs due jobs oldest first and a future one when its time comes', async () => {
    const clock = testClock();
    const ran: string[] = [];
    const handler: JobHandler = {
      kind: 'order',
      run: async ({ payload }) => void ran.push((payload as { name: string }).name),
    };
    const at = (name: string, offset: number) =>
      enqueueJob(suite.db, { kind: 'order', payload: { name }, dueAt: START + offset, now: START });
    await at('third', -1000);
    await at('first', -3000);
    await at('later', 60_000);
    await at('second', -2000);
    const one = runner(suite.db, clock, [handler], { batch: 2 });
    assert.equal(await one.drain(), 3);
    assert.deepEqual(ran, ['first', 'second', 'third']);
    clock.advance(60_000);
    assert.equal(await one.drain(), 1);
    assert.deepEqual(ran, ['first', 'second', 'third', 'later']);
    const rows = await jobsOf(suite.db, 'order');
    assert.deepEqual(
      rows.map((row) => [row.state, row.attempts, row.lease_token, row.finished_at !== null]),
      rows.map(() => ['done', 1, null, true]),
    );
  });

  it('never runs a job twice with two runners on one database (two pools)', async () => {
    const clock = testClock();
    const other = secondConnection(suite.database);
    try {
      const calls = new Map<string, number>();
      const handler: JobHandler = {
        kind: 'shared',
        async run({ job, transaction }) {
          calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
          await transaction((trx) => mark(trx, job.id, clock.now()));
        },
      };
      for (let i = 0; i < 120; i++)
        await enqueueJob(suite.db, { kind: 'shared', payload: { i }, dueAt: START, now: START });
      const a = runner(suite.db, clock, [handler], { batch: 4 });
      const b = runner(other.db, clock, [handler], { batch: 4 });
      const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
      assert.equal(ranA + ranB, 120);
      const jobs = await jobsOf(suite.db, 'shared');
      assert.ok(jobs.every((job) => job.state === 'done'));
      assert.deepEqual([...new Set(calls.values())], [1], 'each handler ran once');
      const effects = await marks(suite.db);
      assert.equal(effects.size, 120);
      assert.deepEqual([...new Set(effects.values())], [1], 'each effect exists once');
    } finally {
      await other.close();
    }
  });

  it('takes again the jobs of a lease that ran out (a process that died)', async () => {
    const clock = testClock();
    await enqueueJob(suite.db, { kind: 'orphan', payload: {}, dueAt: START, now: START });
    // A process claims it and dies before finishing.
    const [held] = await claimJobs(suite.db, ['orphan'], START, START + JOB_LEASE_MS, 10);
    assert.ok(held);
    let ran = 0;
    const handler: JobHandler = { kind: 'orphan', run: async () => void (ran += 1) };
    const alive = runner(suite.db, clock, [handler]);
    assert.equal(await alive.drain(), 0, 'not while the lease holds');
    clock.advance(JOB_LEASE_MS + 1);
    assert.equal(await alive.drain(), 1);
    assert.equal(ran, 1);
    const [row] = await jobsOf(suite.db, 'orphan');
    assert.equal(row?.state, 'done');
    assert.equal(row?.attempts, 2, 'the dead claim counts as an attempt');
  });

  it('rolls back a failed run, retries it on its schedule, then fails until an admin retries it', async () => {
    const clock = testClock();
    let broken = true;
    const handler: JobHandler = {
      kind: 'flaky',
      retrySchedule: [10, 100],
      async run({ job, transaction }) {
        await transaction(async (trx) => {
          await mark(trx, job.id, clock.now());
          if (broken) throw new Error('the far end said no');
        });
      },
    };
    await enqueueJob(suite.db, { kind: 'flaky', payload: {}, dueAt: START, now: START });
    const one = runner(suite.db, clock, [handler]);
    await one.drain();
    let [row] = await jobsOf(suite.db, 'flaky');
    assert.equal(row?.state, 'pending');
    const firstDelay = Date.parse(row!.due_at) - START;
    assert.ok(firstDelay >= 9_000 && firstDelay <= 11_000, `retried after about 10 s, not ${firstDelay} ms`);
    assert.equal(row?.last_error, 'the far end said no');
    clock.advance(8_000);
    assert.equal(await one.drain(), 0, 'not before its retry is due');
    clock.advance(3_000);
    assert.equal(await one.drain(), 1);
    clock.advance(111_000);
    assert.equal(await one.drain(), 1);
    [row] = await jobsOf(suite.db, 'flaky');
    assert.equal(row?.state, 'failed', 'every retry used');
    assert.equal(row?.attempts, 3);
    assert.equal((await marks(suite.db)).get(row!.id), undefined, 'no failed run left its effect');
    clock.advance(3_600_000);
    assert.equal(await one.drain(), 0, 'a failed job stays failed');

    broken = false;
    assert.equal(await retryFailedJob(suite.db, row!.id, clock.now()), true);
    assert.equal(await retryFailedJob(suite.db, row!.id, clock.now()), false, 'only a failed job');
    assert.equal(await one.drain(), 1);
    [row] = await jobsOf(suite.db, 'flaky');
    assert.equal(row?.state, 'done');
    assert.equal((await marks(suite.db)).get(row!.id), 1);
  });

  it('commits neither effect nor completion once its lease was lost, in a transaction or a unit of work', async () => {
    const clock = testClock();
    const organization = await makeOrganization(suite.db);
    const thieves = new Set<string>();
    const takeLease = async () => {
      // The lease ran out while the handler was stalled, and another runner took the job.
      clock.advance(JOB_LEASE_MS + 1);
      const now = clock.now();
      const [taken] = await claimJobs(suite.db, ['slow', 'slow.write'], now, now + 600_000, 1);
      if (taken) thieves.add(taken.lease_token);
    };
    const inTransaction: JobHandler = {
      kind: 'slow',
      async run({ job, transaction }) {
        await takeLease();
        await transaction((trx) => mark(trx, job.id, clock.now()));
      },
    };
    const inUnitOfWork: JobHandler = {
      kind: 'slow.write',
      async run({ job, write }) {
        await takeLease();
        const command = {
          action: SYSTEM_ACTIONS.refresh_schedules,
          run: (work: { trx: Parameters<typeof mark>[0] }) => mark(work.trx, job.id, clock.now()),
        };
        await write(systemActor(organization.id), command, undefined);
      },
    };
    for (const kind of ['slow', 'slow.write'])
      await enqueueJob(suite.db, { kind, payload: {}, dueAt: START, now: START });
    const one = runner(suite.db, clock, [inTransaction, inUnitOfWork], { batch: 1 });
    await one.drain();
    const rows = [...(await jobsOf(suite.db, 'slow')), ...(await jobsOf(suite.db, 'slow.write'))];
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.equal(row.state, 'pending', 'the new holder has it');
      assert.ok(thieves.has(row.lease_token!));
      assert.equal((await marks(suite.db)).get(row.id), undefined, 'the effect was rolled back');
    }

    // The unit of work's own commit completes the job with it when the lease holds.
    const fine: JobHandler = {
      kind: 'fine.write',
      async run({ job, write }) {
        const command = {
          action: SYSTEM_ACTIONS.refresh_schedules,
          run: (work: { trx: Parameters<typeof mark>[0] }) => mark(work.trx, job.id, clock.now()),
        };
        await write(systemActor(organization.id), command, undefined);
      },
    };
    await enqueueJob(suite.db, { kind: 'fine.write', payload: {}, dueAt: clock.now(), now: clock.now() });
    assert.equal(await runner(suite.db, clock, [fine]).drain(), 1);
    const [done] = await jobsOf(suite.db, 'fine.write');
    assert.equal(done?.state, 'done');
    assert.equal((await marks(suite.db)).get(done!.id), 1);
    assert.equal(isoTime(clock.now()), done?.finished_at);
  });
});
