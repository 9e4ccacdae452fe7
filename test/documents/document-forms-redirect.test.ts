/**
 * The workspace's document forms answer post, redirect, get (SPEC §13, "Versions, finals and
 * voids"): sending a proposal redirects to its page, which shows the new link once (sealed in a
 * one-time cookie, never in the address); reloading that page twice sends nothing again — one
 * e-mail reaches the real SMTP server, one link and one message are kept. Sending an issued
 * invoice does the same, and its page says to whom it went. Issuing and voiding an invoice
 * redirect too, and reloading gives no second number.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { type Api, apiFor } from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let venue: Venue;
  let api: Api;
  let staff: BrowserSession;

  const make = async (kind: string, booking: string) => {
    const made = await api<{ data: { id: string } }>('/v2/documents', {
      method: 'POST',
      body: documentBody(kind, booking),
    });
    assert.equal(made.status, 201);
    return `/orgs/${venue.orgId}/documents/${made.body.data.id}`;
  };
  /** Posts the form at `action` on the page at `page`, as the browser does. */
  const post = async (page: string, action: string) => {
    const fields = formFields((await staff.request(page)).body, action);
    assert.ok(fields._csrf, `the page has a form to ${action}`);
    return staff.request(action, { form: fields });
  };
  const deliver = async () => {
    const sender = new MailSender({
      db: server.app.ctx.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('silent'),
    });
    try {
      return await sender.sendDue();
    } finally {
      await sender.stop();
    }
  };

  before(async () => {
    smtp = new TestSmtpServer();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: await smtp.start(),
      MAIL_FROM: 'Harbour Rooms <events@harbour.example>',
    });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(api, venue.orgId);
    staff = new BrowserSession(server.url, server.fetch);
    await signIn(server, staff, venue.user.email);
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends a proposal once, however often the "Sent" page is reloaded', async () => {
    const { booking } = await pricedBooking(api, { name: 'Tetteh wedding', events: 1, linesPerEvent: 1 });
    const page = await make('proposal', booking);
    const sent = await post(page, `${page}/send`);
    assert.equal(sent.status, 303, sent.body);
    assert.equal(sent.location, `${server.url}${page}?notice=sent`);
    assert.doesNotMatch(sent.location ?? '', /mqd_/, 'the link is not in the address');

    const first = await staff.request(sent.location!);
    assert.equal(first.status, 200);
    assert.match(first.body, /<input id="share-url" type="text" readonly value="[^"]*\/p\/mqd_/);
    assert.match(first.body, /The e-mail with this link is on its way to the client/);
    for (let reload = 0; reload < 2; reload++) {
      const again = await staff.request(sent.location!);
      assert.equal(again.status, 200);
      assert.match(again.body, /<span class="badge state-due">Sent<\/span>/);
      assert.doesNotMatch(again.body, /mqd_/, 'the link is shown once');
    }

    assert.equal(await deliver(), 1);
    assert.equal(smtp.received.length, 1, 'one e-mail reached the SMTP server');
    assert.deepEqual(smtp.received[0]?.to, ['ama@mensah.example']);
    assert.equal(await countRows(suite.db, 'outgoing_mail'), 1);
    assert.equal(await countRows(suite.db, 'document_links'), 1);
  });

  it('issues and voids an invoice once, however often its page is reloaded', async () => {
    const { booking } = await pricedBooking(api, { name: 'Tetteh party', events: 1, linesPerEvent: 1 });
    const page = await make('invoice', booking);
    const issued = await post(page, `${page}/issue`);
    assert.equal(issued.status, 303);
    for (let reload = 0; reload < 2; reload++)
      assert.match((await staff.request(issued.location!)).body, /Issued<\/span> INV-00001/);
    const voided = await post(page, `${page}/void`);
    assert.equal(voided.status, 303);
    for (let reload = 0; reload < 2; reload++)
      assert.match((await staff.request(voided.location!)).body, /Void<\/span> INV-00001/);
    const numbers = await suite.db
      .selectFrom('documents')
      .select('number')
      .where('organization_id', '=', venue.orgId)
      .where('number', 'is not', null)
      .execute();
    assert.deepEqual(
      numbers.map((n) => n.number),
      ['INV-00001'],
    );
  });

  it('sends an issued invoice from its page once, saying to whom, however often the page is reloaded', async () => {
    const { booking } = await pricedBooking(api, { name: 'Tetteh dinner', events: 1, linesPerEvent: 1 });
    const page = await make('invoice', booking);
    const draft = (await staff.request(page)).body;
    assert.doesNotMatch(draft, new RegExp(`action="${page}/send"`), 'a draft is issued before it is sent');
    assert.equal((await post(page, `${page}/issue`)).status, 303);
    const issued = (await staff.request(page)).body;
    assert.match(issued, /<button type="submit" class="">Send to client<\/button>/);
    const bookingPage = (await staff.request(`/orgs/${venue.orgId}/bookings/${booking}`)).body;
    assert.match(bookingPage, /aria-label="Send to client: Invoice v1"/, 'and from the booking’s page');

    const mailBefore = await countRows(suite.db, 'outgoing_mail');
    const sent = await post(page, `${page}/send`);
    assert.equal(sent.status, 303, sent.body);
    assert.equal(sent.location, `${server.url}${page}?notice=sent`);
    const first = await staff.request(sent.location!);
    assert.equal(first.status, 200);
    assert.match(first.body, /Sent to Ama Mensah \(ama@mensah\.example\)\./);
    assert.match(
      first.body,
      /The e-mail with the invoice attached and this link to its balance is on its way/,
    );
    assert.match(
      first.body,
      /<input id="share-url" type="text" readonly value="[^"]*\/p\/mqd_[^"]*#payments"/,
    );
    for (let reload = 0; reload < 2; reload++) {
      const again = await staff.request(sent.location!);
      assert.equal(again.status, 200);
      assert.doesNotMatch(again.body, /mqd_/, 'the link is shown once');
      assert.match(again.body, /Issued<\/span> INV-\d{5} · [^<]* · sent to the client/);
      assert.match(again.body, /<button type="submit" class="">Send again<\/button>/);
    }

    const received = smtp.received.length;
    assert.equal(await deliver(), 1);
    assert.equal(smtp.received.length, received + 1, 'one e-mail reached the SMTP server');
    const mail = smtp.received.at(-1)!;
    assert.deepEqual(mail.to, ['ama@mensah.example']);
    assert.match(mail.parsed.attachments[0]?.filename ?? '', /^Invoice INV-\d{5}\.pdf$/);
    assert.equal(await countRows(suite.db, 'outgoing_mail'), mailBefore + 1);
    const id = page.split('/').at(-1)!;
    const links = await suite.db
      .selectFrom('document_links')
      .select('id')
      .where('document_id', '=', id)
      .execute();
    assert.equal(links.length, 1);
  });
});
