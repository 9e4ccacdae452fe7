/**
 * When an automation's steps fall due (SPEC §18), in the venue's zone: days on the venue's
 * calendar at the same wall-clock time across changes of clocks, a time of day, the sending
 * window (weekdays 09:00–17:00 by default), date triggers at the start of their day or at once
 * later that day, and a task's due date. Properties over instants from 2020 to 2040 in zones
 * with changes of clocks (London, New York, Lord Howe's half hour) and without (Kolkata, UTC).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import {
  addLocalDays,
  dateTriggerAt,
  DEFAULT_SENDING_WINDOW,
  dueDateAfter,
  intoSendingWindow,
  isoWeekday,
  waitUntil,
} from '../../src/crm/automations/automation-schedule.js';
import { localDate, localTime, zonedToUtc } from '../../src/wall-clock.js';

const at = (local: string, zone: string) => zonedToUtc(local, zone)!;
const local = (ms: number, zone: string) => `${localDate(ms, zone)}T${localTime(ms, zone)}`;
const W = DEFAULT_SENDING_WINDOW;

const ZONES = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) });
const zone = fc.constantFrom(...ZONES);

it('waits days on the venue’s calendar at the same wall-clock time, across a change of clocks', () => {
  // London's clocks go forward on 28 March 2027 and back on 31 October 2027.
  const london = 'Europe/London';
  assert.equal(
    local(waitUntil(at('2027-03-26T09:00', london), { type: 'wait', days: 3 }, london, W), london),
    '2027-03-29T09:00',
  );
  assert.equal(
    local(waitUntil(at('2027-10-29T17:30', london), { type: 'wait', days: 3 }, london, W), london),
    '2027-11-01T17:30',
  );
  // Hours pass as hours: 24 of them across the spring change end at 10:00.
  assert.equal(
    local(waitUntil(at('2027-03-27T09:00', london), { type: 'wait', hours: 24 }, london, W), london),
    '2027-03-28T10:00',
  );
  const ny = 'America/New_York';
  assert.equal(local(addLocalDays(at('2027-11-06T09:00', ny), 1, ny), ny), '2027-11-07T09:00');
});

it('sets the time of day on the day the days reach, or the first one not before now', () => {
  const z = 'Europe/London';
  const monday3pm = at('2027-06-14T15:00', z);
  assert.equal(
    local(waitUntil(monday3pm, { type: 'wait', days: 3, at: '09:00' }, z, W), z),
    '2027-06-17T09:00',
  );
  assert.equal(local(waitUntil(monday3pm, { type: 'wait', at: '09:00' }, z, W), z), '2027-06-15T09:00');
  assert.equal(local(waitUntil(monday3pm, { type: 'wait', at: '18:00' }, z, W), z), '2027-06-14T18:00');
  // Midnight is a time of day like any other.
  assert.equal(local(waitUntil(monday3pm, { type: 'wait', at: '00:00' }, z, W), z), '2027-06-15T00:00');
});

it('moves what falls outside the sending window to its next opening, in the venue’s zone', () => {
  const z = 'America/New_York';
  const step = { type: 'wait', days: 1, in_sending_window: true } as const;
  // Friday 16:59 + 1 day is Saturday: Monday 09:00.
  assert.equal(local(waitUntil(at('2027-06-18T16:59', z), step, z, W), z), '2027-06-21T09:00');
  // Tuesday 07:00 + 1 day is Wednesday 07:00: 09:00 that day.
  assert.equal(local(waitUntil(at('2027-06-15T07:00', z), step, z, W), z), '2027-06-16T09:00');
  // Inside the window it stays; 17:00 itself is closed.
  assert.equal(local(intoSendingWindow(at('2027-06-16T12:34', z), z, W), z), '2027-06-16T12:34');
  assert.equal(local(intoSendingWindow(at('2027-06-16T17:00', z), z, W), z), '2027-06-17T09:00');
  // A window of Saturdays 10:00–12:00.
  const saturdays = { days: [6], start: '10:00', end: '12:00' };
  assert.equal(local(intoSendingWindow(at('2027-06-16T12:00', z), z, saturdays), z), '2027-06-19T10:00');
});

it('fires a date trigger at the start of its day, at once later that day, never after it', () => {
  const z = 'Australia/Lord_Howe';
  const morning = at('2027-06-16T10:15', z);
  assert.equal(local(dateTriggerAt('2027-06-20', z, morning)!, z), '2027-06-20T00:00');
  assert.equal(dateTriggerAt('2027-06-16', z, morning), morning);
  assert.equal(dateTriggerAt('2027-06-15', z, morning), undefined);
  // A task's due date counts the venue's days: 23:30 in London is already tomorrow in Kolkata.
  const late = at('2027-06-16T23:30', 'Europe/London');
  assert.equal(dueDateAfter(late, 14, 'Europe/London'), '2027-06-30');
  assert.equal(dueDateAfter(late, 14, 'Asia/Kolkata'), '2027-07-01');
});

it('never ends a wait before it began, and lands in the window on an allowed day', () => {
  const step = fc.record({
    days: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
    hours: fc.option(fc.integer({ min: 0, max: 72 }), { nil: undefined }),
    at: fc.option(
      fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
      { nil: undefined },
    ),
    in_sending_window: fc.boolean(),
  });
  fc.assert(
    fc.property(instant, zone, step, (from, z, s) => {
      const until = waitUntil(from, { type: 'wait', ...s }, z, W);
      assert.ok(until >= from, `${local(from, z)} → ${local(until, z)}`);
      if (s.days && !s.hours && !s.at && !s.in_sending_window) {
        assert.equal(localDate(until, z), addDaysOf(localDate(from, z), s.days));
      }
      if (s.in_sending_window) {
        assert.ok(W.days.includes(isoWeekday(localDate(until, z))), local(until, z));
        const time = localTime(until, z);
        assert.ok(time >= W.start && time < W.end, local(until, z));
      }
    }),
    { numRuns: 500 },
  );
});

it('keeps a wall-clock time the clocks did not skip when it adds days', () => {
  fc.assert(
    fc.property(instant, zone, fc.integer({ min: 1, max: 60 }), (from, z, days) => {
      const later = addLocalDays(from, days, z);
      const wanted = localTime(from, z);
      // Only a time in the hour the clocks skip that day reads otherwise (after the gap).
      if (localTime(later, z) !== wanted) assert.ok(later - from > 0 && localTime(later, z) > wanted);
    }),
    { numRuns: 500 },
  );
});

function addDaysOf(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
