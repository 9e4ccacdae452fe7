/**
 * Unread mail from clients (SPEC §17) over plain HTTP: a booking whose client wrote and nobody
 * has read it yet shows "N unread" on the bookings list, and Home (the bookings list) lists it
 * under "Replies waiting", linking to its conversation; mail the venue sent, mail already read and
 * mail in the Inbox are not counted. The counts are one grouped read over an index of the unread
 * inbound messages alone, and name only the organization's own bookings.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { createContact } from '../../src/crm/contacts/index.js';
import { type ReadMail, receiveMessage, unreadByBooking } from '../../src/crm/messages/index.js';
import { systemClock } from '../../src/clock.js';
import { mailboxActor } from '../../src/policy/actor.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

let sequence = 0;

function mail(from: string, subject: string, fields: Partial<ReadMail> = {}): ReadMail {
  sequence += 1;
  return {
    messageId: `u${sequence}@client.example`,
    inReplyTo: null,
    threadIds: [],
    from: { name: '', email: from },
    to: [{ name: '', email: 'events@harbour.example' }],
    cc: [],
    deliveredTo: [],
    subject,
    text: 'Hello',
    html: null,
    sentAt: '2026-12-02T08:30:00.000Z',
    attachments: [],
    ...fields,
  };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let member: { session: BrowserSession; csrf: string };
  let gala: string;
  let brunch: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    member = await workspaceSession(server, venue.member.email, venue.orgId);
    const booking = async (name: string, email: string) => {
      const contact = await write({ db: suite.db, clock: systemClock }, venue.actor, createContact, {
        first_name: name,
        last_name: 'Client',
        email,
        accountId: venue.accountId,
      });
      return (
        await addBooking(suite.db, venue.actor, {
          name,
          status: 'tentative',
          start_at: '2027-04-10T18:00:00Z',
          end_at: '2027-04-10T23:00:00Z',
          accountId: venue.accountId,
          contactId: contact.id,
        })
      ).id;
    };
    gala = await booking('Spring gala', 'gala@client.example');
    brunch = await booking('Sunday brunch', 'brunch@client.example');
  });
  after(() => server.close());

  /** Filed as the mailbox files it: the sender is the contact of exactly one open booking. */
  const receive = (read: ReadMail) =>
    write(server.app.ctx.writer, mailboxActor(venue.orgId), receiveMessage, {
      mail: read,
      mailboxAddress: 'events@harbour.example',
    });

  it('marks each booking with unread mail on the list and lists it under Replies waiting', async () => {
    const first = await receive(mail('gala@client.example', 'Menu'));
    await receive(mail('gala@client.example', 'Menu again', { sentAt: '2026-12-02T09:00:00.000Z' }));
    const read = await receive(mail('brunch@client.example', 'Thanks'));
    await receive(mail('someone@elsewhere.example', 'In the Inbox'));
    // The venue's own mail to the client is never unread.
    await receive(
      mail('events@harbour.example', 'Re: Menu', { to: [{ name: '', email: 'gala@client.example' }] }),
    );
    assert.equal(first?.bookingId, gala, 'filed on the gala by its sender');
    await suite.db
      .updateTable('messages')
      .set({ read_at: '2026-12-02T10:00:00.000Z' })
      .where('id', '=', read!.id)
      .execute();

    const list = await member.session.request(`${o}/bookings?from=all`);
    assert.equal(list.status, 200);
    const row = (id: string) => {
      const start = list.body.indexOf(`<a href="${o}/bookings/${id}" class="strong">`);
      return list.body.slice(start, list.body.indexOf('</tr>', start));
    };
    assert.match(row(gala), /<span class="badge unread">2 unread<\/span>/);
    assert.doesNotMatch(row(brunch), /unread/);
    const from = list.body.indexOf('<section class="replies-waiting"');
    const waiting = list.body.slice(from, list.body.indexOf('</section>', from));
    assert.match(waiting, /<h2 id="replies-waiting-title">Replies waiting<\/h2>/);
    assert.match(
      waiting,
      new RegExp(`<a href="${o}/bookings/${gala}#conversation-title" class="strong">Spring gala</a>`),
    );
    assert.match(waiting, /2 unread/);
    assert.doesNotMatch(waiting, /Sunday brunch/);

    // Read on its booking: no mark is left.
    await suite.db
      .updateTable('messages')
      .set({ read_at: '2026-12-02T10:05:00.000Z' })
      .where('booking_id', '=', gala)
      .execute();
    const later = await member.session.request(`${o}/bookings?from=all`);
    assert.doesNotMatch(later.body, /Replies waiting|class="badge unread"/);
  });

  it('reads the counts by the index of unread inbound mail', async () => {
    const query = sql`select m.booking_id, count(*) from messages as m where m.organization_id = ${venue.orgId}
      and m.read_at is null and m.direction = 'in' group by m.booking_id`;
    let plan: string;
    if (suite.database.dialect === 'sqlite') {
      const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(suite.db);
      plan = rows.rows.map((r) => r.detail).join('\n');
    } else {
      // A table this small is read whole unless told otherwise: the plan shows the index it can use.
      plan = await suite.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await sql<Record<string, string>>`explain ${query}`.execute(trx);
        return rows.rows.map((r) => Object.values(r).join(' ')).join('\n');
      });
    }
    assert.match(plan, /messages_unread_idx/);
  });

  it('names only bookings of the organization, whatever a message’s booking_id says', async () => {
    const other = await makeWorkspaceVenue(suite.db, 'Other Rooms');
    const theirs = await addBooking(suite.db, other.actor, {
      name: 'Their secret launch',
      status: 'tentative',
      start_at: '2027-05-10T18:00:00Z',
      end_at: '2027-05-10T23:00:00Z',
      accountId: other.accountId,
    });
    const stray = await receive(mail('stray@elsewhere.example', 'Stray'));
    assert.equal(stray?.bookingId, null, 'waits in the Inbox');
    // A row that names another organization's booking (no door files one so): never joined to it.
    await suite.db
      .updateTable('messages')
      .set({ booking_id: theirs.id })
      .where('id', '=', stray!.id)
      .execute();
    assert.deepEqual(await unreadByBooking(suite.db, venue.orgId), []);
    const list = await member.session.request(`${o}/bookings?from=all`);
    assert.equal(list.status, 200);
    assert.doesNotMatch(list.body, /Their secret launch|Replies waiting/);
  });
});
