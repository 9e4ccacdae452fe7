/**
 * A booking's derived state is kept by its aggregate alone (src/crm/bookings/booking-keeping.ts):
 * the kinds inside a booking, the clock and the organization's commands mark it touched
 * (src/crm/bookings/aggregate.ts), and only the aggregate calls the steps that bring its times,
 * lines, sums, schedule and status carry up to date. A file that calls one of them again fails
 * here, naming itself and the step.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

/** The aggregate's steps, and the file each is declared in. */
const STEPS: Record<string, string> = {
  refreshBooking: 'src/crm/events/booking-derivation.ts',
  carryStatus: 'src/crm/events/booking-derivation.ts',
  linesFollowGuests: 'src/crm/pricing/booking-totals.ts',
  refreshBookingTotals: 'src/crm/pricing/booking-totals.ts',
  refreshSchedule: 'src/crm/payments/schedule-keeping.ts',
};
const AGGREGATE = 'src/crm/bookings/booking-keeping.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** The steps a source calls or imports (not those it declares). */
function stepsUsedBy(source: string): string[] {
  return Object.keys(STEPS).filter((step) => {
    const used = new RegExp(`(?<!function )\\b${step}\\b(?!\\??:)`, 'g');
    return [...source.matchAll(used)].length > 0;
  });
}

it('declares each step where the aggregate finds it', () => {
  for (const [step, file] of Object.entries(STEPS)) {
    assert.match(readFileSync(file, 'utf8'), new RegExp(`export async function ${step}\\(`), step);
    assert.ok(stepsUsedBy(readFileSync(AGGREGATE, 'utf8')).includes(step), `the aggregate calls ${step}`);
  }
});

it('keeps a booking’s derived state in its aggregate alone: no other file calls its steps', () => {
  const offenders = sourceFiles('src')
    .filter((file) => file !== AGGREGATE && !file.startsWith('src/db/migrations/'))
    .flatMap((file) => stepsUsedBy(readFileSync(file, 'utf8')).map((step) => `${file}: ${step}`));
  assert.deepEqual(offenders, []);
});

it('finds a step called outside the aggregate', () => {
  assert.deepEqual(stepsUsedBy('await refreshSchedule(work, id);'), ['refreshSchedule']);
  assert.deepEqual(stepsUsedBy("import { carryStatus } from './booking-derivation.js';"), ['carryStatus']);
  assert.deepEqual(stepsUsedBy('export async function refreshBooking(work: Work) {}'), []);
});
