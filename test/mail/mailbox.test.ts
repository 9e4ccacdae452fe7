/**
 * The venue's mailbox (SPEC §17) against a real IMAP server (Dovecot, test/helpers/dovecot.ts),
 * with mail put there by IMAP APPEND as a mail program files it: admins set the mailbox through
 * `PATCH /v2/organization` (every bad setting at once; the password never shown again, kept
 * sealed, never in a change or the log); each message is filed once per Message-ID, on the
 * booking its thread, its plus-tagged conversation address or its only open booking names, else
 * in the Inbox, where a PATCH files or dismisses it; the venue's own sent mail files as outgoing;
 * inbound HTML is sanitised and attachments are typed by their bytes and served as downloads;
 * three refused logins pause the mailbox and tell its admins.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONVERSATION_KEY, conversationAddress } from '../../src/crm/messages/index.js';
import { checkMailbox } from '../../src/mail/inbound/mailbox-settings.js';
import { MailboxReader } from '../../src/mail/inbound/mailbox-reader.js';
import { mailboxReadHandler } from '../../src/mail/inbound/mailbox-jobs.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { appSecret } from '../../src/db/app-secrets.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { startDovecot, type TestDovecot } from '../helpers/dovecot.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
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

interface RawMail {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  inReplyTo?: string;
  references?: string;
  text?: string;
  html?: string;
  attachments?: Array<{ name: string; type: string; bytes: Buffer }>;
  date?: string;
}

/** An RFC 5322 message as a mail program writes it (multipart when it has HTML or attachments). */
function raw(mail: RawMail): string {
  const head = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${mail.date ?? 'Tue, 01 Dec 2026 10:00:00 +0000'}`,
    `Message-ID: <${mail.messageId}>`,
    ...(mail.inReplyTo ? [`In-Reply-To: <${mail.inReplyTo}>`] : []),
    ...(mail.references ? [`References: ${mail.references}`] : []),
    'MIME-Version: 1.0',
  ];
  const parts: string[] = [];
  parts.push(`Content-Type: text/plain; charset=utf-8\r\n\r\n${mail.text ?? ''}`);
  if (mail.html) parts.push(`Content-Type: text/html; charset=utf-8\r\n\r\n${mail.html}`);
  for (const a of mail.attachments ?? []) {
    parts.push(
      `Content-Type: ${a.type}; name="${a.name}"\r\nContent-Disposition: attachment; filename="${a.name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${a.bytes.toString('base64')}`,
    );
  }
  if (parts.length === 1) return `${head.join('\r\n')}\r\n${parts[0]}\r\n`;
  const boundary = 'b-0a1b2c3d';
  return `${head.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${parts
    .map((p) => `--${boundary}\r\n${p}\r\n`)
    .join('')}--${boundary}--\r\n`;
}

/** Waits, a tenth of a second at a time and at most 30 s, until `holds` does. */
async function until(holds: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (await holds()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${what}: not within 30 s`);
}

interface MessageBody {
  id: string;
  attributes: {
    direction: string;
    from: { name: string; email: string };
    subject: string;
    text: string;
    html: string | null;
    state: string;
    message_id: string;
    dismissed: boolean;
    attachments: Array<{ name: string; content_type: string; size: number; url: string }>;
  };
  relationships: { booking: { data: { id: string } | null }; contact: { data: { id: string } | null } };
}

describe('the mailbox settings', () => {
  it('report every bad setting at once, and refuse reading without TLS unless private networks are allowed', () => {
    const { problems } = checkMailbox(
      { host: 'not a host', port: 0, tls: 'none', user: 'x' },
      undefined,
      false,
    );
    assert.deepEqual(problems.map((p) => p.field).sort(), [
      'mailbox/address',
      'mailbox/host',
      'mailbox/password',
      'mailbox/port',
      'mailbox/tls',
    ]);
    const fine = checkMailbox(
      { host: 'imap.harbour.example', user: VENUE, password: 'app-pass' },
      undefined,
      false,
    );
    assert.deepEqual(fine.problems, []);
    assert.equal(fine.value.port, 993);
    assert.equal(fine.value.tls, 'implicit');
    assert.equal(fine.value.address, VENUE);
    assert.deepEqual(fine.value.folders, ['INBOX']);
    assert.equal(fine.value.plus_addressing, true);
  });
});

eachDatabase((suite) => {
  let server: TestServer;
  let dovecot: TestDovecot | undefined;
  let venue: Venue;
  let admin: Api;
  let reader: MailboxReader;
  let bookingId: string;
  let otherBookingId: string;
  const PASSWORD = 'imap-pass-7c21';

  before(async () => {
    dovecot = await startDovecot();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'debug',
    });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, (await codeFlowTokens(server, venue)).tokens.access_token, venue.orgId);
    reader = new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger: server.app.log as never,
      allowPrivateNetworks: true,
      sending: false,
    });
    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Hart & Reyes' }));
    const jane = await created(
      admin,
      '/v2/contacts',
      contactDocument({ first_name: 'Amelia', last_name: 'Hart', email: 'Amelia@Client.example' }, account),
    );
    bookingId = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { name: 'Hart wedding', status: 'tentative' }, { contact: jane }),
    );
    // A planner with two open bookings: her mail names neither by itself.
    const planner = await created(
      admin,
      '/v2/contacts',
      contactDocument({ first_name: 'Pat', last_name: 'Planner', email: 'pat@planners.example' }, account),
    );
    otherBookingId = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { name: 'Planner gala', status: 'lead' }, { contact: planner }),
    );
    await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { name: 'Planner lunch', status: 'lead' }, { contact: planner }),
    );
  });
  after(async () => {
    await server?.close();
    await dovecot?.stop();
  });

  const organization = () =>
    admin<{ data: { attributes: { mailbox: Record<string, unknown> | null } } }>('/v2/organization');
  const setMailbox = async (mailbox: Record<string, unknown> | null) => {
    const current = await organization();
    return admin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { mailbox }),
      headers: { 'if-match': String(current.headers.get('etag')) },
    });
  };
  const messages = (query: string) => admin<{ data: MessageBody[] }>(`/v2/messages?${query}&page[size]=100`);
  const bySubject = async (subject: string) => {
    const all = await messages('sort=created_at');
    const found = all.body.data.find((m) => m.attributes.subject === subject);
    assert.ok(
      found,
      `no message "${subject}" in ${JSON.stringify(all.body.data.map((m) => m.attributes.subject))}`,
    );
    return found;
  };

  it('takes the mailbox from an admin, every bad setting in one 422, and never shows its password again', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const bad = await setMailbox({ host: '', port: 70000, tls: 'carrier pigeon' });
    assert.equal(bad.status, 422, JSON.stringify(bad.body));
    assert.deepEqual(pointers(bad.body).sort(), [
      '/data/attributes/mailbox/address',
      '/data/attributes/mailbox/host',
      '/data/attributes/mailbox/password',
      '/data/attributes/mailbox/port',
      '/data/attributes/mailbox/tls',
      '/data/attributes/mailbox/user',
    ]);
    const saved = await setMailbox({
      host: dovecot.host,
      port: dovecot.port,
      tls: 'none',
      user: 'venue',
      password: PASSWORD,
      folders: ['INBOX', 'Sent'],
      address: VENUE,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const shown = (await organization()).body.data.attributes.mailbox;
    assert.deepEqual(shown, {
      host: dovecot.host,
      port: dovecot.port,
      tls: 'none',
      user: 'venue',
      password_set: true,
      folders: ['INBOX', 'Sent'],
      address: VENUE,
      plus_addressing: true,
      state: 'connected',
      last_error: null,
    });
    const row = await suite.db.selectFrom('mailboxes').selectAll().executeTakeFirstOrThrow();
    assert.ok(!row.password_sealed.includes(PASSWORD));
    const changes = await admin('/v2/changes?filter[type][eq]=organization.updated&page[size]=100');
    assert.ok(!JSON.stringify(changes.body).includes(PASSWORD));
  });

  it('files a client’s mail on her only open booking, a reply by its thread, and a plus-tagged one by its address', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    await dovecot.append(
      raw({
        from: 'Amelia Hart <amelia@client.example>',
        to: VENUE,
        subject: 'Menu tasting',
        messageId: 'tasting-1@client.example',
        text: 'Could we taste the menu on a Saturday?',
      }),
    );
    await dovecot.append(
      raw({
        from: 'Daniel Reyes <daniel@elsewhere.example>',
        to: VENUE,
        subject: 'Re: Menu tasting',
        messageId: 'tasting-2@elsewhere.example',
        inReplyTo: 'tasting-1@client.example',
        references: '<tasting-1@client.example>',
        text: 'Saturday works for me too.',
      }),
    );
    const secret = await appSecret(server.app.ctx.db, CONVERSATION_KEY, server.clock.now());
    const planners = await admin<{ data: { attributes: { reference: string } } }>(
      `/v2/bookings/${otherBookingId}`,
    );
    const tagged = conversationAddress(secret, venue.orgId, VENUE, planners.body.data.attributes.reference);
    assert.match(tagged, /^events\+bk-\d+-[0-9a-f]{8}@harbour\.example$/);
    await dovecot.append(
      raw({
        from: 'pat@planners.example',
        to: tagged,
        subject: 'Gala numbers',
        messageId: 'gala@planners.example',
        text: '180 guests.',
      }),
    );
    await dovecot.append(
      raw({
        from: 'pat@planners.example',
        to: tagged.replace(/-[0-9a-f]{8}@/, '-00000000@'),
        subject: 'Forged tag',
        messageId: 'forged@planners.example',
        text: 'Which booking?',
      }),
    );
    const outcome = await reader.readOne(venue.orgId);
    assert.deepEqual(outcome, { filed: 4, seen: 4 });

    const first = await bySubject('Menu tasting');
    assert.equal(first.relationships.booking.data?.id, bookingId);
    assert.equal(first.attributes.direction, 'in');
    assert.equal(first.attributes.state, 'received');
    assert.equal(first.attributes.text.trim(), 'Could we taste the menu on a Saturday?');
    assert.ok(first.relationships.contact.data, 'the contact is matched whatever the case of her address');
    assert.equal((await bySubject('Re: Menu tasting')).relationships.booking.data?.id, bookingId);
    assert.equal((await bySubject('Gala numbers')).relationships.booking.data?.id, otherBookingId);
    assert.equal((await bySubject('Forged tag')).relationships.booking.data, null);

    const onBooking = await messages(`filter[booking_id][eq]=${bookingId}`);
    assert.deepEqual(
      onBooking.body.data.map((m) => m.attributes.subject),
      ['Menu tasting', 'Re: Menu tasting'],
    );
    const inbox = await messages('filter[booking_id][eq]=none');
    assert.deepEqual(
      inbox.body.data.map((m) => m.attributes.subject),
      ['Forged tag'],
    );
    const received = await admin<{ data: unknown[] }>(
      '/v2/changes?filter[type][eq]=message.received&page[size]=100',
    );
    assert.equal(received.body.data.length, 4);
  });

  it('files each message once, whatever reads it again: the same folder, another folder, two readers at once', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    assert.deepEqual(await reader.readOne(venue.orgId), { filed: 0, seen: 0 });
    // The client's message copied into Sent, and the folders read from their start by two readers.
    await dovecot.append(
      raw({
        from: 'amelia@client.example',
        to: VENUE,
        subject: 'Menu tasting',
        messageId: 'tasting-1@client.example',
        text: 'x',
      }),
      'Sent',
    );
    await suite.db.deleteFrom('mailbox_folders').execute();
    const second = new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger: server.app.log as never,
      allowPrivateNetworks: true,
      sending: false,
    });
    const outcomes = await Promise.all([reader.readOne(venue.orgId), second.readOne(venue.orgId)]);
    assert.deepEqual(
      outcomes.map((o) => o.filed),
      [0, 0],
    );
    const count = await suite.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 4);
  });

  it('files the venue’s own sent mail as outgoing, on the client’s booking', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    await dovecot.append(
      raw({
        from: `Harbour Rooms <${VENUE}>`,
        to: 'Amelia Hart <amelia@client.example>',
        subject: 'Your tasting',
        messageId: 'sent-1@harbour.example',
        text: 'Saturday at 11 it is.',
      }),
      'Sent',
    );
    assert.equal((await reader.readOne(venue.orgId)).filed, 1);
    const sent = await bySubject('Your tasting');
    assert.equal(sent.attributes.direction, 'out');
    assert.equal(sent.attributes.state, 'sent');
    assert.equal(sent.relationships.booking.data?.id, bookingId);
  });

  it('keeps HTML without scripts, handlers, javascript: links or remote references, and attachments typed by their bytes as downloads', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 1)]);
    await dovecot.append(
      raw({
        from: 'amelia@client.example',
        to: VENUE,
        subject: 'Floor plan',
        messageId: 'plan@client.example',
        text: 'Our floor plan is attached.',
        html: '<p onclick="steal()">Our <b>floor plan</b> <a href="javascript:alert(1)">here</a> <a href="https://client.example/plan">online</a></p><img src="https://tracker.example/open.gif"><script>alert(1)</script><div style="background:url(https://tracker.example/bg)">x</div><img srcset="https://tracker.example/a.png 1x">',
        attachments: [
          { name: 'plan.pdf', type: 'application/pdf', bytes: pdf },
          { name: 'seating.pdf', type: 'application/pdf', bytes: program },
        ],
      }),
    );
    assert.equal((await reader.readOne(venue.orgId)).filed, 1);
    const message = await bySubject('Floor plan');
    const html = message.attributes.html ?? '';
    for (const forbidden of [
      '<script',
      'onclick',
      'javascript:',
      'tracker.example',
      'url(',
      'srcset',
      '<img',
    ])
      assert.ok(!html.includes(forbidden), `${forbidden} in ${html}`);
    assert.match(html, /<b>floor plan<\/b>/);
    assert.match(html, /href="https:\/\/client\.example\/plan"/);
    assert.deepEqual(
      message.attributes.attachments.map((a) => [a.name, a.content_type, a.size]),
      [
        ['plan.pdf', 'application/pdf', pdf.length],
        ['seating.pdf', 'application/octet-stream', program.length],
      ],
    );
    const download = await server.fetch(new URL(message.attributes.attachments[1]!.url).pathname, {
      headers: {
        authorization: `Bearer ${(await codeFlowTokens(server, venue)).tokens.access_token}`,
        'x-api-org': venue.orgId,
      },
    });
    assert.equal(download.status, 200, await download.clone().text());
    assert.equal(download.headers.get('content-type'), 'application/octet-stream');
    assert.match(String(download.headers.get('content-disposition')), /^attachment; filename="seating.pdf"/);
    assert.equal(download.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), program);
  });

  it('lets a member file an Inbox message on a booking, or dismiss it, told as message.updated', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const forged = await bySubject('Forged tag');
    const current = await admin(`/v2/messages/${forged.id}`);
    const filed = await admin<{ data: MessageBody }>(`/v2/messages/${forged.id}`, {
      method: 'PATCH',
      body: changeDocument(
        'messages',
        forged.id,
        {},
        { booking: { data: { type: 'bookings', id: otherBookingId } } },
      ),
      headers: { 'if-match': String(current.headers.get('etag')) },
    });
    assert.equal(filed.status, 200, JSON.stringify(filed.body));
    assert.equal(filed.body.data.relationships.booking.data?.id, otherBookingId);
    const stale = await admin(`/v2/messages/${forged.id}`, {
      method: 'PATCH',
      body: changeDocument('messages', forged.id, { dismissed: true }),
      headers: { 'if-match': String(current.headers.get('etag')) },
    });
    assert.equal(stale.status, 412);
    const unknown = await admin(`/v2/messages/${forged.id}`, {
      method: 'PATCH',
      body: changeDocument(
        'messages',
        forged.id,
        {},
        { booking: { data: { type: 'bookings', id: 'nope' } } },
      ),
    });
    assert.equal(unknown.status, 422);
    assert.deepEqual(pointers(unknown.body), ['/data/relationships/booking/data']);
    const dismissed = await admin<{ data: MessageBody }>(`/v2/messages/${forged.id}`, {
      method: 'PATCH',
      body: changeDocument('messages', forged.id, { dismissed: true }),
    });
    assert.equal(dismissed.body.data.attributes.dismissed, true);
    const updates = await admin<{
      data: Array<{ attributes: { data: { previous_attributes: Record<string, unknown> } } }>;
    }>('/v2/changes?filter[type][eq]=message.updated&page[size]=100');
    assert.deepEqual(
      updates.body.data.map((c) => Object.keys(c.attributes.data.previous_attributes)).sort(),
      [['booking'], ['dismissed']],
    );
    assert.equal((await messages('filter[booking_id][eq]=none')).body.data.length, 0);
  });

  it('pauses the mailbox after three refused logins, in the server’s words, tells its admins, and reads again once saved', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    assert.equal((await setMailbox({ password: 'not-the-password' })).status, 200);
    const states: Array<[unknown, unknown]> = [];
    for (let i = 0; i < 3; i += 1) {
      const outcome = await reader.readOne(venue.orgId);
      assert.ok(outcome.error);
      const shown = (await organization()).body.data.attributes.mailbox!;
      states.push([shown.state, shown.last_error]);
    }
    assert.deepEqual(
      states.map(([state]) => state),
      ['failing', 'failing', 'paused'],
    );
    assert.match(String(states[2]![1]), /authentication failed/i);
    const told = await suite.db
      .selectFrom('outgoing_mail')
      .select(['to_address', 'subject'])
      .where('organization_id', '=', venue.orgId)
      .where('kind', '=', 'mailbox')
      .execute();
    assert.deepEqual(
      told.map((m) => m.to_address),
      [venue.user.email],
    );
    // Paused: no round reads it, so the server sees no more logins.
    assert.deepEqual(await reader.readOne(venue.orgId), { filed: 0, seen: 0 });
    assert.equal((await setMailbox({ password: PASSWORD })).status, 200);
    const again = await reader.readOne(venue.orgId);
    assert.equal(again.error, undefined);
    assert.equal((await organization()).body.data.attributes.mailbox!.state, 'connected');
    for (const line of server.logs) {
      assert.ok(!line.includes(PASSWORD) && !line.includes('not-the-password'), line);
    }
  });

  it('files new mail within seconds while the mailbox is watched (IDLE), without waiting for the minute’s round', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const watching = new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger: server.app.log as never,
      allowPrivateNetworks: true,
      sending: false,
    });
    // The process's job runner takes the read IDLE's word queues (there is no minute's round here).
    const runner = new JobRunner({
      writer: server.app.ctx.writer,
      logger: server.app.log as never,
      handlers: [mailboxReadHandler(watching)],
      retrySchedule: [],
    });
    runner.start();
    watching.start();
    try {
      await until(() => watching.watching === 1, 'the mailbox is watched');
      await dovecot.append(
        raw({
          from: 'amelia@client.example',
          to: VENUE,
          subject: 'One more question',
          messageId: 'question@client.example',
          text: 'Is there parking?',
        }),
      );
      await until(async () => {
        const all = await messages('filter[direction][eq]=in');
        return all.body.data.some((m) => m.attributes.subject === 'One more question');
      }, 'the new message is filed');
      assert.equal((await bySubject('One more question')).relationships.booking.data?.id, bookingId);
    } finally {
      await watching.stop();
      await runner.stop();
    }
    assert.equal(watching.watching, 0);
  });

  it('never connects to a mailbox on a private network unless private networks are allowed', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const strict = new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger: server.app.log as never,
      allowPrivateNetworks: false,
      sending: false,
    });
    const outcome = await strict.readOne(venue.orgId);
    assert.deepEqual(outcome, {
      filed: 0,
      seen: 0,
      error: '127.0.0.1 resolves to 127.0.0.1, which is not a public address.',
    });
    assert.equal((await organization()).body.data.attributes.mailbox!.state, 'failing');
  });
});
