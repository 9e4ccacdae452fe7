/**
 * Amounts in the exports (SPEC §13): each column of minor units is followed by `<column>_formatted`,
 * the amount in the organization's locale with its currency (an en-US venue's "$2,500.00", a
 * de-DE venue's "2.500,00 €"), while the minor units and RFC 3339 times stay as they were; a
 * negative formatted amount gets formula.ts's leading `'` like any text beginning with `-`. An
 * exported file imports back without a problem, and a formatted cell never overrides the minor
 * units beside it, nor stands in for them when they are missing.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { systemClock } from '../../src/clock.js';
import { createAccount } from '../../src/crm/accounts/index.js';
import { createBooking } from '../../src/crm/bookings/booking.commands.js';
import { createPayment } from '../../src/crm/payments/payments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { type ExportType } from '../../src/csv/columns.js';
import { exportCsv } from '../../src/csv/export-csv.js';
import type { Db } from '../../src/db/database.js';
import { staffActor } from '../../src/policy/actor.js';
import { addMember } from '../../src/identity/identity.service.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { csvFile, importCsv } from './csv-fixtures.js';

const NBSP = '\u00a0';

/** The header and rows of a CSV. */
function read(csv: string): { header: string[]; rows: Array<Record<string, string>> } {
  const [header = [], ...lines] = parse(csv, { bom: true }) as string[][];
  return {
    header,
    rows: lines.map((cells) => Object.fromEntries(header.map((c, i) => [c, cells[i] ?? '']))),
  };
}

async function exported(db: Db, organizationId: string, type: ExportType): Promise<string> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exportCsv(db, { organizationId, type, output });
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A venue in `locale` and `currency`: "Estimate", a booking of 2,500.00 typed as its total, and
 * "Priced", with a line of 2,500.00, a discount of −12.00 and a payment of 1,500.00.
 */
async function venueIn(db: Db, locale: string, currency: string) {
  const org = (await makeOrganization(db)).id;
  await db.updateTable('organizations').set({ locale, currency }).where('id', '=', org).execute();
  const admin = await makeUser(db, org, { role: 'admin' });
  const actor = staffActor({ organizationId: org, userId: admin.id, role: 'admin', door: 'workspace' });
  const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
    write({ db, clock: systemClock }, actor, command, input);
  const account = await run(createAccount, { name: 'Pier Holdings' });
  const booking = (name: string, day: string, total?: number) =>
    run(createBooking, {
      name,
      status: 'tentative',
      start_at: `${day}T18:00:00Z`,
      end_at: `${day}T23:00:00Z`,
      timezone: 'UTC',
      currency,
      accountId: account.id,
      ...(total === undefined ? {} : { total_amount: total }),
    });
  await booking('Estimate', '2027-02-01', 250_000);
  const priced = await booking('Priced', '2027-03-01');
  const line = { bookingId: priced.id, category: 'rental' as const, unit: 'flat' as const };
  await run(createLineItem, { ...line, name: 'Venue hire', unit_price: 250_000 });
  await run(createLineItem, { ...line, name: 'Loyalty discount', unit_price: -1_200 });
  await run(createPayment, { bookingId: priced.id, amount: 150_000, method: 'card' });
  return { org, owner: admin.email };
}

/** Each `<column>_formatted` of the header comes straight after its column. */
function assertBeside(header: readonly string[], amounts: readonly string[]) {
  for (const column of amounts) {
    const at = header.indexOf(column);
    assert.ok(at >= 0, `${column} is exported`);
    assert.equal(header[at + 1], `${column}_formatted`, `${column}_formatted follows ${column}`);
  }
  assert.equal(header.filter((c) => c.endsWith('_formatted')).length, amounts.length);
}

const LINE_AMOUNTS = ['unit_price', 'amount', 'service_charge_amount', 'tax_amount', 'total'];

eachDatabase((suite) => {
  const cases = [
    {
      locale: 'en-US',
      currency: 'USD',
      total: '$2,500.00',
      priced: '$2,488.00',
      discount: "'-$12.00",
      paid: '$1,500.00',
      zero: '$0.00',
    },
    {
      locale: 'de-DE',
      currency: 'EUR',
      total: `2.500,00${NBSP}€`,
      priced: `2.488,00${NBSP}€`,
      discount: `'-12,00${NBSP}€`,
      paid: `1.500,00${NBSP}€`,
      zero: `0,00${NBSP}€`,
    },
  ];
  for (const expected of cases) {
    it(`writes amounts formatted beside their minor units for a venue in ${expected.locale}`, async () => {
      const { org } = await venueIn(suite.db, expected.locale, expected.currency);

      const bookings = read(await exported(suite.db, org, 'bookings'));
      assertBeside(bookings.header, ['total_amount']);
      assert.deepEqual(
        bookings.rows.map((r) => [r.name, r.start_at, r.total_amount, r.total_amount_formatted]),
        [
          ['Estimate', '2027-02-01T18:00:00.000Z', '250000', expected.total],
          ['Priced', '2027-03-01T18:00:00.000Z', '248800', expected.priced],
        ],
      );

      const lines = read(await exported(suite.db, org, 'line_items'));
      assertBeside(lines.header, LINE_AMOUNTS);
      const discount = lines.rows.find((r) => r.name === 'Loyalty discount');
      assert.deepEqual(
        [discount?.unit_price, discount?.unit_price_formatted, discount?.total, discount?.total_formatted],
        ['-1200', expected.discount, '-1200', expected.discount],
        'a negative formatted amount is neutralised as a formula would be',
      );
      const hire = lines.rows.find((r) => r.name === 'Venue hire');
      assert.deepEqual(
        [hire?.amount, hire?.amount_formatted, hire?.tax_amount, hire?.tax_amount_formatted],
        ['250000', expected.total, '0', expected.zero],
      );

      const payments = read(await exported(suite.db, org, 'payments'));
      assertBeside(payments.header, ['amount']);
      assert.deepEqual(
        payments.rows.map((r) => [r.amount, r.amount_formatted, r.currency]),
        [['150000', expected.paid, expected.currency]],
      );

      for (const type of ['accounts', 'contacts', 'events'] as const)
        assertBeside(read(await exported(suite.db, org, type)).header, []);
    });
  }

  it('imports an exported file back without a problem, reading the minor units and never the formatted amounts', async () => {
    const env = suite.database.env;
    const { org: source, owner } = await venueIn(suite.db, 'en-US', 'USD');
    /** Another organization, with the bookings' owner as its member (an import finds owners by e-mail). */
    const another = async () => {
      const org = (await makeOrganization(suite.db)).id;
      await addMember(suite.db, org, owner);
      return org;
    };
    const target = await another();
    const accounts = await importCsv(
      env,
      target,
      'accounts',
      csvFile(await exported(suite.db, source, 'accounts')),
    );
    assert.equal(accounts.code, 0, accounts.stderr);

    const bookingsFile = await exported(suite.db, source, 'bookings');
    const eventsFile = await exported(suite.db, source, 'events');
    const back = await importCsv(
      env,
      target,
      'bookings',
      csvFile(bookingsFile),
      '--events',
      csvFile(eventsFile),
    );
    assert.equal(back.code, 0, back.stderr);
    assert.equal(back.stderr, '', 'no problem and no warning');
    assert.match(back.stdout, /Imported 2 bookings/);
    // The same minor units; formatted in the locale of the organization that exports them (en-GB here).
    const again = read(await exported(suite.db, target, 'bookings'));
    assert.deepEqual(
      again.rows.map((r) => [r.name, r.total_amount, r.total_amount_formatted]),
      [
        ['Estimate', '250000', 'US$2,500.00'],
        ['Priced', '248800', 'US$2,488.00'],
      ],
    );

    // A formatted cell changed in a spreadsheet changes nothing; alone, it gives no amount.
    const { header, rows } = read(bookingsFile);
    const edits: Record<string, string> = { Estimate: '$9.99', Priced: '$1,000,000.00' };
    const edited = rows.map((r): Record<string, string> => ({
      ...r,
      total_amount_formatted: edits[r.name ?? ''] ?? '',
    }));
    const file = (columns: string[]) =>
      csvFile(stringify([columns, ...edited.map((r) => columns.map((c) => r[c] ?? ''))]));
    const totals = async (org: string) =>
      (
        await suite.db
          .selectFrom('bookings')
          .select(['name', 'total_amount'])
          .where('organization_id', '=', org)
          .orderBy('reference')
          .execute()
      ).map((b) => [b.name, Number(b.total_amount)]);
    const importedInto = async (columns: string[]) => {
      const org = await another();
      assert.equal((await importCsv(env, org, 'accounts', csvFile('name\nPier Holdings\n'))).code, 0);
      const result = await importCsv(env, org, 'bookings', file(columns));
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, '');
      return totals(org);
    };
    assert.deepEqual(await importedInto(header), [
      ['Estimate', 250_000],
      ['Priced', 248_800],
    ]);
    assert.deepEqual(await importedInto(header.filter((c) => c !== 'total_amount')), [
      ['Estimate', 0],
      ['Priced', 0],
    ]);
  });
});
