/**
 * What a crash proof of sent work may find (SPEC §18): every item arrived at least once, and the
 * only repeats are of items in the window SMTP (or HTTP) leaves open — the receiver had answered
 * before the kill, yet the sender's record of it had not committed. That window is measured, not
 * guessed: after the kill and before the restart, the items the receiver holds whose record is
 * not made. It holds at most what the dead runner had in flight at once (`inFlight`), and a
 * repeat of anything outside it — an item already recorded as done, sent again — fails the proof.
 */
import assert from 'node:assert/strict';

/**
 * MARQUEE_JOB_LEASE for the killed and the restarted process: the dead one's jobs are taken again
 * after 5 s rather than the default 30. The runner renews a lease every third of it, so 5 s still
 * leaves a live runner more than 3 s to renew before another could take its jobs.
 */
export const LEASE = '5';

export interface CrashCount {
  items: number;
  arrivals: number;
  repeats: number;
  window: number;
}

export function assertOnceBut(
  expected: readonly string[],
  arrived: readonly string[],
  window: ReadonlySet<string>,
  inFlight: number,
): CrashCount {
  const times = new Map<string, number>();
  for (const key of arrived) times.set(key, (times.get(key) ?? 0) + 1);
  const missing = expected.filter((key) => !times.has(key));
  assert.deepEqual(missing.slice(0, 10), [], `${missing.length} never arrived`);
  const unknown = [...times.keys()].filter((key) => !expected.includes(key));
  assert.deepEqual(unknown, [], 'nothing arrived that was not sent');
  const repeated = [...times].filter(([, count]) => count > 1);
  assert.ok(window.size <= inFlight, `the window held ${window.size}, more than ${inFlight} in flight`);
  assert.deepEqual(
    repeated.filter(([key, count]) => !window.has(key) || count > 2),
    [],
    'a repeat only of what was in flight at the kill, and only once',
  );
  return { items: expected.length, arrivals: arrived.length, repeats: repeated.length, window: window.size };
}
