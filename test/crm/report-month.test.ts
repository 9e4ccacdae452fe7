/**
 * The month a report puts an instant in (SPEC §14) is the month of its day in the venue's zone:
 * the shortcut for days far from a month's turn agrees with the zone's own rules everywhere,
 * across zones fourteen hours either side of UTC, half- and quarter-hour offsets and DST changes.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { monthOf } from '../../src/crm/reports/report-range.js';
import { localDate } from '../../src/wall-clock.js';

const ZONES = [
  'UTC',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
];

it('puts each instant in the month of its day in the zone', () => {
  const from = Date.UTC(1999, 0, 1);
  const to = Date.UTC(2040, 0, 1);
  fc.assert(
    fc.property(fc.integer({ min: from, max: to }), fc.constantFrom(...ZONES), (ms, zone) => {
      const instant = new Date(ms).toISOString();
      assert.equal(monthOf(instant, zone), localDate(ms, zone).slice(0, 7), `${instant} in ${zone}`);
    }),
    { numRuns: 5000 },
  );
});

it('moves an instant across the month’s turn by the zone’s offset', () => {
  assert.equal(monthOf('2026-03-31T23:30:00.000Z', 'Europe/London'), '2026-04');
  assert.equal(monthOf('2026-04-01T03:00:00.000Z', 'America/New_York'), '2026-03');
  assert.equal(monthOf('2026-12-31T10:00:00.000Z', 'Pacific/Kiritimati'), '2027-01');
  assert.equal(monthOf('2026-05-15T12:00:00.000Z', 'Pacific/Pago_Pago'), '2026-05');
});
