/**
 * The e-mail that takes a proposal to its client (SPEC §13), through a real SMTP server in the
 * test process and parsed with mailparser: to the booking's contact, from the venue by name, a
 * text part and an HTML part with a button to the link, every value escaped; the link in neither
 * the server's nor the sender's log; Settings → Outgoing mail shows the HTML part in a sandboxed
 * frame served under a policy that runs nothing.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession } from '../helpers/browser-session.js';
import { chromiumMissing } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { mailOnPhone } from '../helpers/mail-on-phone.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { type Api, apiFor, changeDocument } from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let venue: Venue;
  let admin: Api;

  before(async () => {
    smtp = new TestSmtpServer();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: await smtp.start(),
      MAIL_FROM: 'Harbour Rooms <events@harbour.example>',
      LOG_LEVEL: 'info',
    });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    await suite.db
      .updateTable('organizations')
      .set({ name: 'Harbour <Rooms> & Co' })
      .where('id', '=', venue.orgId)
      .execute();
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the client a text part and an HTML part with a button to the link, and logs neither', async () => {
    const { booking } = await pricedBooking(admin, {
      name: 'Mensah "Gold" wedding',
      events: 1,
      linesPerEvent: 1,
    });
    const made = await admin('/v2/documents', { method: 'POST', body: documentBody('proposal', booking) });
    const sent = await admin<{ meta: { share_url: string } }>(`/v2/documents/${made.body.data.id}/send`, {
      method: 'POST',
    });
    const url = sent.body.meta.share_url;
    const token = url.split('/p/')[1]!;

    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const sender = new MailSender({
      db: server.app.ctx.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('info', sink),
    });
    try {
      assert.equal(await sender.sendDue(), 1);
    } finally {
      await sender.stop();
    }
    const [received] = smtp.received.slice(-1);
    assert.deepEqual(received?.to, ['ama@mensah.example']);
    const mail = received.parsed;
    assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', '"Ama Mensah" <ama@mensah.example>');
    assert.equal(mail.subject, 'Your proposal from Harbour <Rooms> & Co: Mensah "Gold" wedding');
    assert.match(mail.text ?? '', /^Dear Ama,/);
    assert.ok(mail.text?.includes(`Open your proposal:\n${url}`), mail.text);
    assert.match(mail.text ?? '', /works until Wednesday 3 February 2027/);
    const html = String(mail.html);
    assert.ok(html.includes(`href="${url}"`), 'the button links to the proposal');
    assert.match(html, />Open your proposal<\/a>/);
    assert.ok(html.includes('Harbour &lt;Rooms&gt; &amp; Co'), 'the venue’s name, escaped');
    assert.ok(html.includes('Mensah &quot;Gold&quot; wedding'));
    assert.ok(!html.includes('<script'), 'no script');
    assert.ok(!lines.join('').includes(token), 'the sender logs nothing of the link');
    assert.ok(!server.logs.join('\n').includes(token), 'nor does the server');
  });

  it('shows the HTML part on Settings → Outgoing mail in a sandboxed frame that runs nothing', async () => {
    const page = new BrowserSession(server.url, server.fetch);
    await signIn(server, page, venue.user.email);
    const mail = await suite.db
      .selectFrom('outgoing_mail')
      .select(['id'])
      .where('organization_id', '=', venue.orgId)
      .where('html_body', 'is not', null)
      .executeTakeFirstOrThrow();
    const path = `/orgs/${venue.orgId}/settings/outgoing-mail/${mail.id}`;
    const shown = await page.request(path);
    assert.equal(shown.status, 200);
    assert.match(shown.body, new RegExp(`<iframe class="mail-html" sandbox="" src="${path}/html"`));
    const framed = await page.request(`${path}/html`);
    assert.equal(framed.status, 200);
    assert.match(framed.headers.get('content-security-policy') ?? '', /^sandbox; default-src 'none'/);
    assert.equal(framed.headers.get('x-frame-options'), 'SAMEORIGIN');
    assert.match(framed.body, /Open your proposal/);
    assert.doesNotMatch(framed.body, /mqd_[A-Za-z0-9_-]{16}/, 'the client’s link is theirs alone');
    assert.doesNotMatch(shown.body, /mqd_[A-Za-z0-9_-]{16}/);
    const stranger = new BrowserSession(server.url, server.fetch);
    assert.notEqual((await stranger.request(`${path}/html`)).status, 200, 'signed-in admins only');
  });

  /** Sends a proposal of a new booking and returns the message the SMTP server received. */
  const sendProposal = async (name: string, api = admin) => {
    const { booking } = await pricedBooking(api, { name, events: 1, linesPerEvent: 1 });
    const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', booking) });
    const sent = await api(`/v2/documents/${made.body.data.id}/send`, { method: 'POST' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const sender = new MailSender({
      db: server.app.ctx.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('silent', new Writable({ write: (_c, _e, done) => done() })),
    });
    try {
      assert.equal(await sender.sendDue(), 1);
    } finally {
      await sender.stop();
    }
    return smtp.received.at(-1)!.parsed;
  };

  it('answers to the venue: the Reply-To of mail to a client is the venue’s From, else its admin', async () => {
    const first = await sendProposal('Osei anniversary');
    assert.equal(first.replyTo?.value[0]?.address, venue.user.email, 'no From of its own: its admin');
    await suite.db
      .updateTable('organizations')
      .set({ mail_from_name: 'Harbour Rooms events', mail_from_address: 'events@harbour-rooms.co.uk' })
      .where('id', '=', venue.orgId)
      .execute();
    const second = await sendProposal('Osei christening');
    assert.equal(second.replyTo?.text, '"Harbour Rooms events" <events@harbour-rooms.co.uk>');
    assert.ok(second.text && second.html, 'a text part and an HTML part');
  });

  it('writes the day its link works until in the organization’s locale: en-GB and en-US', async () => {
    const us = await makeVenue(suite.db);
    const usAdmin = apiFor(server, await clientCredentialsToken(server, us), us.orgId);
    await venueSettings(usAdmin, us.orgId, 'America/New_York');
    const localized = await usAdmin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', us.orgId, { locale: 'en-US' }),
    });
    assert.equal(localized.status, 200, JSON.stringify(localized.body));
    const was = server.clock.now();
    // Sent on Saturday 2 January 2027: its link works for 30 days, until Monday 1 February.
    server.clock.setTo(Date.parse('2027-01-02T15:00:00Z'));
    try {
      const british = await sendProposal('Boateng naming day');
      assert.match(british.text ?? '', /works until Monday 1 February 2027\./);
      assert.match(String(british.html), /works until Monday 1 February 2027\./);
      const american = await sendProposal('Boateng rehearsal dinner', usAdmin);
      assert.match(american.text ?? '', /works until Monday, February 1, 2027\./);
      assert.match(String(american.html), /works until Monday, February 1, 2027\./);
    } finally {
      server.clock.setTo(was);
    }
  });

  it('lays the client’s e-mail out within a 390 px phone', { skip: chromiumMissing() }, async () => {
    const mail = await sendProposal('Wedding of Alexandria Konstantinopoulou-Vanderbilt and Maximilian');
    const { width, wide } = await mailOnPhone(String(mail.html), `client-mail-390-${suite.database.dialect}`);
    assert.ok(width <= 390, `the e-mail is ${width} px wide on a 390 px phone`);
    assert.deepEqual(wide, [], 'no fixed width over 390 px');
  });
});
