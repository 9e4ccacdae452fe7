/**
 * The assistant's text in the organization's locale (SPEC §13, §16 "Amounts and times in the text
 * summary follow the locale"), through /mcp with the SDK's own client on both databases: an en-US
 * venue's summaries read "Sat, Apr 10, 2027, 6:00 PM–11:30 PM" and "$2,500.00", an en-GB venue's
 * "Sat 10 Apr 2027, 18:00–23:30" and "£2,500.00", a German one's "2.500,00 €" — while
 * structuredContent keeps UTC instants and minor units for every venue.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../src/crm/accounts/index.js';
import { createBooking } from '../../src/crm/bookings/booking.commands.js';
import type { Booking } from '../../src/crm/bookings/booking.table.js';
import { createInstallment } from '../../src/crm/payments/installments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { createSpace } from '../../src/crm/spaces/space.commands.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import type { Refusal } from '../../src/writes/refusal.js';
import { type Made, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { connectAssistant } from '../helpers/mcp.js';

/** A tool's text summary and its structured content, failing the test on a tool error. */
async function summaryAndData(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ');
  assert.notEqual(result.isError, true, `${name} failed: ${text}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tool's declared output, read by each test
  return { text, data: result.structuredContent as Record<string, any> };
}

/** The text with the no-break spaces some ICU versions put before AM and PM made plain. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** What no summary writes any more: UTC instants, bare minor units, the words "minor units". */
function assertNoRawFigures(text: string, minorUnits: number) {
  assert.doesNotMatch(text, /\d{4}-\d{2}-\d{2}/, `an ISO date in "${text}"`);
  assert.doesNotMatch(text, /minor units/, text);
  assert.ok(!text.includes(String(minorUnits)), `minor units in "${text}"`);
}

eachDatabase((suite) => {
  let server: TestServer;
  const clients: Client[] = [];

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
  });
  after(async () => {
    for (const client of clients) await client.close();
    await server.close();
  });

  /**
   * A venue in `locale` whose Ballroom holds one definite booking from 18:00 to 23:30 on Saturday
   * 10 April 2027 (its local time), of 2,500.00 with a deposit of 1,000.00 due on 1 May 2027, and
   * whose Garden is free; and an assistant connected to it.
   */
  async function venueIn(locale: string, timezone: string, currency: string, utc: [string, string]) {
    const org = await makeOrganization(suite.db, `Venue ${locale}`);
    await suite.db
      .updateTable('organizations')
      .set({ locale, timezone, currency })
      .where('id', '=', org.id)
      .execute();
    const user = await makeUser(suite.db, org.id, { role: 'admin' });
    const actor: Actor = staffActor({ organizationId: org.id, userId: user.id, role: 'admin', door: 'api' });
    const run = <I, R>(command: { run(w: never, i: I): Promise<R> }, input: I) =>
      write(server.app.ctx.writer, actor, command as never, input) as Promise<Made<R>>;
    const ballroom = await run(createSpace, { name: 'Ballroom', capacity: 200 });
    await run(createSpace, { name: 'Garden', capacity: 200 });
    const account = await run(createAccount, { name: `Guests of ${locale}` });
    const booking = await run<object, Booking | Refusal>(createBooking, {
      name: 'Spring gala',
      status: 'definite',
      start_at: utc[0],
      end_at: utc[1],
      timezone,
      guest_count: 120,
      currency,
      accountId: account.id,
      spaceIds: [ballroom.id],
    });
    await run(createLineItem, {
      bookingId: booking.id,
      name: 'Venue hire',
      category: 'rental',
      unit: 'flat',
      quantity: '1',
      unit_price: 250_000,
    });
    await run(createInstallment, {
      bookingId: booking.id,
      label: 'Deposit',
      amount: 100_000,
      due_date: '2027-05-01',
    });
    const { client } = await connectAssistant(server, { email: user.email, organizationId: org.id });
    clients.push(client);
    return { client, booking };
  }

  describe('an en-US venue', () => {
    let client: Client;
    let booking: Booking;
    before(async () => {
      ({ client, booking } = await venueIn('en-US', 'America/New_York', 'USD', [
        '2027-04-10T22:00:00Z',
        '2027-04-11T03:30:00Z',
      ]));
    });

    it('get_booking writes its days, 12-hour times and dollars; its data stays UTC and cents', async () => {
      const { text, data } = await summaryAndData(client, 'get_booking', { id: booking.reference });
      assert.match(
        text,
        new RegExp(`^${booking.reference} \\(definite\\) Sat, Apr 10, 2027, 6:00\\sPM–11:30\\sPM:`),
      );
      assert.match(text, /total \$2,500\.00, paid \$0\.00, balance due \$2,500\.00/);
      assert.match(text, /next installment \$1,000\.00 due Sat, May 1, 2027/);
      assertNoRawFigures(text, 250_000);
      assert.equal(Date.parse(data.booking.start_at), Date.parse('2027-04-10T22:00:00Z'));
      assert.match(data.booking.start_at, /^2027-04-10T22:00:00(\.000)?Z$/);
      assert.equal(data.booking.balance_due, 250_000);
      assert.equal(data.booking.totals.grand_total, 250_000);
      assert.equal(data.booking.installments[0].due_on, '2027-05-01');
      assert.equal(data.booking.installments[0].amount_due, 100_000);
    });

    it('search_bookings writes each booking’s time and balance in US English', async () => {
      const { text, data } = await summaryAndData(client, 'search_bookings', { query: 'Spring' });
      assert.equal(
        plain(text),
        `1 booking(s): ${booking.reference} (definite) Sat, Apr 10, 2027, 6:00 PM–11:30 PM, balance due $2,500.00.`,
      );
      assert.equal(data.bookings[0].balance_due, 250_000);
      assert.match(data.bookings[0].end_at, /^2027-04-11T03:30:00(\.000)?Z$/);
    });

    it('check_availability writes the stretch asked about on the venue’s clock', async () => {
      const { text, data } = await summaryAndData(client, 'check_availability', {
        start_at: '2027-04-10T17:00',
        end_at: '2027-04-10T19:00',
      });
      assert.equal(
        plain(text),
        `Free on Sat, Apr 10, 2027, 5:00 PM–7:00 PM: Garden. Taken: Ballroom (${booking.reference}).`,
      );
      const ballroom = data.spaces.find((s: { space_name: string }) => s.space_name === 'Ballroom');
      assert.match(ballroom.holds[0].start_at, /^2027-04-10T22:00:00(\.000)?Z$/);
    });

    it('payments_due writes what is owed in dollars and when it falls due', async () => {
      const { text, data } = await summaryAndData(client, 'payments_due', {
        from: '2027-01-01',
        to: '2027-12-31',
      });
      assert.match(text, /^\d+ installment\(s\) owed, \$[\d,]+\.\d\d in all: /);
      assert.match(text, new RegExp(`${booking.reference} \\$1,000\\.00 due Sat, May 1, 2027`));
      assertNoRawFigures(text, 100_000);
      const deposit = data.installments.find((i: { label: string }) => i.label === 'Deposit');
      assert.equal(deposit.amount, 100_000);
      assert.equal(deposit.due_on, '2027-05-01');
    });
  });

  describe('an en-GB venue', () => {
    let client: Client;
    let booking: Booking;
    before(async () => {
      ({ client, booking } = await venueIn('en-GB', 'Europe/London', 'GBP', [
        '2027-04-10T17:00:00Z',
        '2027-04-10T22:30:00Z',
      ]));
    });

    it('get_booking writes its days, the 24-hour clock and pounds', async () => {
      const { text, data } = await summaryAndData(client, 'get_booking', { id: booking.reference });
      assert.match(text, new RegExp(`^${booking.reference} \\(definite\\) Sat 10 Apr 2027, 18:00–23:30:`));
      assert.match(text, /total £2,500\.00, paid £0\.00, balance due £2,500\.00/);
      assert.match(text, /next installment £1,000\.00 due Sat 1 May 2027/);
      assert.doesNotMatch(text, /[AP]M/);
      assertNoRawFigures(text, 250_000);
      assert.match(data.booking.start_at, /^2027-04-10T17:00:00(\.000)?Z$/);
      assert.equal(data.booking.balance_due, 250_000);
    });

    it('search_bookings, check_availability and payments_due write British days, times and pounds', async () => {
      const search = await summaryAndData(client, 'search_bookings', { query: 'Spring' });
      assert.equal(
        search.text,
        `1 booking(s): ${booking.reference} (definite) Sat 10 Apr 2027, 18:00–23:30, balance due £2,500.00.`,
      );
      assert.equal(search.data.bookings[0].grand_total, 250_000);

      const free = await summaryAndData(client, 'check_availability', {
        start_at: '2027-04-10T17:00',
        end_at: '2027-04-10T19:00',
      });
      assert.equal(
        free.text,
        `Free on Sat 10 Apr 2027, 17:00–19:00: Garden. Taken: Ballroom (${booking.reference}).`,
      );

      const due = await summaryAndData(client, 'payments_due', { from: '2027-01-01', to: '2027-12-31' });
      assert.match(due.text, new RegExp(`${booking.reference} £1,000\\.00 due Sat 1 May 2027`));
      assert.doesNotMatch(due.text, /minor units/);
      assert.equal(due.data.installments[0].outstanding, 100_000);
    });

    it('the write tools write the booking’s day and times the same way', async () => {
      const moved = await summaryAndData(client, 'update_booking_status', {
        booking_id: booking.reference,
        status: 'tentative',
      });
      assert.equal(moved.text, `${booking.reference} (Sat 10 Apr 2027, 18:00–23:30) is now tentative.`);
      const lead = await summaryAndData(client, 'create_lead', {
        name: 'Summer party',
        contact: { first_name: 'Ada', last_name: 'Byron', email: 'ada@example.com' },
        date: '2027-06-12',
        start_time: '19:00',
        end_time: '23:00',
      });
      assert.match(lead.text, /^Lead BK-\d+ for Sat 12 Jun 2027, 19:00–23:00 created: http/);
    });
  });

  it('writes a German venue’s amounts as it reads them', async () => {
    const { client, booking } = await venueIn('de-DE', 'Europe/Berlin', 'EUR', [
      '2027-04-10T16:00:00Z',
      '2027-04-10T21:30:00Z',
    ]);
    const { text, data } = await summaryAndData(client, 'get_booking', { id: booking.reference });
    assert.match(text, /balance due 2\.500,00\s€/);
    assert.match(text, /18:00/);
    assert.equal(data.booking.balance_due, 250_000);
  });
});
