/**
 * A booking's Conversation on its page (SPEC §17): every message with the client in and out,
 * newest last, each with who wrote it, to whom, when in the venue's zone and locale, its subject
 * and its text — quoted history and the signature folded under "Show quoted text" — its
 * attachments as downloads served as the API serves them (attachment, the type the bytes show,
 * nosniff), the delivery of the venue's own in words (queued, sent, failed) and an Unread mark on
 * the client's not yet read; the HTML a client sent is never drawn. Opening the page reads
 * nothing; Mark read (a post with the CSRF token) reads them: read_at is set, no change is told
 * and the API's message stays as it was.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sendMessage } from '../../src/crm/messages/index.js';
import { createLogger } from '../../src/http/logger.js';
import { MailSender } from '../../src/mail/sender.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { bookingWithClient, clientWrites, VENUE_MAILBOX } from '../helpers/conversation-data.js';
import { eachDatabase } from '../helpers/databases.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

/** Tuesday 20 April 2027, 11:00 in London. */
const NOW = Date.parse('2027-04-20T10:00:00Z');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(40, 1)]);
const PROGRAM = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(60, 0x90)]);

const conversationOf = (body: string) =>
  /<section aria-labelledby="conversation-title"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';
const messageItem = (body: string, id: string) =>
  new RegExp(
    `<li class="message[^"]*" id="message-${id}">[\\s\\S]*?</li>\\s*(?=<li class="message|</ol>)`,
  ).exec(body)?.[0] ?? '';
const words = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let sender: MailSender;
  let venue: WorkspaceVenue;

  before(async () => {
    smtp = new TestSmtpServer();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: await smtp.start(),
      MAIL_FROM: `Harbour Rooms <${VENUE_MAILBOX}>`,
    });
    server.clock.setTo(NOW);
    venue = await makeWorkspaceVenue(suite.db, 'Harbour Rooms');
    sender = new MailSender({
      db: server.app.ctx.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('warn'),
    });
  });
  after(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.close();
  });

  const writeToClient = (bookingId: string, subject: string, text: string) =>
    write(server.app.ctx.writer, venue.actor, sendMessage, {
      bookingId,
      subject,
      text,
      sending: true,
      mailPerHour: 500,
    });

  it('shows every message in and out, newest last, with its people, time, state and attachments, and folds what was quoted', async () => {
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock);
    const first = await clientWrites(server.app.ctx.writer, venue.orgId, {
      messageId: 'first@client.example',
      subject: 'Our wedding',
      sentAt: '2027-04-19T08:30:00.000Z',
      text: 'We would love the terrace.\n\n-- \nAmelia Hart\n+44 7700 900123\n',
      html: '<p>We would love the terrace.</p><script>alert("owned")</script><img src="https://tracker.example/p.gif">',
      attachments: [
        { name: 'floor-plan.png', contentType: 'image/png', content: PNG },
        { name: 'menu.pdf', contentType: 'application/pdf', content: PROGRAM },
      ],
    });
    const sent = await writeToClient(
      bookingId,
      'Your terrace',
      'Dear Amelia,\n\nThe terrace is held for you.',
    );
    assert.equal(await sender.sendDue(), 1);
    server.clock.advance(5 * 60_000);
    smtp.refusals = [550];
    const failed = await writeToClient(bookingId, 'Your menu', 'Dear Amelia,\n\nFish or lamb?');
    assert.equal(await sender.sendDue(), 1);
    const answer = await clientWrites(server.app.ctx.writer, venue.orgId, {
      messageId: 'answer@client.example',
      subject: 'Re: Your terrace',
      sentAt: '2027-04-20T11:00:00.000Z',
      text: 'Perfect, thank you.\n\nOn Tue, 20 Apr 2027 at 11:00, Harbour Rooms <events@harbour.example> wrote:\n> The terrace is held for you.\n',
    });
    server.clock.setTo(Date.parse('2027-04-20T12:00:00Z'));
    const queued = await write(server.app.ctx.writer, venue.actor, sendMessage, {
      bookingId,
      subject: 'Your tasting',
      text: 'Saturday at 11?',
      sending: false,
      mailPerHour: 500,
    });
    const ids = [first!.id, sent.id, failed.id, answer!.id, queued.id];
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = await session.request(`/orgs/${venue.orgId}/bookings/${bookingId}`);
    assert.equal(page.status, 200, page.body);
    const section = conversationOf(page.body);
    const order = ids.map((id) => section.indexOf(`id="message-${id}"`));
    assert.ok(
      order.every((at, i) => at > -1 && (i === 0 || at > order[i - 1]!)),
      `newest last: ${order}`,
    );

    const client = words(messageItem(section, first!.id));
    for (const said of [
      'Received',
      'Unread',
      'Our wedding',
      'From Amelia Hart <amelia@client.example>',
      `To Harbour Rooms <${VENUE_MAILBOX}>`,
      'Sent Mon 19 Apr 2027, 09:30',
      'We would love the terrace.',
      'Show quoted text -- Amelia Hart +44 7700 900123',
      'floor-plan.png',
      'menu.pdf',
    ])
      assert.ok(client.includes(said), `the client's message says "${said}": ${client}`);
    assert.match(
      messageItem(section, first!.id),
      /<details class="quoted"><summary>Show quoted text<\/summary>/,
    );
    assert.doesNotMatch(page.body, /owned|tracker\.example/, 'the client’s HTML is not drawn');
    assert.match(
      words(messageItem(section, sent.id)),
      /^Sent Your terrace From Harbour Rooms.* To Amelia Hart <amelia@client\.example> Sent Tue 20 Apr 2027, 11:00 Dear Amelia, The terrace is held for you\.$/,
    );
    assert.match(words(messageItem(section, failed.id)), /^Failed It could not be sent: .*Your menu/);
    assert.match(
      words(messageItem(section, queued.id)),
      /^Queued Waiting to be sent\. Your tasting .* Written Tue 20 Apr 2027, 13:00/,
    );
    const reply = messageItem(section, answer!.id);
    assert.match(
      words(reply),
      /Unread Re: Your terrace .* Perfect, thank you\. Show quoted text On Tue, 20 Apr 2027/,
    );
    assert.ok(!words(messageItem(section, sent.id)).includes('Unread'), 'the venue’s own are never unread');
    assert.match(
      section,
      /<h2 id="conversation-title">Conversation <span class="badge unread">2 unread<\/span><\/h2>/,
    );

    // The attachments, downloaded from the page: the type their bytes show, never sniffed.
    const links = [...messageItem(section, first!.id).matchAll(/<a href="([^"]+)" download>/g)].map(
      (m) => m[1]!,
    );
    assert.deepEqual(
      links,
      [1, 2].map((n) => `/orgs/${venue.orgId}/messages/${first!.id}/attachments/${n}`),
    );
    const png = await session.request(links[0]!);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    assert.match(String(png.headers.get('content-disposition')), /^attachment; filename="floor-plan\.png"/);
    assert.equal(png.headers.get('x-content-type-options'), 'nosniff');
    const program = await session.request(links[1]!);
    assert.equal(program.headers.get('content-type'), 'application/octet-stream');
    assert.match(String(program.headers.get('content-disposition')), /^attachment; filename="menu\.pdf"/);
    assert.equal(
      (await session.request(`/orgs/${venue.orgId}/messages/${first!.id}/attachments/3`)).status,
      404,
    );
  });

  it('marks the client’s messages read only by Mark read’s post with the CSRF token, telling no change', async () => {
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock, {
      name: 'Reyes dinner',
      email: 'daniel@client.example',
    });
    const message = await clientWrites(server.app.ctx.writer, venue.orgId, {
      messageId: 'unread@client.example',
      from: { name: 'Daniel Reyes', email: 'daniel@client.example' },
      text: 'Can we bring a cake?',
    });
    const stored = () =>
      suite.db
        .selectFrom('messages')
        .select(['read_at', 'updated_at'])
        .where('id', '=', message!.id)
        .executeTakeFirstOrThrow();
    const changes = () =>
      suite.db.selectFrom('changes').select('id').where('organization_id', '=', venue.orgId).execute();
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const [unread, told] = [await stored(), (await changes()).length];
    assert.equal(unread.read_at, null);
    const path = `/orgs/${venue.orgId}/bookings/${bookingId}`;
    const read = `${path}/messages/read`;

    // Opening the page, again and again, or a GET another site's <img> makes, reads nothing.
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await session.request(path);
      assert.match(words(conversationOf(page.body)), /^Conversation 1 unread Mark read .*Unread/);
      assert.match(
        conversationOf(page.body),
        new RegExp(
          `<form method="post" action="${read}" class="mark-read"><input type="hidden" name="_csrf" value="[^"]+"`,
        ),
      );
    }
    assert.equal((await session.request(read)).status, 404, 'no GET marks read');
    assert.equal((await stored()).read_at, null, 'a GET changes nothing');
    assert.match((await session.request(`/orgs/${venue.orgId}/bookings?from=all`)).body, /1 unread/);

    // Without the form's token (a post another site makes): refused, nothing read.
    assert.equal((await session.request(read, { form: { note: 'no token' } })).status, 403);
    assert.equal((await session.request(read, { form: { _csrf: 'forged' } })).status, 403);
    assert.equal((await stored()).read_at, null);

    const opened = server.clock.now();
    const marked = await session.request(read, { form: { _csrf: csrf } });
    assert.equal(marked.status, 303);
    assert.equal(marked.location, `${server.url}${path}?notice=messages-read#conversation-title`);
    const now = await stored();
    const readAt = Date.parse(String(now.read_at));
    assert.ok(readAt >= opened && readAt <= server.clock.now(), `read when marked: ${now.read_at}`);
    assert.equal(now.updated_at, unread.updated_at, 'the API’s message is as it was');
    assert.equal((await changes()).length, told, 'no change is told');
    const after = await session.request(marked.location!);
    assert.match(after.body, /The client’s messages are marked read\./);
    assert.doesNotMatch(words(conversationOf(after.body)), /Unread|unread|Mark read/);
    assert.doesNotMatch((await session.request(`/orgs/${venue.orgId}/bookings?from=all`)).body, /1 unread/);
  });

  it('shows the newest 50 messages, with a link to earlier ones that works without a script, and cuts a huge text', async () => {
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock, {
      name: 'Lee party',
      email: 'sam@client.example',
    });
    const ids: string[] = [];
    for (let n = 0; n < 53; n += 1) {
      const filed = await clientWrites(server.app.ctx.writer, venue.orgId, {
        messageId: `page-${n}@client.example`,
        from: { name: 'Sam Lee', email: 'sam@client.example' },
        subject: `Question ${n}`,
        // Sent a minute apart, the order of the writes reversed: the page orders by when they were sent.
        sentAt: new Date(Date.parse('2027-04-01T08:00:00Z') + (53 - n) * 60_000).toISOString(),
        text: n === 0 ? 'x'.repeat(30_000) : `Text ${n}`,
      });
      ids.unshift(filed!.id);
    }
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const path = `/orgs/${venue.orgId}/bookings/${bookingId}`;
    const shownIds = (body: string) =>
      [...conversationOf(body).matchAll(/<li class="message[^"]*" id="message-([^"]+)">/g)].map((m) => m[1]);

    const newest = await session.request(path);
    assert.equal(newest.status, 200);
    assert.deepEqual(shownIds(newest.body), ids.slice(3), 'the newest 50, newest last');
    const earlier = /<p class="earlier"><a href="([^"]+)">Show earlier messages<\/a><\/p>/.exec(
      conversationOf(newest.body),
    )?.[1];
    assert.equal(earlier, `${path}?before=${ids[3]}#conversation-title`);
    assert.doesNotMatch(newest.body, /Show the latest messages/);
    const huge = messageItem(conversationOf(newest.body), ids[52]!);
    assert.ok(huge.includes('x'.repeat(20_000)) && !huge.includes('x'.repeat(20_001)), 'the text is cut');
    assert.match(huge, /Only the first 20,000 characters are shown\./);

    const older = await session.request(earlier!.replace('#conversation-title', ''));
    assert.equal(older.status, 200);
    assert.deepEqual(shownIds(older.body), ids.slice(0, 3));
    assert.doesNotMatch(older.body, /Show earlier messages/);
    assert.match(
      conversationOf(older.body),
      new RegExp(`<a href="${path}#conversation-title">Show the latest messages</a>`),
    );
    // A cursor that is no message of this booking reads as none: the newest page.
    assert.deepEqual(shownIds((await session.request(`${path}?before=nosuchmessage`)).body), ids.slice(3));
    assert.equal((await session.request(`${path}?before=${encodeURIComponent('a b')}`)).status, 400);
  });
});
