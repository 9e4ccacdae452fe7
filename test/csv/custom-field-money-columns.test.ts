/**
 * A money field in the CSV files (SPEC §19, §13): `custom.<key>` holds minor units and
 * `custom.<key>_formatted` beside it the amount as people read it, in the organization's locale:
 * a booking's or an event's in the booking's currency, an account's or a contact's in the
 * organization's. An import never reads the formatted column: an exported file imports unchanged,
 * and a formatted cell edited in a spreadsheet changes nothing.
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
import { write } from '../../src/writes/unit-of-work.js';
import { ROLES } from '../../src/policy/roles.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { csvFile } from './csv-fixtures.js';

eachDatabase((suite) => {
  let org: string;
  let define: (record_type: string, key: string, field_type?: string) => Promise<unknown>;

  const imported = async (type: CsvType, lines: string[]) => {
    const result = await importCsv(
      { db: suite.db, clock: systemClock },
      {
        organizationId: org,
        grants: ROLES.admin.grants,
        type,
        input: createReadStream(csvFile(lines.join('\n'))),
        dryRun: false,
      },
    );
    assert.deepEqual(result.errors, [], `the ${type} import has no problem`);
    return result;
  };
  async function exported(type: CsvType): Promise<{ header: string[]; rows: Array<Record<string, string>> }> {
    const chunks: Buffer[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    await exportCsv(suite.db, { organizationId: org, type, output });
    const [header = [], ...lines] = parse(Buffer.concat(chunks).toString('utf8')) as string[][];
    return {
      header,
      rows: lines.map((cells) => Object.fromEntries(header.map((c, i) => [c, cells[i] ?? '']))),
    };
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
    await suite.db
      .updateTable('organizations')
      .set({ locale: 'en-US', currency: 'USD' })
      .where('id', '=', org)
      .execute();
    const admin = await makeUser(suite.db, org, { role: 'admin' });
    const actor = staffActor({ organizationId: org, userId: admin.id, role: 'admin', door: 'workspace' });
    define = (record_type: string, key: string, field_type = 'money') =>
      write({ db: suite.db, clock: systemClock }, actor, createCustomField, {
        record_type,
        key,
        label: key,
        field_type,
      });
    await define('accounts', 'credit');
    await define('contacts', 'allowance');
    await define('bookings', 'deposit');
    await define('events', 'corkage');
  });

  it('writes each money field formatted beside it, in the booking’s currency or the organization’s', async () => {
    await imported('accounts', ['name,custom.credit', 'North Pier,123456', 'South Pier,-1200', 'East Pier,']);
    await imported('contacts', ['first_name,custom.allowance', 'Lin,5000']);
    await imported('bookings', [
      'name,start_at,end_at,account_name,currency,custom.deposit',
      'Gala,2027-03-01T18:00:00Z,2027-03-01T23:00:00Z,North Pier,EUR,30000',
    ]);
    await imported('events', [
      'booking_reference,name,start_at,end_at,custom.corkage',
      'BK-00001,Dinner,2027-03-01T18:00:00Z,2027-03-01T21:00:00Z,1500',
    ]);

    const accounts = await exported('accounts');
    assert.deepEqual(accounts.header.slice(-2), ['custom.credit', 'custom.credit_formatted']);
    assert.deepEqual(
      accounts.rows.map((r) => [r.name, r['custom.credit'], r['custom.credit_formatted']]),
      [
        ['North Pier', '123456', '$1,234.56'],
        ['South Pier', '-1200', "'-$12.00"],
        ['East Pier', '', ''],
      ],
    );
    const contacts = await exported('contacts');
    assert.deepEqual(contacts.header.slice(-2), ['custom.allowance', 'custom.allowance_formatted']);
    assert.equal(contacts.rows[0]?.['custom.allowance_formatted'], '$50.00');
    const bookings = await exported('bookings');
    assert.deepEqual(bookings.header.slice(-2), ['custom.deposit', 'custom.deposit_formatted']);
    assert.deepEqual(
      [bookings.rows[0]?.['custom.deposit'], bookings.rows[0]?.['custom.deposit_formatted']],
      ['30000', '€300.00'],
    );
    const events = await exported('events');
    assert.deepEqual(events.header.slice(-2), ['custom.corkage', 'custom.corkage_formatted']);
    const dinner = events.rows.find((r) => r.name === 'Dinner');
    assert.deepEqual([dinner?.['custom.corkage'], dinner?.['custom.corkage_formatted']], ['1500', '€15.00']);
  });

  it('never reads a formatted column on import', async () => {
    const before = (await valuesOf('accounts')).length;
    await imported('accounts', [
      'name,custom.credit,custom.credit_formatted',
      'West Pier,700,$9.99',
      'Old Pier,,$5.00',
    ]);
    assert.deepEqual((await valuesOf('accounts')).slice(before), [{ credit: 700 }, {}]);
    const only = await imported('accounts', ['name,custom.credit_formatted', 'Far Pier,$1.00']);
    assert.equal(only.imported, 1);
    assert.deepEqual((await valuesOf('accounts')).at(-1), {});
  });
  it('gives a field of its own the name a money field’s formatted column would take: one column, its values', async () => {
    await define('contacts', 'budget');
    await define('contacts', 'budget_formatted', 'text');
    await imported('contacts', [
      'first_name,custom.budget,custom.budget_formatted',
      'Ada,2500,About twenty-five',
    ]);
    const contacts = await exported('contacts');
    assert.equal(contacts.header.filter((c) => c === 'custom.budget_formatted').length, 1);
    assert.equal(
      contacts.header.includes('custom.allowance_formatted'),
      true,
      'other money fields keep theirs',
    );
    const ada = contacts.rows.find((r) => r.first_name === 'Ada');
    assert.deepEqual(
      [ada?.['custom.budget'], ada?.['custom.budget_formatted']],
      ['2500', 'About twenty-five'],
    );
    assert.deepEqual((await valuesOf('contacts')).at(-1), {
      budget: 2500,
      budget_formatted: 'About twenty-five',
    });
  });
});
