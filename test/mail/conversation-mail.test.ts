/**
 * Writing to a client from a booking (SPEC §17, `POST /v2/messages`) against a real SMTP server
 * and a real IMAP server: the message goes to the booking's contact with a text and an HTML part
 * and the booking's conversation address as its Reply-To; it shows on the booking at once
 * (queued), then sent with the Message-ID it went with (message.sent), or failed (message.failed);
 * the client's answer — by its thread, or to the conversation address — files itself on the
 * booking; every bad field of a message is reported at once.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { MailboxReader } from '../../src/mail/inbound/mailbox-reader.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { startDovecot, type TestDovecot } from '../helpers/dovecot.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  contactDocument,
  created,
  pointers,
} from '../helpers/writes.js';

const VENUE = 'events@harbour.example';

interface MessageBody {
  data: {
    id: string;
    attributes: {
      state: string;
      message_id: string;
      direction: string;
      subject: string;
      to: unknown;
      cc: unknown;
    };
    relationships: { booking: { data: { id: string } | null } };
  };
}

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let dovecot: TestDovecot | undefined;
  let venue: Venue;
  let admin: Api;
  let bookingId: string;
  let sender: MailSender;
  let reader: MailboxReader;

  before(async () => {
    smtp = new TestSmtpServer();
    dovecot = await startDovecot();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_URL: await smtp.start(),
      MAIL_FROM: `Harbour Rooms <${VENUE}>`,
    });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, (await codeFlowTokens(server, venue)).tokens.access_token, venue.orgId);
    sender = new MailSender({
      db: server.app.ctx.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('warn'),
    });
    reader = new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger: createLogger('warn'),
      allowPrivateNetworks: true,
      sending: true,
    });
    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Hart & Reyes' }));
    const amelia = await created(
      admin,
      '/v2/contacts',
      contactDocument({ first_name: 'Amelia', last_name: 'Hart', email: 'amelia@client.example' }, account),
    );
    bookingId = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { name: 'Hart wedding', status: 'tentative' }, { contact: amelia }),
    );
    if (dovecot) {
      const current = await admin('/v2/organization');
      const saved = await admin('/v2/organization', {
        method: 'PATCH',
        body: changeDocument('organizations', venue.orgId, {
          mailbox: {
            host: dovecot.host,
            port: dovecot.port,
            tls: 'none',
            user: 'venue',
            password: 'imap-pass-7c21',
            address: VENUE,
          },
        }),
        headers: { 'if-match': String(current.headers.get('etag')) },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
    }
  });
  after(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.close();
    await dovecot?.stop();
  });

  const write = (attributes: Record<string, unknown>, booking: string = bookingId) =>
    admin<MessageBody>('/v2/messages', {
      method: 'POST',
      body: {
        data: {
          type: 'messages',
          attributes,
          relationships: { booking: { data: { type: 'bookings', id: booking } } },
        },
      },
    });

  it('reports every bad field of a message at once, and sends nothing', async () => {
    const refused = await write(
      { subject: ' ', text: '', to: ['not an address'], document_ids: ['doc_nope'] },
      'bk_nope',
    );
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(pointers(refused.body).sort(), [
      '/data/attributes/document_ids',
      '/data/attributes/subject',
      '/data/attributes/text',
      '/data/attributes/to',
      '/data/relationships/booking/data',
    ]);
    assert.equal(await sender.sendDue(), 0);
  });

  it('writes to the booking’s contact with the conversation address as Reply-To, and files the answers on the booking', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const posted = await write({
      subject: 'Your tasting',
      text: 'Dear Amelia,\n\nSaturday at 11 is booked for your tasting.\n\nHarbour Rooms',
    });
    assert.equal(posted.status, 201, JSON.stringify(posted.body));
    assert.equal(posted.body.data.attributes.state, 'queued');
    assert.equal(posted.body.data.attributes.direction, 'out');
    assert.deepEqual(posted.body.data.attributes.to, [
      { name: 'Amelia Hart', email: 'amelia@client.example' },
    ]);
    assert.equal(posted.body.data.relationships.booking.data?.id, bookingId);

    assert.equal(await sender.sendDue(), 1);
    const received = smtp.received.at(-1)!;
    assert.deepEqual(received.to, ['amelia@client.example']);
    const replyTo = received.parsed.replyTo?.value[0]?.address ?? '';
    assert.match(replyTo, /^events\+bk-\d+-[0-9a-f]{8}@harbour\.example$/);
    assert.match(received.parsed.text ?? '', /Saturday at 11 is booked/);
    assert.match(String(received.parsed.html), /Saturday at 11 is booked/);

    const sent = await admin<MessageBody>(`/v2/messages/${posted.body.data.id}`);
    assert.equal(sent.body.data.attributes.state, 'sent');
    assert.equal(`<${sent.body.data.attributes.message_id}>`, received.parsed.messageId);
    const told = await admin<{ data: unknown[] }>('/v2/changes?filter[type][eq]=message.sent');
    assert.equal(told.body.data.length, 1);

    // The client answers from her phone (another address) in the thread, then her partner writes
    // to the conversation address: both file themselves on the booking.
    await dovecot.append(
      [
        'From: Amelia <amelia.hart@phone.example>',
        `To: ${replyTo}`,
        'Subject: Re: Your tasting',
        `Message-ID: <answer-1@phone.example>`,
        `In-Reply-To: ${received.parsed.messageId}`,
        `References: ${received.parsed.messageId}`,
        'Date: Wed, 02 Dec 2026 09:00:00 +0000',
        '',
        'Perfect, see you then.',
        '',
      ].join('\r\n'),
    );
    await dovecot.append(
      [
        'From: Daniel Reyes <daniel@elsewhere.example>',
        `To: ${replyTo}`,
        'Subject: Dietary needs',
        'Message-ID: <dietary@elsewhere.example>',
        'Date: Wed, 02 Dec 2026 10:00:00 +0000',
        '',
        'Two vegetarians.',
        '',
      ].join('\r\n'),
    );
    assert.equal((await reader.readOne(venue.orgId)).filed, 2);
    const conversation = await admin<{ data: MessageBody['data'][] }>(
      `/v2/messages?filter[booking_id][eq]=${bookingId}&sort=created_at`,
    );
    assert.deepEqual(
      conversation.body.data.map((m) => [m.attributes.direction, m.attributes.subject]),
      [
        ['out', 'Your tasting'],
        ['in', 'Re: Your tasting'],
        ['in', 'Dietary needs'],
      ],
    );
  });

  it('marks a message the SMTP server refuses for good as failed, told as message.failed', async () => {
    smtp.refusals = [550];
    const posted = await write({
      subject: 'Menu',
      text: 'The menu is attached.',
      to: ['gone@client.example'],
    });
    assert.equal(posted.status, 201, JSON.stringify(posted.body));
    assert.equal(await sender.sendDue(), 1);
    const failed = await admin<MessageBody>(`/v2/messages/${posted.body.data.id}`);
    assert.equal(failed.body.data.attributes.state, 'failed');
    const told = await admin<{ data: unknown[] }>('/v2/changes?filter[type][eq]=message.failed');
    assert.equal(told.body.data.length, 1);
  });

  it('sends a message to several people once, with each in its To or Cc header', async () => {
    const before = smtp.received.length;
    const posted = await write({
      subject: 'Menu choices',
      text: 'Dear Amelia,\n\nThe menus are attached to this thread.\n\nHarbour Rooms',
      to: [{ name: 'Amelia Hart', email: 'amelia@client.example' }, 'bo@client.example'],
      cc: [{ name: 'Daniel Reyes', email: 'daniel@elsewhere.example' }, 'planner@studio.example'],
    });
    assert.equal(posted.status, 201, JSON.stringify(posted.body));
    assert.deepEqual(posted.body.data.attributes.cc, [
      { name: 'Daniel Reyes', email: 'daniel@elsewhere.example' },
      { name: '', email: 'planner@studio.example' },
    ]);
    assert.deepEqual(posted.body.data.attributes.to, [
      { name: 'Amelia Hart', email: 'amelia@client.example' },
      { name: '', email: 'bo@client.example' },
    ]);
    assert.equal(await sender.sendDue(), 1, 'one mail, whatever the recipients');
    assert.equal(smtp.received.length, before + 1);
    const received = smtp.received.at(-1)!;
    assert.deepEqual(received.to.sort(), [
      'amelia@client.example',
      'bo@client.example',
      'daniel@elsewhere.example',
      'planner@studio.example',
    ]);
    assert.deepEqual(
      received.parsed.to && !Array.isArray(received.parsed.to)
        ? received.parsed.to.value.map((a) => [a.name, a.address])
        : [],
      [
        ['Amelia Hart', 'amelia@client.example'],
        ['', 'bo@client.example'],
      ],
    );
    const cc = received.parsed.cc && !Array.isArray(received.parsed.cc) ? received.parsed.cc.value : [];
    assert.deepEqual(
      cc.map((a) => [a.name, a.address]),
      [
        ['Daniel Reyes', 'daniel@elsewhere.example'],
        ['', 'planner@studio.example'],
      ],
    );
    const sent = await admin<MessageBody>(`/v2/messages/${posted.body.data.id}`);
    assert.equal(sent.body.data.attributes.state, 'sent');
    assert.equal(`<${sent.body.data.attributes.message_id}>`, received.parsed.messageId);
  });
});
