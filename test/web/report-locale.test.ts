/**
 * Workspace → Reports in the organization's locale (SPEC §13, §14), over HTTP as a signed-in
 * member: an en-US venue's reports read "February 2027", "Mon, Feb 1, 2027" and "$2,500.00"; an
 * en-GB venue's "February 2027", "Mon 1 Feb 2027" and "£2,500.00"; a de-DE venue's "Februar 2027",
 * "2.500,00 €" and a rate of "33,3 %", never the API's "2027-02" or "2027-02-01". The CSV download
 * keeps the minor units and months, with each amount formatted beside them.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createInstallment } from '../../src/crm/payments/installments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { addBooking, makeWorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

const NBSP = '\u00a0';
/** Text as a page writes it: the characters the HTML escaper changes, escaped. */
const inPage = (text: string) => text.replace(/&/g, '&amp;');

eachDatabase((suite) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    // The bookings are made in January 2027 (the conversion report's month), whenever the test runs.
    server.clock.setTo(Date.parse('2027-01-15T10:00:00Z'));
  });
  after(() => server.close());

  /**
   * A venue in `locale`: a definite booking on 1 February 2027 in its Boathouse, priced at
   * 2,500.00 with a deposit of 2,500.00 due that day, and two leads, all made in January 2027;
   * its reports' pages as a member reads them.
   */
  async function reportsIn(locale: string, timezone: string, currency: string) {
    const venue = await makeWorkspaceVenue(suite.db, `Reports ${locale}`);
    await suite.db
      .updateTable('organizations')
      .set({ locale, timezone, currency })
      .where('id', '=', venue.orgId)
      .execute();
    // The venue's first booking was made at the machine's now: moved out of the reports' range.
    await suite.db
      .updateTable('bookings')
      .set({ created_at: '2026-10-01T09:00:00.000Z' })
      .where('id', '=', venue.bookingId)
      .execute();
    const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
      write({ db: suite.db, clock: server.clock }, venue.actor, command, input);
    const booking = (name: string, status: string) =>
      addBooking(
        suite.db,
        venue.actor,
        {
          name,
          status,
          start_at: '2027-02-01T18:00:00Z',
          end_at: '2027-02-01T22:00:00Z',
          timezone,
          currency,
          accountId: venue.accountId,
          spaceIds: status === 'definite' ? [venue.spaceId] : [],
        },
        server.clock,
      );
    const gala = await booking('Winter gala', 'definite');
    await booking('Spring enquiry', 'lead');
    await booking('Summer enquiry', 'lead');
    await run(createLineItem, {
      bookingId: gala.id,
      name: 'Venue hire',
      category: 'rental',
      unit: 'flat',
      unit_price: 250_000,
    });
    await run(createInstallment, {
      bookingId: gala.id,
      label: 'Deposit',
      amount: 250_000,
      due_date: '2027-02-01',
    });
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = async (path: string) => {
      const response = await session.request(`/orgs/${venue.orgId}/reports/${path}`);
      assert.equal(response.status, 200, response.body);
      return response.body;
    };
    const range = '?from=2027-01-01&to=2027-03-31';
    return {
      pipeline: await page(`pipeline${range}`),
      conversion: await page(`conversion${range}`),
      revenue: await page(`revenue_by_space${range}`),
      due: await page(`payments_due${range}`),
      csv: await page(`pipeline/csv${range}`),
    };
  }

  /** The cells of the report table's rows. */
  const cellsOf = (body: string) =>
    [...body.matchAll(/<tr><td[\s\S]*?<\/tr>/g)].map((row) =>
      [...row[0].matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]),
    );

  it('writes an en-US venue’s months, days and dollars in US English', async () => {
    const pages = await reportsIn('en-US', 'America/New_York', 'USD');
    assert.deepEqual(cellsOf(pages.pipeline), [
      ['February 2027', 'Definite', 'USD', '1', '$2,500.00'],
      ['February 2027', 'Lead', 'USD', '2', '$0.00'],
    ]);
    assert.match(pages.pipeline, />February 2027 Definite \(1\)<\/text>/, 'the chart’s label');
    assert.match(pages.pipeline, />\$2,500\.00<\/text>/, 'the chart’s figure');
    assert.deepEqual(cellsOf(pages.conversion), [
      ['January 2027', 'USD', '3', '1', '0', '2', '33.3%', '$2,500.00', ''],
    ]);
    assert.match(pages.conversion, />January 2027: 1 of 3 won<\/text>/);
    assert.deepEqual(cellsOf(pages.revenue), [['February 2027', 'Boathouse', 'USD', '$2,500.00']]);
    const [deposit] = cellsOf(pages.due);
    assert.deepEqual(deposit?.slice(0, 1), ['Deposit']);
    assert.ok(deposit?.includes('Mon, Feb 1, 2027'), JSON.stringify(deposit));
    assert.deepEqual(deposit?.slice(-6, -2), ['$2,500.00', '$0.00', '$2,500.00', 'USD']);
    assert.match(pages.due, />Mon, Feb 1, 2027 BK-\d+ Deposit<\/text>/);
    for (const body of [pages.pipeline, pages.conversion, pages.revenue, pages.due])
      assert.doesNotMatch(body, />[^<]*\b2027-0[123]\b/, 'no ISO month or day shown as text');

    const [header, ...rows] = parse(pages.csv) as string[][];
    assert.deepEqual(header, [
      'month',
      'status',
      'currency',
      'count',
      'grand_total',
      'grand_total_formatted',
    ]);
    assert.deepEqual(rows, [
      ['2027-02', 'definite', 'USD', '1', '250000', '$2,500.00'],
      ['2027-02', 'lead', 'USD', '2', '0', '$0.00'],
    ]);
  });

  it('writes an en-GB venue’s months, days and pounds in British English', async () => {
    const pages = await reportsIn('en-GB', 'Europe/London', 'GBP');
    assert.deepEqual(cellsOf(pages.pipeline)[0], ['February 2027', 'Definite', 'GBP', '1', '£2,500.00']);
    assert.deepEqual(cellsOf(pages.conversion)[0]?.slice(0, 8), [
      'January 2027',
      'GBP',
      '3',
      '1',
      '0',
      '2',
      '33.3%',
      '£2,500.00',
    ]);
    assert.deepEqual(cellsOf(pages.revenue), [['February 2027', 'Boathouse', 'GBP', '£2,500.00']]);
    const [deposit] = cellsOf(pages.due);
    assert.ok(deposit?.includes('Mon 1 Feb 2027'), JSON.stringify(deposit));
    assert.ok(deposit?.includes('£2,500.00'));
    assert.doesNotMatch(pages.due, /Feb 1, 2027|\$/);
    assert.match(
      pages.csv,
      /^month,status,currency,count,grand_total,grand_total_formatted\r?\n2027-02,definite,GBP,1,250000,"£2,500\.00"/,
    );
  });

  it('writes a de-DE venue’s months, rates and euros in German', async () => {
    const pages = await reportsIn('de-DE', 'Europe/Berlin', 'EUR');
    assert.deepEqual(cellsOf(pages.pipeline)[0], [
      'Februar 2027',
      'Definite',
      'EUR',
      '1',
      `2.500,00${NBSP}€`,
    ]);
    assert.deepEqual(cellsOf(pages.conversion)[0]?.slice(0, 8), [
      'Januar 2027',
      'EUR',
      '3',
      '1',
      '0',
      '2',
      `33,3${NBSP}%`,
      `2.500,00${NBSP}€`,
    ]);
    assert.match(pages.conversion, new RegExp(`>${inPage(`33,3${NBSP}%`)}</text>`), 'the chart’s rate');
  });
});
