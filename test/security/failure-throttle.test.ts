/**
 * The failure throttle: free failures, then waits that double with each further failure up to a
 * ceiling; a key quiet for long enough starts over; successes counted up front are taken back.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FailureThrottle } from '../../src/security/failure-throttle.js';
import { TestClock } from '../helpers/test-clock.js';

const rule = { freeFailures: 3, firstDelaySeconds: 10, maxDelaySeconds: 60, forgetAfterSeconds: 3600 };

describe('FailureThrottle', () => {
  it('lets the first failures pass, then makes each further failure wait twice as long', () => {
    const clock = new TestClock();
    const throttle = new FailureThrottle(rule, clock);
    for (let i = 0; i < 3; i++) {
      assert.equal(throttle.retryAfter('k'), 0);
      throttle.recordFailure(['k']);
    }
    assert.equal(throttle.retryAfter('k'), 10);
    assert.equal(throttle.retryAfter('other'), 0, 'other keys are not affected');
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(throttle.retryAfter('k') * 1000);
      assert.equal(throttle.retryAfter('k'), 0);
      throttle.recordFailure(['k']);
      waits.push(throttle.retryAfter('k'));
    }
    assert.deepEqual(waits, [20, 40, 60, 60, 60], 'doubling, up to the ceiling');
  });

  it('forgets a key after a quiet spell, and takes back forgiven failures', () => {
    const clock = new TestClock();
    const throttle = new FailureThrottle(rule, clock);
    for (let i = 0; i < 3; i++) throttle.recordFailure(['k']);
    clock.advance(3601_000);
    throttle.recordFailure(['k']);
    assert.equal(throttle.retryAfter('k'), 0, 'the count started over');
    throttle.recordFailure(['k']);
    throttle.recordFailure(['k']);
    throttle.forgive(['k']);
    assert.equal(throttle.retryAfter('k'), 0, 'two failures left');
    throttle.recordFailure(['k']);
    assert.equal(throttle.retryAfter('k'), 10);
    throttle.clear(['k']);
    assert.equal(throttle.retryAfter('k'), 0);
  });
});
