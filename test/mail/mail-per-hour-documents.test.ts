/**
 * The operator's bound on mail to clients (MAIL_PER_HOUR, SPEC §17) holds for every mail to a
 * client, not only messages written on the booking. With MAIL_PER_HOUR=2 and the hour full:
 * sending a proposal is refused with 429 too_many_messages and a Retry-After at the API, and in
 * the same words on the workspace's document page, and nothing is queued, linked or kept; an
 * automation's send_email step to the client does not fail its run and sends nothing, but waits
 * until the hour has room, then sends exactly once and the run goes on; a member's sending of a
 * drafted mail awaiting approval is refused as a message is, the run still awaiting approval.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { automationJobHandlers } from '../../src/crm/automations/index.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { bookingWithClient, CLIENT, VENUE_MAILBOX } from '../helpers/conversation-data.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody } from '../helpers/document-fixtures.js';
import { makeIntegration } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';
import { type Api, apiFor, changeDocument, type ErrorBody, type Many } from '../helpers/writes.js';
import { silent } from '../jobs/job-fixtures.js';

/** Tuesday 20 April 2027, 10:00 UTC: inside the default sending window. */
const NOW = Date.parse('2027-04-20T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const unescaped = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

interface Run {
  id: string;
  attributes: {
    state: string;
    step_index: number;
    next_at: string | null;
    log: Array<{ type: string; result: string; message_id?: string }>;
  };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let api: Api;
  let runner: JobRunner;
  let integration: Awaited<ReturnType<typeof makeIntegration>>;

  before(async () => {
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      MAIL_PER_HOUR: '2',
      // The tests move the clock on by hours: a token lasts the day.
      ACCESS_TOKEN_TTL: '86400',
      MAIL_FROM: `Harbour Rooms <${VENUE_MAILBOX}>`,
    });
    server.clock.stopAt(NOW);
    venue = await makeWorkspaceVenue(suite.db, 'Harbour Rooms');
    integration = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.admin.email,
      redirectUris: [],
    });
    runner = new JobRunner({
      writer: { db: suite.db, clock: server.clock },
      logger: silent,
      handlers: automationJobHandlers({
        rendering: server.app.ctx,
        sending: false,
        baseUrl: server.url,
        mailPerHour: server.config.mailPerHour,
      }),
      retrySchedule: [5],
      pollMs: 60_000,
    });
  });
  after(() => server.close());
  beforeEach(async () => {
    const token = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: integration.integration.clientId,
      client_secret: integration.clientSecret,
    });
    api = apiFor(server, String(token.body.access_token), venue.orgId);
  });

  /** Runs due jobs until none is due, the steps they queue included; how many ran. */
  const drain = async () => {
    let total = 0;
    for (let ran = await runner.drain(); ran > 0; ran = await runner.drain()) total += ran;
    return total;
  };
  const mailCount = async () =>
    (
      await suite.db
        .selectFrom('outgoing_mail')
        .select('id')
        .where('organization_id', '=', venue.orgId)
        .execute()
    ).length;
  /** Fills the hour: two messages to the client, written now. */
  const fillTheHour = async (bookingId: string) => {
    for (const subject of ['Menu', 'Tasting']) {
      const sent = await api('/v2/messages', {
        method: 'POST',
        body: {
          data: {
            type: 'messages',
            attributes: { subject, text: `About the ${subject.toLowerCase()}.` },
            relationships: { booking: { data: { type: 'bookings', id: bookingId } } },
          },
        },
      });
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
    }
  };

  it('refuses to send a document past the bound, at the API and on its page, and queues nothing', async () => {
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock, { name: 'Hart wedding' });
    const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', bookingId) });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const proposal = made.body.data.id as string;
    await fillTheHour(bookingId);
    server.clock.stopAt(NOW + 15 * MINUTE);
    const before = await mailCount();

    const refused = await api<ErrorBody>(`/v2/documents/${proposal}/send`, { method: 'POST' });
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    const [error] = refused.body.errors;
    assert.equal(error?.code, 'too_many_messages');
    assert.match(error?.detail ?? '', /^Not sent: 2 messages have gone to clients from this organization/);
    assert.match(error?.detail ?? '', /Try again in 45 minutes\.$/);
    assert.equal(Number(refused.headers.get('retry-after')), 45 * 60);

    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = await session.request(`/orgs/${venue.orgId}/documents/${proposal}/send`, {
      form: { _csrf: csrf },
    });
    assert.equal(page.status, 429, page.body);
    const said = /<div role="alert" class="refusal">([^<]*)<\/div>/.exec(page.body)?.[1];
    assert.equal(unescaped(said ?? ''), error?.detail, 'the page says what the API says');

    assert.equal(await mailCount(), before, 'nothing queued');
    const document = await suite.db
      .selectFrom('documents')
      .select(['status', 'sent_at'])
      .where('id', '=', proposal)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...document }, { status: 'draft', sent_at: null }, 'the proposal is not sent');
    const links = await suite.db
      .selectFrom('document_links')
      .select('id')
      .where('document_id', '=', proposal)
      .execute();
    assert.deepEqual(links, [], 'no link was made');

    // Once the first of the two leaves the hour, it goes.
    server.clock.stopAt(NOW + HOUR);
    const sent = await api(`/v2/documents/${proposal}/send`, { method: 'POST' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(await mailCount(), before + 1);
  });

  it('puts an automation’s mail to the client off until the hour has room, then sends it once', async () => {
    server.clock.stopAt(NOW + 3 * HOUR);
    const start = server.clock.now();
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock, { name: 'Reyes party' });
    const templates = await api<Many>('/v2/email_templates?page[size]=100');
    const template = templates.body.data.find((t) => t.attributes.kind === 'general')!.id;
    const automation = await api<{ data: { id: string } }>('/v2/automations', {
      method: 'POST',
      body: {
        data: {
          type: 'automations',
          attributes: {
            enabled: true,
            name: 'Confirmed',
            trigger: { type: 'booking.status_changed', status: 'definite' },
            steps: [
              { type: 'send_email', template_id: template, to: 'client' },
              { type: 'add_note', body: 'Told the client.' },
            ],
          },
        },
      },
    });
    assert.equal(automation.status, 201, JSON.stringify(automation.body));
    await fillTheHour(bookingId);
    server.clock.stopAt(start + 10 * MINUTE);
    const before = await mailCount();
    const changed = await api(`/v2/bookings/${bookingId}`, {
      method: 'PATCH',
      body: changeDocument('bookings', bookingId, { status: 'definite' }),
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    await drain();

    const runOf = async () =>
      (
        await api<{ data: Run[] }>(
          `/v2/automation_runs?filter[automation_id][eq]=${automation.body.data.id}&sort=created_at`,
        )
      ).body.data;
    const [waiting] = await runOf();
    assert.equal(waiting?.attributes.state, 'waiting', 'the run does not fail');
    assert.equal(waiting.attributes.step_index, 0, 'the mail is still its next step');
    const roomAt = new Date(start + HOUR).toISOString();
    assert.equal(waiting.attributes.next_at, roomAt);
    assert.match(
      waiting.attributes.log.at(-1)?.result ?? '',
      new RegExp(`^Waits until ${roomAt}: .*MAIL_PER_HOUR`),
    );
    assert.equal(await mailCount(), before, 'nothing is sent past the bound');

    server.clock.stopAt(start + HOUR - 1);
    assert.equal(await drain(), 0, 'not a millisecond early');
    server.clock.stopAt(start + HOUR);
    await drain();
    const [done] = await runOf();
    assert.equal(done?.attributes.state, 'done');
    assert.deepEqual(
      done.attributes.log.map((l) => l.type),
      ['send_email', 'send_email', 'add_note'],
    );
    const mails = await suite.db
      .selectFrom('outgoing_mail')
      .select(['to_address', 'booking_id'])
      .where('organization_id', '=', venue.orgId)
      .where('booking_id', '=', bookingId)
      .where('created_at', '>=', roomAt)
      .execute();
    assert.deepEqual(mails, [{ to_address: CLIENT, booking_id: bookingId }], 'sent once, to the client');
    server.clock.stopAt(start + 3 * HOUR);
    assert.equal(await drain(), 0, 'nothing runs again');
    assert.equal(await mailCount(), before + 1);
    const off = await api(`/v2/automations/${automation.body.data.id}`, {
      method: 'PATCH',
      body: changeDocument('automations', automation.body.data.id, { enabled: false }),
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
  });

  it('refuses a member’s sending of a drafted mail to the client past the bound, the run still awaiting approval', async () => {
    server.clock.stopAt(NOW + 6 * HOUR);
    const start = server.clock.now();
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock, { name: 'Okafor lunch' });
    const templates = await api<Many>('/v2/email_templates?page[size]=100');
    const template = templates.body.data.find((t) => t.attributes.kind === 'general')!.id;
    const automation = await api<{ data: { id: string } }>('/v2/automations', {
      method: 'POST',
      body: {
        data: {
          type: 'automations',
          attributes: {
            enabled: true,
            name: 'Checked confirmation',
            trigger: { type: 'booking.status_changed', status: 'definite' },
            steps: [{ type: 'send_email', template_id: template, to: 'client', requires_approval: true }],
          },
        },
      },
    });
    assert.equal(automation.status, 201, JSON.stringify(automation.body));
    await api(`/v2/bookings/${bookingId}`, {
      method: 'PATCH',
      body: changeDocument('bookings', bookingId, { status: 'definite' }),
    });
    await drain();
    const runs = await api<{ data: Run[] }>(
      `/v2/automation_runs?filter[automation_id][eq]=${automation.body.data.id}`,
    );
    const run = runs.body.data[0]!;
    assert.equal(run.attributes.state, 'awaiting_approval');
    await fillTheHour(bookingId);
    server.clock.stopAt(start + 20 * MINUTE);
    const before = await mailCount();

    const refused = await api<ErrorBody>(`/v2/automation_runs/${run.id}/approve`, { method: 'POST' });
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.equal(refused.body.errors[0]?.code, 'too_many_messages');
    assert.equal(Number(refused.headers.get('retry-after')), 40 * 60);
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = await session.request(`/orgs/${venue.orgId}/approvals/${run.id}/send`, {
      form: { _csrf: csrf, subject: 'Your lunch', text: 'Dear Amelia, it is confirmed.' },
    });
    assert.equal(page.status, 429, page.body);
    const said = /<div role="alert" class="refusal">([^<]*)<\/div>/.exec(page.body)?.[1];
    assert.equal(unescaped(said ?? ''), refused.body.errors[0]?.detail, 'the page says what the API says');
    assert.equal(await mailCount(), before, 'nothing queued');
    const still = await api<{ data: Run }>(`/v2/automation_runs/${run.id}`);
    assert.equal(still.body.data.attributes.state, 'awaiting_approval');

    server.clock.stopAt(start + HOUR);
    const approved = await api<{ data: Run }>(`/v2/automation_runs/${run.id}/approve`, { method: 'POST' });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.data.attributes.state, 'done');
    assert.equal(await mailCount(), before + 1);
  });
});
