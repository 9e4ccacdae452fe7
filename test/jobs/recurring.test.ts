/**
 * Recurring jobs (src/jobs/recurring.ts): pruning every hour and the payment schedules' clock
 * every five minutes are jobs whose dedupe key is their slot. Two processes starting and running
 * side by side run each slot once, each run queues the next slot with its completion, and a run
 * that failed for good still queues the next slot. Pruning, run as a job, prunes.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { installmentClockRecurrence } from '../../src/crm/payments/schedule-clock.js';
import { PRUNE_INTERVAL_MS, pruneRecurrence } from '../../src/background/prune.js';
import { type Recurrence, recurringHandler, startRecurring } from '../../src/jobs/recurring.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { jobsOf, runner, secondConnection, silent, START, testClock } from './job-fixtures.js';

eachDatabase((suite) => {
  it('runs each slot once with two processes, and each run queues the next slot', async () => {
    const clock = testClock();
    const other = secondConnection(suite.database);
    try {
      let runs = 0;
      const every: Recurrence = {
        kind: 'every.minute',
        everyMs: 60_000,
        perform: async () => void (runs += 1),
      };
      const a = runner(suite.db, clock, [recurringHandler(every)]);
      const b = runner(other.db, clock, [recurringHandler(every)]);
      for (let slot = 0; slot < 3; slot++) {
        await Promise.all([
          startRecurring(suite.db, [every], clock.now()),
          startRecurring(other.db, [every], clock.now()),
        ]);
        await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
        assert.equal(runs, slot + 1, `slot ${slot} ran once`);
        clock.advance(60_000);
      }
      const rows = await jobsOf(suite.db, 'every.minute');
      assert.deepEqual(
        rows.map((row) => [row.dedupe_key, row.state]).sort(),
        [0, 1, 2, 3].map((slot) => [isoTime(START + slot * 60_000), slot < 3 ? 'done' : 'pending']),
      );
    } finally {
      await other.close();
    }
  });

  it('queues the next slot after a run that failed for good', async () => {
    const clock = testClock();
    const broken: Recurrence = {
      kind: 'broken.hourly',
      everyMs: 3_600_000,
      perform: () => Promise.reject(new Error('down')),
    };
    const one = runner(suite.db, clock, [recurringHandler(broken)]);
    await startRecurring(suite.db, [broken], clock.now());
    await one.drain();
    clock.advance(40_000);
    await one.drain();
    clock.advance(140_000);
    await one.drain();
    const rows = await jobsOf(suite.db, 'broken.hourly');
    assert.deepEqual(rows.map((row) => [row.dedupe_key, row.state, row.attempts]).sort(), [
      [isoTime(START), 'failed', 3],
      [isoTime(START + 3_600_000), 'pending', 0],
    ]);
  });

  it('prunes as an hourly job, and moves the payment schedules as a five-minute one', async () => {
    const clock = testClock();
    const organization = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, organization.id);
    const past = '2020-01-01T00:00:00.000Z';
    await suite.db
      .insertInto('sessions')
      .values({ id_hash: 'expired-session', user_id: user.id, created_at: past, expires_at: past })
      .execute();
    const recurrences = [pruneRecurrence({}, silent), installmentClockRecurrence];
    const one = runner(suite.db, clock, recurrences.map(recurringHandler));
    await startRecurring(suite.db, recurrences, clock.now());
    await one.drain();
    assert.deepEqual(await suite.db.selectFrom('sessions').selectAll().execute(), []);
    const next = await suite.db
      .selectFrom('jobs')
      .select(['kind', 'due_at'])
      .where('state', '=', 'pending')
      .where('kind', 'in', ['prune', 'installments.clock'])
      .orderBy('kind')
      .execute();
    assert.deepEqual(next, [
      { kind: 'installments.clock', due_at: isoTime(START + 5 * 60_000) },
      { kind: 'prune', due_at: isoTime(START + PRUNE_INTERVAL_MS) },
    ]);
  });
});
