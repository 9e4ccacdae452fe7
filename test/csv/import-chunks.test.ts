/**
 * A file of more than one chunk (CHUNK_ROWS, src/csv/import-kinds.ts) is judged as one: a double
 * booking between rows of different chunks is found, in a dry run and once another row has
 * failed too, and nothing is written; a referral source rows of two chunks name is made once; a
 * file full of problems counts every one and lists the first 25 by row.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { createReadStream } from 'node:fs';
import { systemClock } from '../../src/clock.js';
import { importCsv } from '../../src/csv/import-csv.js';
import { CHUNK_ROWS } from '../../src/csv/import-kinds.js';
import type { CsvType } from '../../src/csv/columns.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { addSpace, count, csvFile } from './csv-fixtures.js';
import { ROLES } from '../../src/policy/roles.js';

const ROWS = CHUNK_ROWS + 2;
const DAY = 86_400_000;

/** Definite bookings of the space, one an evening; `row` changes a row's cells (i from 0: row i + 2). */
function bookings(space: string, row: (i: number, cells: string[]) => string[] = (_, cells) => cells) {
  const lines = ['name,status,start_at,end_at,account_name,space_ids,referral_source_name'];
  for (let i = 0; i < ROWS; i++) {
    const day = Date.UTC(2027, 0, 1) + i * DAY;
    const at = (hour: number) => new Date(day + hour * 3_600_000).toISOString();
    lines.push(row(i, [`Evening ${i}`, 'definite', at(18), at(23), 'Acme', space, '']).join(','));
  }
  return csvFile(`${lines.join('\n')}\n`);
}

eachDatabase((suite) => {
  let org: string;
  let hall: string;

  /** The import as `marquee import` runs it, in this process. */
  const imported = (type: CsvType, file: string, dryRun = false) =>
    importCsv(
      { db: suite.db, clock: systemClock },
      { organizationId: org, grants: ROLES.admin.grants, type, input: createReadStream(file), dryRun },
    );

  before(async () => {
    org = (await makeOrganization(suite.db)).id;
    assert.equal((await imported('accounts', csvFile('name\nAcme\n'))).imported, 1);
    hall = await addSpace(suite.db, org, 'Great Hall', 300);
  });

  it('finds a double booking between chunks, in a dry run and beside a bad row, writing nothing', async () => {
    const file = bookings(hall, (i, cells) => {
      if (i === 1) cells[1] = 'maybe';
      // The last row, in the second chunk, takes the first row's evening.
      if (i === ROWS - 1) [cells[2], cells[3]] = ['2027-01-01T18:00:00.000Z', '2027-01-01T23:00:00.000Z'];
      return cells;
    });
    for (const dryRun of [true, false]) {
      const result = await imported('bookings', file, dryRun);
      const { errors } = result;
      assert.equal(result.errorCount, 2, JSON.stringify(errors));
      assert.deepEqual(
        errors.map((e) => [e.row, e.column]),
        [
          [3, 'status'],
          [ROWS + 1, 'space_ids'],
        ],
      );
      assert.match(errors[1]!.message, /^Great Hall is already held by BK-\d+ \(definite\), its event/);
      assert.equal(result.valid, ROWS - 2);
      assert.equal(result.imported, 0);
      assert.equal(await count(suite.db, 'bookings', org), 0);
    }
    const sources = await suite.db
      .selectFrom('referral_sources')
      .select('id')
      .where('organization_id', '=', org)
      .execute();
    assert.equal(sources.length, 0);
  });

  it('makes a referral source that rows of two chunks name once', async () => {
    const file = bookings(hall, (i, cells) => {
      if (i === 0 || i === ROWS - 1) cells[6] = 'Trade fair';
      return cells;
    });
    const result = await imported('bookings', file);
    assert.equal(result.imported, ROWS, JSON.stringify(result.errors));
    const sources = await suite.db
      .selectFrom('referral_sources')
      .select('name')
      .where('organization_id', '=', org)
      .execute();
    assert.deepEqual(
      sources.map((s) => s.name),
      ['Trade fair'],
    );
    const named = await suite.db
      .selectFrom('bookings')
      .select('name')
      .where('organization_id', '=', org)
      .where('referral_source_id', 'is not', null)
      .orderBy('name')
      .execute();
    assert.deepEqual(
      named.map((b) => b.name),
      ['Evening 0', `Evening ${ROWS - 1}`],
    );
  });

  it('counts every problem of a file full of them and lists the first 25 by row', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => `Bad ${i},not an address ${i}`);
    const result = await imported('accounts', csvFile(['name,email', ...rows].join('\n')));
    assert.equal(result.errorCount, ROWS);
    assert.equal(result.valid, 0);
    assert.deepEqual(
      result.errors.map((e) => [e.row, e.column]),
      Array.from({ length: 25 }, (_, i) => [i + 2, 'email']),
    );
    assert.equal(await count(suite.db, 'accounts', org), 1);
  });
});
