/**
 * Write to client on a booking's page (SPEC §17): To is the booking's contact's address at first;
 * an e-mail template of the organization fills the subject and the text written for this booking
 * without sending; Preview shows the message as it will go (to, subject, text, the names of the
 * documents attached) without sending; every bad field is refused at once (422) with what was
 * typed kept; Send queues it with the booking's sent documents attached, answers with a redirect
 * to the page where it shows queued, then sent: one mail to each address, with a text and an HTML
 * part. A draft waiting on the booking fills the text, and is used up when sent.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { draftReply } from '../../src/crm/messages/index.js';
import { createLogger } from '../../src/http/logger.js';
import { staffActor } from '../../src/policy/actor.js';
import { MailSender } from '../../src/mail/sender.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { bookingWithClient, VENUE_MAILBOX } from '../helpers/conversation-data.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody } from '../helpers/document-fixtures.js';
import { makeIntegration } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import {
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { type Api, apiFor } from '../helpers/writes.js';

const NOW = Date.parse('2027-04-20T10:00:00Z');

const textarea = (body: string, name: string) =>
  (new RegExp(`<textarea id="field-${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(body)?.[1] ?? '')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const words = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
/** The value of a form field drawn by inputField (the page's status forms have hidden fields named `to` too). */
const fieldValue = (body: string, name: string) =>
  new RegExp(`<input id="field-${name}"[^>]*value="([^"]*)"`)
    .exec(body)?.[1]
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The words of the conversation's newest message. */
const newest = (body: string) => words(body.split('<li class="message ').at(-1)?.split('</ol>')[0] ?? '');
const previewOf = (body: string) =>
  /<section class="message-preview"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let sender: MailSender;
  let venue: WorkspaceVenue;
  let api: Api;

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
    const app = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.admin.email,
      redirectUris: [],
    });
    const token = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.integration.clientId,
      client_secret: app.clientSecret,
    });
    api = apiFor(server, String(token.body.access_token), venue.orgId);
  });
  after(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.close();
  });

  const messagesOf = (bookingId: string) =>
    suite.db.selectFrom('messages').select(['id', 'state']).where('booking_id', '=', bookingId).execute();

  it('fills a template, previews, refuses every bad field at once, and sends with the documents attached', async () => {
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock);
    const booking = await suite.db
      .selectFrom('bookings')
      .select('reference')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', bookingId) });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const proposal = made.body.data.id;
    assert.equal((await api(`/v2/documents/${proposal}/send`, { method: 'POST' })).status, 200);
    assert.equal(await sender.sendDue(), 1, 'the proposal went to the client');
    server.clock.advance(60_000);
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const path = `/orgs/${venue.orgId}/bookings/${bookingId}`;
    const page = await session.request(path);
    assert.equal(fieldValue(page.body, 'to'), 'amelia@client.example');
    assert.match(page.body, /<h3 id="write-title">Write to client<\/h3>/);
    assert.match(
      page.body,
      /<label class="check"><input type="checkbox" name="document_ids" value="[^"]+"\s+\/><span>Proposal v1, sent<\/span>/,
    );
    const general = /<option value="([^"]+)" >General message<\/option>/.exec(page.body)?.[1];
    assert.ok(general, 'the organization’s templates are offered');

    const post = (form: Record<string, string | string[]>) =>
      session.request(`${path}/messages`, { form: { _csrf: csrf, ...form } });
    const templated = await post({
      intent: 'template',
      template_id: general,
      to: 'amelia@client.example',
      cc: '',
    });
    assert.equal(templated.status, 200, templated.body);
    assert.equal(
      fieldValue(templated.body, 'subject'),
      `Hart wedding at Harbour Rooms (${booking.reference})`,
    );
    assert.match(textarea(templated.body, 'text'), /^Dear Amelia,\n/);
    assert.equal((await messagesOf(bookingId)).length, 1, 'a template sends nothing');

    const typed = {
      to: 'amelia@client.example, Daniel Reyes <daniel@client.example>',
      cc: '',
      subject: 'Your proposal',
      text: 'Dear Amelia,\n\nHere is the proposal again.\n\nKind regards,\nHarbour Rooms',
      document_ids: proposal,
    };
    const preview = await post({ intent: 'preview', ...typed });
    assert.equal(preview.status, 200, preview.body);
    assert.equal(
      words(previewOf(preview.body)),
      'Preview: this is how it will go To amelia@client.example, Daniel Reyes <daniel@client.example> Subject Your proposal Attachments Proposal 1.pdf Dear Amelia, Here is the proposal again. Kind regards, Harbour Rooms Nothing has been sent yet. Change the message below, or send it.',
    );
    assert.equal(fieldValue(preview.body, 'subject'), 'Your proposal');
    assert.equal((await messagesOf(bookingId)).length, 1, 'a preview sends nothing');
    // A post without Send's button (Enter in a field, a script) previews; only Send sends.
    const unnamed = await post({ ...typed });
    assert.equal(unnamed.status, 200, unnamed.body);
    assert.match(previewOf(unnamed.body), /Nothing has been sent yet/);
    assert.equal((await messagesOf(bookingId)).length, 1, 'a post without Send sends nothing');

    // At most 10 documents go with a message, as the API allows: more are refused before any is read.
    const tooMany = Array.from({ length: 11 }, (_, i) => (i === 0 ? proposal : `document-${i}`));
    const refused = await post({
      intent: 'send',
      to: 'amelia@, bo',
      cc: 'x',
      subject: ' ',
      text: '',
      document_ids: tooMany,
    });
    assert.equal(refused.status, 422, refused.body);
    assert.equal(fieldError(refused.body, 'to'), '"amelia@", "bo" are not e-mail addresses.');
    assert.equal(fieldError(refused.body, 'cc'), '"x" is not an e-mail address.');
    assert.equal(fieldError(refused.body, 'subject'), 'A message needs a subject.');
    assert.equal(fieldError(refused.body, 'text'), 'A message needs some text.');
    assert.equal(fieldError(refused.body, 'document_ids'), 'Attach at most 10 documents to one message.');
    assert.equal(fieldValue(refused.body, 'to'), 'amelia@, bo', 'what was typed is kept');
    assert.equal((await messagesOf(bookingId)).length, 1, 'nothing was sent');

    const sent = await post({ intent: 'send', ...typed });
    assert.equal(sent.status, 303, sent.body);
    const id = /#message-(.+)$/.exec(String(sent.location))?.[1];
    assert.equal(sent.location, `${server.url}${path}?notice=message-queued#message-${id}`);
    const queued = await session.request(sent.location!);
    assert.match(queued.body, /Message queued/);
    assert.match(newest(queued.body), /Queued Waiting to be sent\. Your proposal/);

    smtp.received.length = 0;
    assert.equal(await sender.sendDue(), 1, 'one mail, both in its To header');
    assert.deepEqual(
      smtp.received.map((m) => m.to.sort()),
      [['amelia@client.example', 'daniel@client.example']],
    );
    const to = smtp.received[0]?.parsed.to;
    assert.deepEqual(to && !Array.isArray(to) ? to.value.map((a) => [a.name, a.address]) : [], [
      ['', 'amelia@client.example'],
      ['Daniel Reyes', 'daniel@client.example'],
    ]);
    for (const mail of smtp.received) {
      assert.equal(mail.parsed.subject, 'Your proposal');
      assert.match(mail.parsed.text ?? '', /Here is the proposal again\.\n\nKind regards,\nHarbour Rooms/);
      assert.match(String(mail.parsed.html), /Kind regards,<br>Harbour Rooms/);
      assert.deepEqual(
        mail.parsed.attachments.map((a) => [a.filename, a.contentType]),
        [['Proposal 1.pdf', 'application/pdf']],
      );
    }
    const shown = await session.request(path);
    assert.match(newest(shown.body), /Sent Your proposal .*Proposal 1\.pdf/);
  });

  it('fills the text from a draft an assistant wrote, and uses the draft up when it is sent', async () => {
    server.clock.setTo(NOW);
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock, {
      name: 'Okafor dinner',
      email: 'chidi@client.example',
    });
    const assistant = staffActor({
      organizationId: venue.orgId,
      userId: venue.admin.id,
      role: 'admin',
      door: 'assistant',
      scopes: ['crm_read', 'crm_manage'],
    });
    const draft = await write(server.app.ctx.writer, assistant, draftReply, {
      bookingId,
      text: 'Dear Chidi,\n\nThe terrace is free that evening.',
    });
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const path = `/orgs/${venue.orgId}/bookings/${bookingId}`;
    const page = await session.request(path);
    assert.match(
      words(page.body),
      /Drafts waiting to be sent Draft Drafted by an assistant, Tue 20 Apr 2027, 11:00 Dear Chidi, The terrace is free that evening\. Use this draft/,
    );
    const used = await session.request(`${path}/messages`, {
      form: { _csrf: csrf, intent: 'draft', draft_id: draft.id },
    });
    assert.equal(used.status, 200, used.body);
    assert.equal(textarea(used.body, 'text'), 'Dear Chidi,\n\nThe terrace is free that evening.');
    assert.equal(fieldValue(used.body, 'to'), 'chidi@client.example');
    assert.equal(
      /<input type="hidden" name="draft_id" value="([^"]+)" \/>\s*<div class="field">/.exec(used.body)?.[1],
      draft.id,
    );
    const sent = await session.request(`${path}/messages`, {
      form: {
        _csrf: csrf,
        intent: 'send',
        draft_id: draft.id,
        to: 'chidi@client.example',
        cc: '',
        subject: 'The terrace',
        text: textarea(used.body, 'text'),
      },
    });
    assert.equal(sent.status, 303, sent.body);
    const after = await session.request(path);
    assert.doesNotMatch(after.body, /Use this draft/);
    assert.equal((await messagesOf(bookingId)).length, 1);
  });
});
