/**
 * The loop behind the webhook worker and the mail sender (src/jobs/polling-loop.ts): a wake while
 * a round runs gives one more round right after it, not one beside it; a round that throws is
 * told and the loop goes on; with nothing to wake it, it looks again after its poll interval;
 * stop waits for the round under way and no round starts after it.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { it } from 'node:test';
import { PollingLoop } from '../../src/jobs/polling-loop.js';

/** Waits until `done()` holds, up to two seconds (a busy machine fires timers late). */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 5) {
    assert.ok(waited < 2_000, what);
    await delay(5);
  }
}

it('runs one round at a time, once more when woken meanwhile, tells failures and stops cleanly', async () => {
  let running = 0;
  let most = 0;
  let rounds = 0;
  const failures: unknown[] = [];
  let release: () => void = () => {};
  const loop = new PollingLoop(
    async () => {
      rounds += 1;
      running += 1;
      most = Math.max(most, running);
      try {
        if (rounds === 1) await new Promise<void>((resolve) => (release = resolve));
        if (rounds === 2) throw new Error('the database went away');
      } finally {
        running -= 1;
      }
    },
    60_000,
    (error) => failures.push(error),
  );
  loop.soon(0);
  await until(() => rounds === 1, 'the first round is under way');
  loop.soon(0);
  loop.soon(0);
  await delay(20);
  assert.equal(rounds, 1, 'no second round beside the first');
  release();
  await until(() => rounds === 2 && failures.length === 1, 'woken meanwhile: one more round right after');
  assert.equal(most, 1);
  assert.deepEqual(
    failures.map((f) => (f as Error).message),
    ['the database went away'],
  );
  await delay(20);
  assert.equal(rounds, 2, 'then it waits for its poll interval');
  await loop.stop();
  loop.soon(0);
  await delay(20);
  assert.equal(rounds, 2, 'nothing runs once stopped');
  assert.equal(loop.stopped, true);
});

it('looks again after its poll interval with nothing to wake it', async () => {
  let rounds = 0;
  const loop = new PollingLoop(
    async () => {
      rounds += 1;
    },
    10,
    () => {},
  );
  loop.soon(0);
  await until(() => rounds >= 3, `three rounds (${rounds})`);
  await loop.stop();
});
