/**
 * Making a lead of a message in the Inbox (SPEC §17, by the §14 path) over plain HTTP: a `lead`
 * booking with source `email`, named after the subject (without its "Re:"), on the day the member
 * gives (none given is refused under the field, making nothing); its contact is the venue's contact
 * with the sender's address, whatever its case, else one made of the sender's name and address;
 * the message is filed on it and names that contact; then the member is on the new booking, whose
 * page says where it came from. The Inbox writes times in the venue's own locale.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { ReadMail } from '../../src/crm/messages/index.js';
import { updateOrganization } from '../../src/crm/organization/organization.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { type BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { ameliaWithTwoBookings, receive as receiveIn } from '../helpers/inbox-mail.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let member: { session: BrowserSession; csrf: string };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    member = await workspaceSession(server, venue.member.email, venue.orgId);
    await ameliaWithTwoBookings(suite.db, venue);
  });
  after(() => server.close());

  const receive = (fields: Partial<ReadMail> & Pick<ReadMail, 'subject'>) =>
    receiveIn(server, venue.orgId, fields);
  const messageRow = (id: string) =>
    suite.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const inbox = () => member.session.request(`${o}/inbox`);
  const post = (page: string, id: string, verb: string, fields: Record<string, string> = {}) =>
    member.session.request(`${o}/inbox/${id}/${verb}`, {
      form: { _csrf: member.csrf, ...formFields(page, `${o}/inbox/${id}/${verb}`), ...fields },
    });

  it('makes a lead of a message: source email, named after the subject, its contact by address', async () => {
    const known = await receive({ subject: 'Re: Fwd: Christmas lunch', text: 'For 30, please.' });
    const stranger = await receive({
      subject: 'Product launch',
      from: { name: 'Jo  van der Berg', email: 'Jo@Launch.example' },
      text: 'Evening event.',
    });
    const page = await inbox();
    const refused = await post(page.body, known.id, 'lead', { date: '' });
    assert.equal(refused.status, 422);
    assert.match(refused.body, /id="lead-date-[^"]+" name="date" type="date" required aria-invalid="true"/);
    assert.match(refused.body, /Give the date of the event\./);
    assert.equal((await messageRow(known.id)).booking_id, null, 'nothing was made');

    const made = await post(page.body, known.id, 'lead', { date: '2027-12-18' });
    assert.equal(made.status, 303);
    const bookingId = /\/bookings\/([^/?#]+)$/.exec(made.location ?? '')?.[1];
    assert.ok(bookingId, made.location);
    const booking = await suite.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    assert.equal(booking.status, 'lead');
    assert.equal(booking.source, 'email');
    assert.equal(booking.name, 'Christmas lunch');
    const amelia = await suite.db
      .selectFrom('contacts')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', 'amelia@client.example'))
      .execute();
    assert.equal(amelia.length, 1, 'the sender’s contact is reused');
    assert.equal(booking.contact_id, amelia[0]!.id);
    const filed = await messageRow(known.id);
    assert.equal(filed.booking_id, bookingId);

    const second = await post((await inbox()).body, stranger.id, 'lead', { date: '2027-05-02' });
    const strangerBooking = /\/bookings\/([^/?#]+)$/.exec(second.location ?? '')?.[1];
    assert.ok(strangerBooking);
    const contact = await suite.db
      .selectFrom('bookings as b')
      .innerJoin('contacts as c', 'c.id', 'b.contact_id')
      .select(['c.first_name', 'c.last_name', 'c.email', 'b.name', 'b.source'])
      .where('b.id', '=', strangerBooking)
      .executeTakeFirstOrThrow();
    assert.deepEqual(contact, {
      first_name: 'Jo',
      last_name: 'van der Berg',
      email: 'Jo@Launch.example',
      name: 'Product launch',
      source: 'email',
    });
    assert.equal((await messageRow(stranger.id)).contact_id !== null, true, 'the message names its contact');
    const page2 = await member.session.request(`${o}/bookings/${strangerBooking}`);
    assert.equal(page2.status, 200);
    assert.match(page2.body, /E-mail \(made a lead in the Inbox\)/);
  });

  it('writes when a message came in the venue’s locale', async () => {
    await write(server.app.ctx.writer, venue.actor, updateOrganization, {
      ifMatch: undefined,
      input: { timezone: 'America/New_York' },
    });
    await receive({ subject: 'Rehearsal dinner', sentAt: '2026-12-01T17:45:00.000Z', text: 'Hi' });
    assert.match((await inbox()).body, /Tue, Dec 1, 2026, 12:45\sPM/);
  });
});
