/**
 * The progress of an import with an events file (SPEC §10: a progress bar on a terminal) goes on
 * through its last step: once the events are written, each booking they belong to is brought up to
 * date (times, spaces, guests), and the bar shows that step as its own phase, counting the
 * bookings, instead of falling quiet until the import commits. The bookings are kept to their
 * events all the same.
 */
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { importCsv } from '../../src/csv/import-csv.js';
import type { Progress } from '../../src/csv/progress.js';
import { ROLES } from '../../src/policy/roles.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { addSpace, csvFile } from './csv-fixtures.js';

/** A progress that writes down its phases, each with its total and the last count it was told. */
function recording() {
  const phases: Array<{ label: string; total: number | undefined; last: number | undefined }> = [];
  const progress: Progress = {
    phase(label, total) {
      phases.push({ label, total, last: undefined });
    },
    update(done) {
      phases.at(-1)!.last = done;
    },
    finish() {},
  };
  return { phases, progress };
}

eachDatabase((suite) => {
  it('shows the bookings brought up to date after their events as a phase of its own', async () => {
    const org = (await makeOrganization(suite.db)).id;
    const hall = await addSpace(suite.db, org, 'Hall', 100);
    const writer = { db: suite.db, clock: systemClock };
    const as = { organizationId: org, grants: ROLES.admin.grants, dryRun: false };
    const accounts = csvFile('name\nPier\n');
    assert.equal(
      (await importCsv(writer, { ...as, type: 'accounts', input: createReadStream(accounts) })).imported,
      1,
    );
    const bookings = csvFile(
      [
        'reference,name,status,start_at,end_at,guest_count,account_name',
        'BK-00001,Spring lunch,tentative,2027-04-01T12:00:00Z,2027-04-01T14:00:00Z,40,Pier',
        'BK-00002,Summer dinner,tentative,2027-07-01T18:00:00Z,2027-07-01T22:00:00Z,60,Pier',
      ].join('\n'),
    );
    const events = csvFile(
      [
        'booking_reference,name,start_at,end_at,guest_count,space_ids',
        `BK-00001,Lunch,2027-04-01T11:00:00Z,2027-04-01T15:00:00Z,45,${hall}`,
        `BK-00002,Drinks,2027-07-01T17:00:00Z,2027-07-01T18:00:00Z,60,${hall}`,
        `BK-00002,Dinner,2027-07-01T18:00:00Z,2027-07-01T23:30:00Z,70,${hall}`,
      ].join('\n'),
    );
    const { phases, progress } = recording();
    const result = await importCsv(writer, {
      ...as,
      type: 'bookings',
      input: createReadStream(bookings),
      events: { input: createReadStream(events) },
      progress,
    });
    assert.deepEqual(result.errors, []);
    assert.equal(result.imported, 2);
    const labels = phases.map((p) => p.label);
    assert.ok(labels.includes('Events'), labels.join(', '));
    assert.equal(labels.at(-1), 'Bookings', labels.join(', '));
    assert.deepEqual(phases.at(-1), { label: 'Bookings', total: 2, last: 0 });
    const made = await suite.db
      .selectFrom('bookings')
      .select(['name', 'start_at', 'end_at', 'guest_count'])
      .where('organization_id', '=', org)
      .orderBy('name')
      .execute();
    assert.deepEqual(
      made.map((b) => [
        b.name,
        new Date(b.start_at).toISOString(),
        new Date(b.end_at).toISOString(),
        b.guest_count,
      ]),
      [
        ['Spring lunch', '2027-04-01T11:00:00.000Z', '2027-04-01T15:00:00.000Z', 45],
        ['Summer dinner', '2027-07-01T17:00:00.000Z', '2027-07-01T23:30:00.000Z', 70],
      ],
    );
  });
});
