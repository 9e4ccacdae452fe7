/**
 * The seven tools of SPEC §16 through the SDK's own client, on both databases: each answers with
 * structured content matching its output schema and a one-line summary; a write goes through the
 * API's commands (a change event is written, the contact is reused by e-mail, a bad move and a
 * clash are refused in the API's words, the clash naming the other booking); a token for one
 * organization cannot reach another's booking; a crm_read grant sees only the read tools and is
 * refused a write.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../src/crm/accounts/index.js';
import { createBooking } from '../../src/crm/bookings/booking.commands.js';
import type { Booking } from '../../src/crm/bookings/booking.table.js';
import { createInstallment } from '../../src/crm/payments/installments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { createSpace } from '../../src/crm/spaces/space.commands.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import { insertMembership } from '../../src/identity/membership.repository.js';
import type { Refusal } from '../../src/writes/refusal.js';
import { type Made, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { callTool, connectAssistant, toolRefusal } from '../helpers/mcp.js';

eachDatabase((suite) => {
  let server: TestServer;
  let orgId: string;
  let otherOrgId: string;
  let user: { id: string; email: string };
  let wedding: Booking;
  let gala: Booking;
  let elsewhere: Booking;
  let client: Client;

  async function venue(organizationId: string, userId: string) {
    const actor: Actor = staffActor({ organizationId, userId, role: 'admin', door: 'api' });
    const run = <I, R>(command: { run(w: never, i: I): Promise<R> }, input: I) =>
      write(server.app.ctx.writer, actor, command as never, input) as Promise<Made<R>>;
    const space = await run(createSpace, { name: 'Ballroom', capacity: 200 });
    const account = await run(createAccount, { name: 'Brennan family' });
    const booking = (name: string, status: string) =>
      run<object, Booking | Refusal>(createBooking, {
        name,
        status,
        start_at: '2027-06-14T17:00:00Z',
        end_at: '2027-06-14T23:00:00Z',
        timezone: 'UTC',
        guest_count: 120,
        currency: 'EUR',
        accountId: account.id,
        spaceIds: [space.id],
      });
    return { run, booking };
  }

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    orgId = (await makeOrganization(suite.db, 'Harbour Hall')).id;
    otherOrgId = (await makeOrganization(suite.db, 'Other Venue')).id;
    user = await makeUser(suite.db, orgId, { role: 'admin' });
    await suite.db.transaction().execute((trx) => insertMembership(trx, otherOrgId, user.id, 'admin'));
    const here = await venue(orgId, user.id);
    wedding = await here.booking('Brennan wedding', 'definite');
    gala = await here.booking('Harbour gala', 'lead');
    await here.run(createLineItem, {
      bookingId: wedding.id,
      name: 'Room hire',
      category: 'rental',
      unit: 'flat',
      quantity: '1',
      unit_price: 1_000_000,
    });
    await here.run(createInstallment, {
      bookingId: wedding.id,
      label: 'Deposit',
      amount: 250_000,
      due_date: '2027-05-01',
    });
    elsewhere = await (await venue(otherOrgId, user.id)).booking('Elsewhere dinner', 'lead');
    ({ client } = await connectAssistant(server, { email: user.email, organizationId: orgId }));
  });
  after(async () => {
    await client?.close();
    await server.close();
  });

  describe('read tools', () => {
    it('search_bookings finds bookings by name with their money and page', async () => {
      const found = await callTool(client, 'search_bookings', { query: 'WEDDING' });
      assert.equal(found.bookings.length, 1);
      const [booking] = found.bookings;
      assert.equal(booking.reference, wedding.reference);
      assert.deepEqual(booking.account_name, { untrusted_text: 'Brennan family' });
      assert.equal(booking.grand_total, 1_000_000);
      assert.equal(booking.balance_due, 1_000_000);
      assert.equal(booking.currency, 'EUR');
      assert.equal(booking.url, `${server.url}/orgs/${orgId}/bookings/${wedding.id}`);
      const leads = await callTool(client, 'search_bookings', {
        status: 'lead',
        from: '2027-06-14',
        to: '2027-06-15',
      });
      assert.deepEqual(
        leads.bookings.map((b: { id: string }) => b.id),
        [gala.id],
      );
    });

    it('get_booking reads a booking by reference with events, lines, totals and installments', async () => {
      const { booking } = await callTool(client, 'get_booking', { id: wedding.reference });
      assert.equal(booking.id, wedding.id);
      assert.equal(booking.events.length, 1);
      assert.equal(booking.line_items[0].name, 'Room hire');
      assert.equal(booking.totals.grand_total, 1_000_000);
      assert.equal(booking.installments[0].label, 'Deposit');
      assert.equal(booking.installments[0].amount_due, 250_000);
      assert.deepEqual(booking.notes, []);
    });

    it('check_availability answers as GET /v2/availability, the times read in the venue’s zone', async () => {
      const { spaces } = await callTool(client, 'check_availability', {
        start_at: '2027-06-14T18:00',
        end_at: '2027-06-14T20:00',
        guest_count: 120,
      });
      assert.equal(spaces.length, 1);
      assert.equal(spaces[0].space_name, 'Ballroom');
      assert.equal(spaces[0].state, 'taken');
      assert.ok(
        spaces[0].holds.some((h: { booking_reference: string }) => h.booking_reference === wedding.reference),
      );
      const later = await callTool(client, 'check_availability', {
        start_at: '2027-06-15T10:00:00+02:00',
        end_at: '2027-06-15T12:00:00+02:00',
      });
      assert.equal(later.spaces[0].state, 'free');
      const bad = await toolRefusal(client, 'check_availability', {
        start_at: '2027-06-15T12:00',
        end_at: '2027-06-15T10:00',
      });
      assert.match(bad, /end_at must be after start_at/);
    });

    it('payments_due lists what is still owed', async () => {
      const { installments } = await callTool(client, 'payments_due', {
        from: '2027-01-01',
        to: '2027-12-31',
      });
      assert.equal(installments.length, 1);
      assert.equal(installments[0].booking_reference, wedding.reference);
      assert.equal(installments[0].outstanding, 250_000);
      assert.equal(installments[0].url, `${server.url}/orgs/${orgId}/bookings/${wedding.id}`);
      const none = await callTool(client, 'payments_due', { to: '2027-04-30' });
      assert.deepEqual(none.installments, []);
    });
  });

  describe('write tools', () => {
    it('create_lead makes a lead with its contact and message, told in the change feed; the contact is reused by e-mail', async () => {
      const lead = {
        name: 'Okafor birthday',
        contact: { first_name: 'Ada', last_name: 'Okafor', email: 'ada.okafor@example.com' },
        date: '2027-09-04',
        start_time: '19:00',
        end_time: '23:30',
        guest_count: 60,
        message: 'Looking for a room with a dance floor.',
      };
      const { booking } = await callTool(client, 'create_lead', lead);
      assert.match(booking.reference, /^BK-/);
      const row = await suite.db
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.status, 'lead');
      assert.equal(row.source, 'assistant');
      assert.equal(row.organization_id, orgId);
      assert.equal(new Date(row.start_at).toISOString(), '2027-09-04T19:00:00.000Z');
      const { booking: read } = await callTool(client, 'get_booking', { id: booking.id });
      assert.deepEqual(read.notes[0].text, { untrusted_text: lead.message });
      const told = await suite.db
        .selectFrom('changes')
        .select('type')
        .where('organization_id', '=', orgId)
        .where('type', '=', 'booking.created')
        .where('data', 'like', `%${booking.id}%`)
        .execute();
      assert.equal(told.length, 1);
      const again = await callTool(client, 'create_lead', {
        ...lead,
        contact: { ...lead.contact, email: 'ADA.OKAFOR@example.com' },
      });
      const second = await suite.db
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', again.booking.id)
        .executeTakeFirstOrThrow();
      assert.equal(second.contact_id, row.contact_id);
      const bad = await toolRefusal(client, 'create_lead', {
        ...lead,
        date: '2027-02-30',
        start_time: '25:00',
      });
      assert.match(bad, /"2027-02-30" is not a date/);
      assert.match(bad, /"25:00" is not a time/);
    });

    it('add_note adds a note to a booking, written as the user', async () => {
      const { note } = await callTool(client, 'add_note', {
        booking_id: wedding.id,
        text: 'Called: they want a string quartet.',
      });
      const row = await suite.db
        .selectFrom('notes')
        .selectAll()
        .where('id', '=', note.id)
        .executeTakeFirstOrThrow();
      assert.equal(row.author_id, user.id);
      assert.equal(row.notable_id, wedding.id);
    });

    it('update_booking_status moves by §7, refusing a bad move and a clash in the API’s words', async () => {
      const wrong = await toolRefusal(client, 'update_booking_status', {
        booking_id: gala.id,
        status: 'closed',
      });
      assert.match(wrong, /lead/);
      const clash = await toolRefusal(client, 'update_booking_status', {
        booking_id: gala.id,
        status: 'definite',
      });
      assert.match(clash, new RegExp(wedding.reference));
      assert.match(clash, /Ballroom/);
      const lost = await toolRefusal(client, 'update_booking_status', {
        booking_id: gala.id,
        status: 'lost',
      });
      assert.match(lost, /why the booking was lost/);
      const moved = await callTool(client, 'update_booking_status', {
        booking_id: gala.id,
        status: 'tentative',
      });
      assert.equal(moved.booking.status, 'tentative');
    });

    it('refuses another organization’s booking, as if it did not exist', async () => {
      const text = await toolRefusal(client, 'get_booking', { id: elsewhere.id });
      assert.match(text, /No booking has the id or reference/);
      await toolRefusal(client, 'add_note', { booking_id: elsewhere.id, text: 'Not ours' });
      const notes = await suite.db
        .selectFrom('notes')
        .select('id')
        .where('notable_id', '=', elsewhere.id)
        .execute();
      assert.deepEqual(notes, []);
    });
  });

  it('a crm_read grant sees only the read tools and is refused a write', async () => {
    const { client: reader } = await connectAssistant(server, {
      email: user.email,
      organizationId: orgId,
      scope: 'crm_read',
    });
    try {
      const { tools } = await reader.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [
        'check_availability',
        'get_booking',
        'list_messages',
        'list_tasks',
        'payments_due',
        'search_bookings',
      ]);
      for (const t of tools) assert.equal(t.annotations?.readOnlyHint, true);
      const refused = (await reader
        .callTool({ name: 'add_note', arguments: { booking_id: wedding.id, text: 'x' } })
        .then(
          (result) => JSON.stringify(result),
          (error: Error) => error.message,
        )) as string;
      assert.match(refused, /add_note/);
      assert.match(refused, /not found/i);
    } finally {
      await reader.close();
    }
  });
});
