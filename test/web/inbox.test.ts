/**
 * The workspace's Inbox (SPEC §17) over plain HTTP: the mail from clients that waits on no
 * booking, newest first, with its sender, subject, the time it was sent in the venue's zone and
 * locale, its first lines as text (never markup) and its attachments' names, counted beside the
 * Inbox's link. A member files a message on an open booking (the sender's listed first), or
 * dismisses one and restores it from Dismissed. A version someone else changed meanwhile is
 * refused with words, changing nothing, and an empty Inbox says so. (Making a lead of a message:
 * inbox-lead.test.ts.)
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { ReadMail } from '../../src/crm/messages/index.js';
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
  let ameliaBooking: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    member = await workspaceSession(server, venue.member.email, venue.orgId);
    [ameliaBooking] = await ameliaWithTwoBookings(suite.db, venue);
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

  it('says so when nothing waits, and links the Inbox from every page', async () => {
    const page = await inbox();
    assert.equal(page.status, 200);
    assert.match(page.body, /All caught up/);
    assert.match(page.body, new RegExp(`<a href="${o}/inbox" aria-current="page">Inbox</a>`));
    const dismissed = await member.session.request(`${o}/inbox/dismissed`);
    assert.match(dismissed.body, /Nothing dismissed/);
  });

  it('lists what waits, newest first, as text, with the sender’s bookings first', async () => {
    const older = await receive({
      subject: 'Room for 40?',
      from: { name: 'Amelia Hart', email: 'amelia@client.example' },
      sentAt: '2026-11-30T09:15:00.000Z',
      text: '\n\nHello,\nCould you host 40 of us?\n<script>alert(1)</script>\n\n> earlier mail\n> quoted',
      attachments: [
        { name: 'seating <plan>.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n') },
      ],
    });
    const newer = await receive({
      subject: 'Wedding in June',
      from: { name: '', email: 'noname@elsewhere.example' },
      sentAt: '2026-12-01T17:45:00.000Z',
      text: 'Do you have June free?',
    });
    const page = await inbox();
    assert.equal(page.status, 200);
    const body = page.body;
    assert.ok(body.indexOf('Wedding in June') < body.indexOf('Room for 40?'), 'newest first');
    assert.match(body, /<span class="nav-count">2<\/span><span class="visually-hidden"> waiting<\/span>/);
    assert.match(body, /Tue 1 Dec 2026, 17:45/, 'in London, as en-GB reads it');
    assert.match(body, /Mon 30 Nov 2026, 09:15/);
    assert.match(body, /Hello,\nCould you host 40 of us\?\n&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/p>/);
    assert.doesNotMatch(body, /<script>alert/, 'the client’s text is never markup');
    assert.doesNotMatch(body, /earlier mail/, 'the quoted history is left out');
    assert.match(body, /<li>seating &lt;plan&gt;\.pdf<\/li>/);
    assert.match(body, /&lt;amelia@client\.example&gt;/);
    // Amelia's own booking first; the other open ones after it.
    const select = body.slice(
      body.indexOf(`id="file-${older.id}"`),
      body.indexOf('</select>', body.indexOf(`id="file-${older.id}"`)),
    );
    assert.match(
      select,
      /<optgroup label="Amelia Hart’s bookings"><option value="[^"]+">[^<]+ · Hart engagement dinner<\/option><option value="[^"]+">[^<]+ · Hart anniversary<\/option><\/optgroup>/,
    );
    assert.match(
      select,
      /<optgroup label="Other open bookings"><option[^>]*>[^<]+ · Lumen summer party<\/option>/,
    );
    const other = body.slice(body.indexOf(`id="file-${newer.id}"`));
    assert.match(other.slice(0, other.indexOf('</select>')), /<optgroup label="Open bookings">/);

    // Filed on Amelia's booking: it leaves the Inbox, and the change is told.
    const filed = await post(body, older.id, 'file', { booking_id: ameliaBooking });
    assert.equal(filed.status, 303);
    assert.equal(filed.location, `${server.url}${o}/inbox?notice=filed`);
    assert.equal((await messageRow(older.id)).booking_id, ameliaBooking);
    const changes = await suite.db
      .selectFrom('changes')
      .select('type')
      .where('organization_id', '=', venue.orgId)
      .where('type', '=', 'message.updated')
      .execute();
    assert.equal(changes.length, 1);
    const left = await member.session.request(filed.location ?? '');
    assert.match(left.body, /Message filed on its booking\./);
    assert.doesNotMatch(left.body, /Room for 40\?/);
    assert.match(left.body, /<span class="nav-count">1<\/span>/);

    // Filing without a booking is refused beside the field.
    const none = await post(left.body, newer.id, 'file', { booking_id: '' });
    assert.equal(none.status, 422);
    assert.match(
      none.body,
      /<p class="field-error" id="file-[^"]+-error" role="alert">Choose the booking to file it on\.<\/p>/,
    );
    await post(left.body, newer.id, 'dismiss');
  });

  it('refuses a stale version in words, changing nothing', async () => {
    const message = await receive({ subject: 'Stale one', text: 'Hi' });
    const page = await inbox();
    // Someone else dismisses it first; this page's File still carries the old version.
    assert.equal((await post(page.body, message.id, 'dismiss')).status, 303);
    const stale = await post(page.body, message.id, 'file', { booking_id: ameliaBooking });
    assert.equal(stale.status, 303);
    assert.equal(stale.location, `${server.url}${o}/inbox?notice=stale`);
    const row = await messageRow(message.id);
    assert.equal(row.booking_id, null);
    assert.equal(Number(row.dismissed), 1);
    const lead = await post(page.body, message.id, 'lead', { date: '2027-06-19' });
    assert.equal(lead.location, `${server.url}${o}/inbox?notice=stale`);
    const shown = await member.session.request(stale.location);
    assert.match(shown.body, /Someone else filed, dismissed or restored that message while you were looking/);
    const gone = await post(page.body, 'msg_missing', 'dismiss');
    assert.equal(gone.location, `${server.url}${o}/inbox?notice=gone`);
  });

  it('dismisses a message, and restores it from Dismissed', async () => {
    const message = await receive({ subject: 'Newsletter', text: 'Our spring offers' });
    const dismissed = await post((await inbox()).body, message.id, 'dismiss');
    assert.equal(dismissed.location, `${server.url}${o}/inbox?notice=dismissed`);
    assert.doesNotMatch((await inbox()).body, /Newsletter/);
    const list = await member.session.request(`${o}/inbox/dismissed`);
    assert.match(list.body, /Newsletter/);
    assert.match(list.body, /Restore to the Inbox/);
    const restored = await post(list.body, message.id, 'restore');
    assert.equal(restored.location, `${server.url}${o}/inbox/dismissed?notice=restored`);
    assert.match((await inbox()).body, /Newsletter/);
    await post((await inbox()).body, message.id, 'dismiss');
  });
});
