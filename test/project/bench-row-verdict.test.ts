/**
 * A bench row with answers its load did not ask for is a failed row (bench/row-verdict.ts): no
 * throughput is given for it, only its answers by status.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failureWords, judgeRow, missedGoals } from '../../bench/row-verdict.js';

describe('bench row verdict', () => {
  it('passes a row whose every answer was 2xx', () => {
    assert.deepEqual(judgeRow([{ answers: 38_170, statuses: {} }]), { failed: false, asked: 0 });
  });

  it('fails a row with answers it did not ask for, counting them by status over every round', () => {
    const verdict = judgeRow([
      { answers: 38_170, statuses: { 429: 37_600 } },
      { answers: 100, statuses: {} },
      { answers: 200, statuses: { 429: 88, 500: 3, error: 1 } },
    ]);
    assert.deepEqual(verdict, {
      failed: true,
      answers: 38_470,
      unasked: { 429: 37_688, 500: 3, error: 1 },
      total: 37_692,
    });
    assert.ok(verdict.failed);
    assert.equal(
      failureWords(verdict),
      '37,692 of 38,470 answers not asked for (429: 37,688, 500: 3, error: 1)',
    );
  });

  it('passes the share of an answer a load asks for, and fails what goes beyond it or differs', () => {
    const clashes = { status: 409, oneIn: 10 };
    assert.deepEqual(judgeRow([{ answers: 250, statuses: { 409: 25 } }], clashes), {
      failed: false,
      asked: 25,
    });
    assert.deepEqual(judgeRow([{ answers: 250, statuses: { 409: 40 } }], clashes), {
      failed: true,
      answers: 250,
      unasked: { 409: 15 },
      total: 15,
    });
    assert.deepEqual(judgeRow([{ answers: 250, statuses: { 409: 25, 503: 1 } }], clashes), {
      failed: true,
      answers: 250,
      unasked: { 503: 1 },
      total: 1,
    });
  });

  it('counts the share asked for over the answers and the requests a round cut off unanswered', () => {
    const clashes = { status: 409, oneIn: 10 };
    // 404 answered of 454 sent on 50 connections: the sent ones held 45 clashes, all answered.
    assert.deepEqual(judgeRow([{ answers: 404, statuses: { 409: 45 }, unanswered: 50 }], clashes), {
      failed: false,
      asked: 45,
    });
    assert.deepEqual(judgeRow([{ answers: 404, statuses: { 409: 47 }, unanswered: 50 }], clashes), {
      failed: true,
      answers: 404,
      unasked: { 409: 1 },
      total: 1,
    });
  });

  it('fails a row whose figure is at or over its goal, or was not measured', () => {
    const goal = (measured: number) => ({ row: 'filter — SQLite', measured, under: 100, unit: 'ms' });
    assert.deepEqual(missedGoals([goal(99.9), { ...goal(1.04), under: 1.1, unit: '×' }]), []);
    assert.deepEqual(missedGoals([goal(100), goal(127.3), goal(Number.NaN), goal(12)]), [
      'filter — SQLite: 100 ms, goal under 100 ms',
      'filter — SQLite: 127.3 ms, goal under 100 ms',
      'filter — SQLite: not measured, goal under 100 ms',
    ]);
  });
});
