/**
 * A venue's own fields in the CSV files (SPEC §19, §10): the export of each kind carries a column
 * `custom.<key>` per field, values as the API's write takes them (a multi-select's joined
 * by `;`, money in minor units); the import reads them, judged by the API's rules, each bad value
 * told at its row and column and nothing written; a required field missing is told on its column;
 * an archived field's column is exported, and accepted and ignored on import. A file exported
 * before, which named the columns `custom_fields.<key>`, still imports, its problems told on the
 * columns as it names them (custom-field-money-columns.test.ts: money's formatted columns).
 */
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { before, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { systemClock } from '../../src/clock.js';
import { createCustomField } from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import type { CsvType } from '../../src/csv/columns.js';
import { exportCsv } from '../../src/csv/export-csv.js';
import { importCsv } from '../../src/csv/import-csv.js';
import { staffActor } from '../../src/policy/actor.js';
import { ROLES } from '../../src/policy/roles.js';
import { write } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { csvFile } from './csv-fixtures.js';

const OPTIONS = [
  { value: 'web', label: 'Website' },
  { value: 'friend', label: 'A friend' },
];

eachDatabase((suite) => {
  let org: string;

  const imported = (type: CsvType, content: string, events?: string) =>
    importCsv(
      { db: suite.db, clock: systemClock },
      {
        organizationId: org,
        grants: ROLES.admin.grants,
        type,
        input: createReadStream(csvFile(content)),
        dryRun: false,
        ...(events ? { events: { input: createReadStream(csvFile(events)) } } : {}),
      },
    );
  async function exported(type: CsvType): Promise<Array<Record<string, string>>> {
    const chunks: Buffer[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    await exportCsv(suite.db, { organizationId: org, type, output });
    return parse(Buffer.concat(chunks).toString('utf8'), { columns: true }) as Array<Record<string, string>>;
  }
  const valuesOf = async (table: 'accounts' | 'contacts' | 'bookings' | 'events') =>
    (
      await suite.db
        .selectFrom(table)
        .select('custom_fields')
        .where('organization_id', '=', org)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((r) => JSON.parse(r.custom_fields) as Record<string, unknown>);

  before(async () => {
    org = (await makeOrganization(suite.db)).id;
    const admin = await makeUser(suite.db, org, { role: 'admin' });
    const actor = staffActor({ organizationId: org, userId: admin.id, role: 'admin', door: 'workspace' });
    // Each in a millisecond of its own: fields of one position are ordered by id, which sorts by
    // the millisecond it was made in (and at random within one).
    const define = async (record_type: string, key: string, field_type: string, more: object = {}) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return write({ db: suite.db, clock: systemClock }, actor, createCustomField, {
        record_type,
        key,
        label: key,
        field_type,
        ...more,
      });
    };
    await define('accounts', 'tier', 'select', { options: OPTIONS });
    await define('accounts', 'member_since', 'date');
    await define('accounts', 'old_code', 'text', { archived: true });
    await define('contacts', 'badge_name', 'text', { required: true });
    await define('bookings', 'budget', 'number');
    await define('bookings', 'deposit', 'money');
    await define('bookings', 'vip', 'boolean');
    await define('bookings', 'diets', 'multi_select', { options: OPTIONS });
    await define('events', 'courses', 'number');
  });

  it('tells each bad value at its row and column, writing nothing, and imports good ones', async () => {
    const bad = await imported(
      'accounts',
      [
        'name,custom.tier,custom.member_since,custom.old_code',
        'North Pier,web,2020-01-31,',
        'South Pier,gold,2020-02-30,X1',
      ].join('\n'),
    );
    assert.equal(bad.imported, 0);
    assert.deepEqual(
      bad.errors.map((e) => [e.row, e.column, e.message]),
      [
        [3, 'custom.tier', 'One of web, friend.'],
        [3, 'custom.member_since', 'A date, YYYY-MM-DD.'],
      ],
      'the archived field is accepted and ignored',
    );
    assert.deepEqual(await valuesOf('accounts'), []);

    const good = await imported(
      'accounts',
      ['name,custom.tier,custom.member_since', 'North Pier,web,2020-01-31', 'South Pier,,'].join('\n'),
    );
    assert.deepEqual(good.errors, []);
    assert.equal(good.imported, 2);
    assert.deepEqual(await valuesOf('accounts'), [{ tier: 'web', member_since: '2020-01-31' }, {}]);
  });

  it('exports a column per field, archived ones too, after the kind’s own', async () => {
    const rows = await exported('accounts');
    const header = Object.keys(rows[0] ?? {});
    assert.deepEqual(header.slice(-3), ['custom.tier', 'custom.member_since', 'custom.old_code']);
    assert.deepEqual(
      rows.map((r) => [r.name, r['custom.tier'], r['custom.member_since']]),
      [
        ['North Pier', 'web', '2020-01-31'],
        ['South Pier', '', ''],
      ],
    );
  });

  it('still reads the columns named `custom_fields.<key>`, telling problems on them as the file names them', async () => {
    const bad = await imported(
      'accounts',
      [
        'name,custom_fields.tier,custom.member_since,custom_fields.old_code',
        'East Pier,gold,2020-02-30,X1',
      ].join('\n'),
    );
    assert.equal(bad.imported, 0);
    assert.deepEqual(
      bad.errors.map((e) => [e.row, e.column, e.message]),
      [
        [2, 'custom_fields.tier', 'One of web, friend.'],
        [2, 'custom.member_since', 'A date, YYYY-MM-DD.'],
      ],
    );
    const before = (await valuesOf('accounts')).length;
    const good = await imported(
      'accounts',
      ['name,custom_fields.tier,custom_fields.member_since', 'East Pier,friend,2021-06-01'].join('\n'),
    );
    assert.deepEqual(good.errors, []);
    assert.equal(good.imported, 1);
    assert.deepEqual((await valuesOf('accounts')).slice(before), [
      { tier: 'friend', member_since: '2021-06-01' },
    ]);

    const missing = await imported('contacts', 'first_name,custom_fields.badge_name\nLin,\n');
    assert.deepEqual(
      missing.errors.map((e) => [e.row, e.column]),
      [[2, 'custom_fields.badge_name']],
    );
    await assert.rejects(
      imported('accounts', 'name,custom.tier,custom_fields.tier\nWest Pier,web,web\n'),
      /the column "custom\.tier" appears twice/,
      'the old name and the new one are the same column',
    );
  });

  it('tells a required field missing on its column', async () => {
    const missing = await imported('contacts', 'first_name,custom.badge_name\nLin,\nAda,Ada B.\n');
    assert.deepEqual(
      missing.errors.map((e) => [e.row, e.column, e.message]),
      [[2, 'custom.badge_name', 'badge_name is required.']],
    );
    const without = await imported('contacts', 'first_name\nLin\n');
    assert.deepEqual(
      without.errors.map((e) => [e.row, e.column]),
      [[2, 'custom.badge_name']],
    );
  });

  it('carries bookings’ and events’ values through import and export, and imports the export again', async () => {
    const bookings = [
      'name,start_at,end_at,account_name,custom.budget,custom.deposit,custom.vip,custom.diets',
      'Gala,2027-03-01T18:00:00Z,2027-03-01T23:00:00Z,North Pier,1250.5,30000,true,web;friend',
      'Ball,2027-03-02T18:00:00Z,2027-03-02T23:00:00Z,North Pier,lots,12.5,yes,web;nope',
    ].join('\n');
    const bad = await imported('bookings', bookings);
    assert.deepEqual(
      bad.errors.map((e) => [e.row, e.column]),
      [
        [3, 'custom.budget'],
        [3, 'custom.deposit'],
        [3, 'custom.vip'],
        [3, 'custom.diets'],
      ],
    );
    assert.match(bad.errors[3]!.message, /One of web, friend/);
    const good = await imported('bookings', bookings.split('\n').slice(0, 2).join('\n'));
    assert.deepEqual(good.errors, []);
    assert.deepEqual(await valuesOf('bookings'), [
      { budget: 1250.5, deposit: 30000, vip: true, diets: ['web', 'friend'] },
    ]);
    const [row] = await exported('bookings');
    assert.equal(row?.['custom.budget'], '1250.5');
    assert.equal(row?.['custom.deposit'], '30000');
    assert.equal(row?.['custom.vip'], 'true');
    assert.equal(row?.['custom.diets'], 'web;friend');

    const events = await imported(
      'events',
      [
        'booking_reference,name,start_at,end_at,custom.courses',
        'BK-00001,Dinner,2027-03-01T18:00:00Z,2027-03-01T21:00:00Z,five',
      ].join('\n'),
    );
    assert.deepEqual(
      events.errors.map((e) => [e.row, e.column]),
      [[2, 'custom.courses']],
    );
    const dinner = await imported(
      'events',
      'booking_reference,name,start_at,end_at,custom.courses\nBK-00001,Dinner,2027-03-01T18:00:00Z,2027-03-01T21:00:00Z,5\n',
    );
    assert.deepEqual(dinner.errors, []);
    const exportedEvents = await exported('events');
    assert.deepEqual(
      exportedEvents.map((e) => e['custom.courses']),
      exportedEvents.map((e) => (e.name === 'Dinner' ? '5' : '')),
    );
    assert.ok(exportedEvents.some((e) => e.name === 'Dinner'));

    // A bookings file with its events file beside it, as the export wrote them, reads them both.
    const toCsv = (rows: Array<Record<string, string>>) => {
      const header = Object.keys(rows[0]!);
      const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      return [header.join(','), ...rows.map((r) => header.map((h) => cell(r[h] ?? '')).join(','))].join('\n');
    };
    const again = await imported(
      'bookings',
      toCsv(await exported('bookings')).replace(/,1250\.5,/, ',oops,'),
      toCsv(exportedEvents),
    );
    assert.deepEqual(
      again.errors.map((e) => [e.file ?? 'bookings', e.row, e.column]),
      [['bookings', 2, 'custom.budget']],
      'a bad value in a bookings file beside its events file is told at its row and column',
    );
  });
});
