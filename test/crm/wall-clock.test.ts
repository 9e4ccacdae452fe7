/**
 * Wall-clock times in a zone (src/wall-clock.ts), as events read and write them (SPEC §15):
 * properties over instants and zones either side of daylight-saving changes and midnight.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import {
  instantOf,
  localDateTime,
  missingDayWords,
  utcMs,
  wallClockOf,
  zonedToUtc,
} from '../../src/wall-clock.js';

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
];
// Whole minutes from 2000 to 2060.
const minute = fc.integer({ min: 15_778_080, max: 47_335_680 }).map((m) => m * 60_000);

it('reads an instant back from its wall clock, or the earlier of two when the clocks go back', () => {
  fc.assert(
    fc.property(minute, fc.constantFrom(...ZONES), (ms, zone) => {
      const local = localDateTime(ms, zone);
      const back = zonedToUtc(local, zone)!;
      assert.equal(localDateTime(back, zone), local, 'the same wall clock');
      assert.ok(back <= ms && ms - back <= 3_600_000, 'the instant, or the earlier one an hour before');
    }),
    { numRuns: 2000 },
  );
});

it('reads every wall clock around each change of the clocks in 2027: the earlier of two, or past a gap', () => {
  const minuteMs = 60_000;
  for (const zone of ZONES) {
    const offset = (ms: number) => Date.parse(`${localDateTime(ms, zone)}:00Z`) - ms;
    // Every change of the clocks in 2027, found hour by hour, then every minute three hours either side.
    for (
      let hour = Date.parse('2027-01-01T00:00:00Z');
      hour < Date.parse('2028-01-01T00:00:00Z');
      hour += 3_600_000
    ) {
      if (offset(hour) === offset(hour + 3_600_000)) continue;
      const readings = new Map<string, number[]>();
      for (let ms = hour - 3 * 3_600_000; ms <= hour + 4 * 3_600_000; ms += minuteMs) {
        const local = localDateTime(ms, zone);
        readings.set(local, [...(readings.get(local) ?? []), ms]);
      }
      const first = Date.parse(`${localDateTime(hour - 3 * 3_600_000, zone)}:00Z`);
      const last = Date.parse(`${localDateTime(hour + 4 * 3_600_000, zone)}:00Z`);
      for (let wall = first; wall <= last; wall += minuteMs) {
        const local = new Date(wall).toISOString().slice(0, 16);
        const instants = readings.get(local);
        const back = zonedToUtc(local, zone)!;
        if (instants) assert.equal(back, Math.min(...instants), `${zone} ${local}: the earlier instant`);
        else assert.equal(back, wall - offset(hour), `${zone} ${local}: read with the offset before the gap`);
      }
    }
  }
  // The Chatham Islands go back from 03:45 to 02:45 on 2052-04-07: 02:45 is first 13:00 UTC.
  assert.equal(
    new Date(zonedToUtc('2052-04-07T02:45', 'Pacific/Chatham')!).toISOString(),
    '2052-04-06T13:00:00.000Z',
  );
  // New York skips 02:00–02:59 on 2027-03-14: 02:30 is read as 03:30 EDT.
  assert.equal(
    new Date(zonedToUtc('2027-03-14T02:30', 'America/New_York')!).toISOString(),
    '2027-03-14T07:30:00.000Z',
  );
});

it('gives an all-day stretch its first and last day, and a timed one its dates and times', () => {
  fc.assert(
    fc.property(
      fc.date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2060-01-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      fc.integer({ min: 1, max: 31 }),
      fc.constantFrom(...ZONES),
      (day, days, zone) => {
        const first = day.toISOString().slice(0, 10);
        const last = new Date(day.getTime() + (days - 1) * 86_400_000).toISOString().slice(0, 10);
        const next = new Date(day.getTime() + days * 86_400_000).toISOString().slice(0, 10);
        const start_at = new Date(zonedToUtc(first, zone)!).toISOString();
        const end_at = new Date(zonedToUtc(next, zone)!).toISOString();
        const wall = wallClockOf({ start_at, end_at, all_day: 1 }, zone);
        assert.deepEqual(wall, { start_date: first, end_date: last, start_time: null, end_time: null });
        const timed = wallClockOf({ start_at, end_at, all_day: 0 }, zone);
        assert.equal(timed.end_date, next);
      },
    ),
    { numRuns: 1000 },
  );
});

it('reads the hours around a change of the clocks in New York', () => {
  // 2027-03-14 02:00 EST becomes 03:00 EDT; 2027-11-07 02:00 EDT becomes 01:00 EST.
  const zone = 'America/New_York';
  assert.equal(localDateTime(Date.parse('2027-03-14T06:59:00Z'), zone), '2027-03-14T01:59');
  assert.equal(localDateTime(Date.parse('2027-03-14T07:00:00Z'), zone), '2027-03-14T03:00');
  assert.equal(new Date(zonedToUtc('2027-11-07T01:30', zone)!).toISOString(), '2027-11-07T05:30:00.000Z');
  assert.deepEqual(
    wallClockOf(
      { start_at: '2027-11-07T04:00:00.000Z', end_at: '2027-11-08T05:00:00.000Z', all_day: 1 },
      zone,
    ),
    { start_date: '2027-11-07', end_date: '2027-11-07', start_time: null, end_time: null },
    'a day of 25 hours is one day',
  );
});

it('reads the years 0001 to 0099 as themselves, not as 1901 to 1999', () => {
  assert.equal(zonedToUtc('0001-01-01', 'UTC'), Date.parse('0001-01-01T00:00:00Z'));
  assert.equal(zonedToUtc('0099-12-31T23:59', 'UTC'), Date.parse('0099-12-31T23:59:00Z'));
  assert.equal(localDateTime(zonedToUtc('0050-06-14T18:00', 'UTC')!, 'UTC'), '0050-06-14T18:00');
  assert.equal(utcMs(1, 3, 1, 12), Date.parse('0001-03-01T12:00:00Z'));
});

it('refuses days that do not exist, in words, and reads instants with offsets exactly', () => {
  for (const day of ['2027-02-29', '2027-02-31', '2027-04-31', '2100-02-29', '2027-13-01', '0000-01-01'])
    assert.equal(zonedToUtc(day, 'UTC'), undefined, day);
  assert.equal(zonedToUtc('2028-02-29', 'UTC'), Date.parse('2028-02-29T00:00:00Z'));
  assert.equal(
    missingDayWords('2027-02-31T10:00:00Z'),
    '2027-02-31 does not exist: February 2027 has 28 days.',
  );
  assert.equal(missingDayWords('2028-02-29'), undefined);
  assert.equal(instantOf('2027-02-31T10:00:00Z'), undefined);
  assert.equal(instantOf('2027-06-14T24:00:00Z'), undefined);
  assert.equal(instantOf('2027-06-14T23:59:60Z'), undefined);
  assert.equal(instantOf('2027-06-14T18:00'), undefined, 'an instant needs its offset');
  assert.equal(instantOf('2027-06-14T18:00:30.25+02:00'), Date.parse('2027-06-14T16:00:30.250Z'));
  assert.equal(instantOf('0001-01-01T00:30-01:00'), Date.parse('0001-01-01T01:30:00Z'));
});
