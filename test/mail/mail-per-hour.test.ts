/**
 * The operator's bound on mail to clients (MAIL_PER_HOUR, SPEC §17): with MAIL_PER_HOUR=3, three
 * messages go (by the API and by the booking's Write to client; queued, then sent, they count
 * alike); a fourth is refused with 429 too_many_messages, a Retry-After and nothing queued, at the
 * API and on the page in the same words with what was typed kept; an hour later by the clock,
 * a message goes again. Another organization's mail is not counted.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { bookingWithClient, VENUE_MAILBOX } from '../helpers/conversation-data.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';
import { type Api, apiFor, type ErrorBody } from '../helpers/writes.js';

const NOW = Date.parse('2027-04-20T10:00:00Z');
const HOUR = 3_600_000;

const unescaped = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let sender: MailSender;
  let venue: WorkspaceVenue;
  let api: Api;

  async function apiOf(organizationId: string, ownerEmail: string): Promise<Api> {
    const app = await makeIntegration(suite.db, {
      organizationId,
      kind: 'private',
      ownerEmail,
      redirectUris: [],
    });
    const token = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.integration.clientId,
      client_secret: app.clientSecret,
    });
    return apiFor(server, String(token.body.access_token), organizationId);
  }

  before(async () => {
    smtp = new TestSmtpServer();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      MAIL_PER_HOUR: '3',
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
    api = await apiOf(venue.orgId, venue.admin.email);
  });
  after(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.close();
  });

  const send = (bookingId: string, subject: string, using: Api = api) =>
    using<ErrorBody & { data: { id: string } }>('/v2/messages', {
      method: 'POST',
      body: {
        data: {
          type: 'messages',
          attributes: { subject, text: `About ${subject}.` },
          relationships: { booking: { data: { type: 'bookings', id: bookingId } } },
        },
      },
    });
  const queued = async (orgId: string) => ({
    messages: (
      await suite.db
        .selectFrom('messages')
        .select('id')
        .where('organization_id', '=', orgId)
        .where('direction', '=', 'out')
        .execute()
    ).length,
    mail: (
      await suite.db.selectFrom('outgoing_mail').select('id').where('organization_id', '=', orgId).execute()
    ).length,
  });

  it('lets three messages go in an hour, refuses the fourth at both doors in the same words, and lets one go an hour on', async () => {
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock);
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const path = `/orgs/${venue.orgId}/bookings/${bookingId}`;
    const sendOnPage = (subject: string) =>
      session.request(`${path}/messages`, {
        form: {
          _csrf: csrf,
          intent: 'send',
          to: 'amelia@client.example',
          cc: '',
          subject,
          text: 'Shall we keep the terrace for you?',
        },
      });

    for (const subject of ['Menu', 'Tasting']) {
      const sent = await send(bookingId, subject);
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
    }
    assert.equal(await sender.sendDue(), 2, 'sent ones count as much as queued ones');
    server.clock.advance(10 * 60_000);
    const third = await sendOnPage('Terrace');
    assert.equal(third.status, 303, third.body);
    const before = await queued(venue.orgId);
    assert.deepEqual(before, { messages: 3, mail: 3 });

    server.clock.advance(20 * 60_000);
    const fourth = await send(bookingId, 'Wine');
    assert.equal(fourth.status, 429, JSON.stringify(fourth.body));
    assert.equal(fourth.body.errors.length, 1);
    const [error] = fourth.body.errors;
    assert.equal(error?.status, '429');
    assert.equal(error?.code, 'too_many_messages');
    assert.match(
      error?.detail ?? '',
      /^Not sent: 3 messages have gone to clients from this organization in the last hour/,
    );
    // The first went 30 minutes ago, and leaves the hour in 30 more.
    assert.match(error?.detail ?? '', /Try again in 30 minutes\.$/);
    const retryAfter = Number(fourth.headers.get('retry-after'));
    assert.ok(retryAfter > 29 * 60 && retryAfter <= 30 * 60, `Retry-After ${retryAfter}`);
    assert.deepEqual(await queued(venue.orgId), before, 'nothing queued');

    const refused = await sendOnPage('Wine');
    assert.equal(refused.status, 429, refused.body);
    const said = /<div class="error-summary" role="alert"><p>([^<]*)<\/p><\/div>/.exec(refused.body)?.[1];
    assert.equal(unescaped(said ?? ''), error?.detail, 'the page says what the API says');
    assert.match(refused.body, /Shall we keep the terrace for you\?<\/textarea>/, 'what was typed is kept');
    assert.deepEqual(await queued(venue.orgId), before, 'nothing queued from the page either');

    // Another organization's hour is its own.
    const other = await makeWorkspaceVenue(suite.db, 'Lumen Hall');
    const otherApi = await apiOf(other.orgId, other.admin.email);
    const { bookingId: theirs } = await bookingWithClient(suite.db, other, server.clock);
    assert.equal((await send(theirs, 'Hello', otherApi)).status, 201);

    // An hour after the last of the three, none of them is in the last hour.
    server.clock.advance(HOUR - 20 * 60_000);
    const again = await send(bookingId, 'Wine');
    assert.equal(again.status, 201, JSON.stringify(again.body));
    const fromPage = await sendOnPage('Flowers');
    assert.equal(fromPage.status, 303, fromPage.body);
    assert.deepEqual(await queued(venue.orgId), { messages: 5, mail: 5 });
  });
});
