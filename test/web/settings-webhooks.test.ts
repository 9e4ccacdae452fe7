/**
 * Webhooks on the integration's settings page (SPEC §8): its endpoints in the organization with
 * their state, each endpoint's recent deliveries as a real receiver got them, and *Resend*, which
 * queues the event again and is delivered under the same webhook-id.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { DeliveryWorker } from '../../src/webhooks/worker.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { accountDocument, type Api, apiFor, created } from '../helpers/writes.js';

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

eachDatabase((suite) => {
  let server: TestServer;
  let worker: DeliveryWorker;
  let receiver: WebhookReceiver;
  let venue: Venue;
  let api: Api;
  let endpointId: string;
  let session: BrowserSession;
  let pagePath: string;

  before(async () => {
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1h',
    });
    worker = new DeliveryWorker({
      db: suite.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('silent'),
    });
    worker.start();
    receiver = new WebhookReceiver();
    const url = await receiver.start();
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const made = await api<{ data: { id: string; attributes: { secret: string } } }>(
      '/v2/webhook_endpoints',
      {
        method: 'POST',
        body: {
          data: {
            type: 'webhook_endpoints',
            attributes: { url, events: ['account.created'], description: 'Front desk sync' },
          },
        },
      },
    );
    assert.equal(made.status, 201);
    endpointId = made.body.data.id;
    receiver.secret = made.body.data.attributes.secret;
    session = new BrowserSession(server.url, server.fetch);
    await signIn(server, session, venue.user.email);
    pagePath = `/settings/integrations/${venue.privateClient.id}`;
  });
  after(async () => {
    await worker.stop();
    await receiver.close();
    await server.close();
  });

  const deliveries = () =>
    suite.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('lists the endpoint and a real delivery with its outcome', async () => {
    const empty = await session.request(pagePath);
    assert.match(empty.body, /Front desk sync/);
    assert.match(empty.body, /No deliveries yet/);

    await created(api, '/v2/accounts', accountDocument({ name: 'Harbor Lights' }));
    const [received] = await receiver.waitFor(1);
    assert.ok(received?.event, 'the receiver verified the delivery');
    await waitUntil(async () => (await deliveries())[0]?.status === 'succeeded');

    const page = await session.request(pagePath);
    assert.equal(page.status, 200);
    assert.match(page.body, /<strong>Enabled<\/strong>/);
    assert.match(page.body, /<code>account\.created<\/code>/);
    assert.ok(page.body.includes(received.id), 'the event id is shown');
    assert.match(page.body, /<strong>Delivered<\/strong>/);
    assert.match(page.body, /HTTP 204 in \d+ ms/);
  });

  it('shows a failing delivery with its response code and next attempt', async () => {
    receiver.answers = [500];
    await created(api, '/v2/accounts', accountDocument({ name: 'Quayside' }));
    await receiver.waitFor(2);
    await waitUntil(async () => (await deliveries())[1]?.attempts === 1);
    const failing = (await deliveries())[1]!;
    const page = await session.request(pagePath);
    assert.match(page.body, /Retrying/);
    assert.match(page.body, /HTTP 500/);
    assert.ok(failing.next_attempt_at);
    // Shown as the workspace shows times, in the venue's time zone (UTC for this venue).
    const next = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(failing.next_attempt_at))
      .replace(/^(\w{3}),? /, '$1 ');
    assert.ok(page.body.includes(next), `the next attempt (${next}) is shown`);
  });

  it('resends a delivery: queued again and delivered under the same webhook-id', async () => {
    const [first] = await deliveries();
    const page = await session.request(pagePath);
    const action = `${pagePath}/deliveries/${first!.id}/resend`;
    const fields = formFields(page.body, action);
    assert.ok(fields._csrf, 'a Resend form with a CSRF token');
    assert.equal((await session.request(action, { form: { _csrf: 'forged' } })).status, 403);

    const before = receiver.received.length;
    const resent = await session.request(action, { form: fields });
    assert.equal(resent.status, 303);
    assert.equal(resent.location, `${server.url}${pagePath}?notice=resent`);
    const again = await receiver.waitFor(before + 1);
    assert.equal(again[before]!.id, first!.change_id, 'the same webhook-id');
    assert.ok(again[before]!.event, 'signed as usual');
    await waitUntil(
      async () => (await deliveries()).length === 3 && (await deliveries())[2]!.status === 'succeeded',
    );

    const after = await session.request(resent.location!);
    assert.match(after.body, /queued again/);
    assert.equal(
      after.body.split(`<code>${first!.change_id}</code>`).length - 1,
      2,
      'both deliveries of the event are listed',
    );
  });

  it('refuses to resend another integration’s delivery', async () => {
    const [first] = await deliveries();
    const page = await session.request(pagePath);
    const fields = formFields(page.body, `${pagePath}/deliveries/${first!.id}/resend`);
    const other = `/settings/integrations/${venue.publicClient.id}/deliveries/${first!.id}/resend`;
    assert.equal((await session.request(other, { form: fields })).status, 404);
    assert.equal((await deliveries()).length, 3);
  });

  it('says when and why an endpoint is disabled', async () => {
    const turnedOff = await api(`/v2/webhook_endpoints/${endpointId}`, {
      method: 'PATCH',
      body: { data: { type: 'webhook_endpoints', id: endpointId, attributes: { enabled: false } } },
    });
    assert.equal(turnedOff.status, 200);
    const page = await session.request(pagePath);
    assert.match(
      page.body,
      /<strong>Disabled<\/strong> since \w{3} \d+ \w{3} \d{4}, \d\d:\d\d: Turned off\./,
    );
    assert.doesNotMatch(page.body, /deliveries\/[^/]+\/resend/, 'no Resend while disabled');
  });

  it('turns an endpoint on and off from the integration’s page, and deletes it after asking', async () => {
    const toggle = `${pagePath}/endpoints/${endpointId}/enabled`;
    let page = await session.request(pagePath);
    const on = await session.request(toggle, { form: { ...formFields(page.body, toggle), enabled: 'true' } });
    assert.equal(on.status, 303);
    const endpoint = async () =>
      (await api<{ data: { attributes: { enabled: boolean } } }>(`/v2/webhook_endpoints/${endpointId}`)).body
        .data.attributes.enabled;
    assert.equal(await endpoint(), true, 'on again');
    page = await session.request(pagePath);
    const off = await session.request(toggle, {
      form: { ...formFields(page.body, toggle), enabled: 'false' },
    });
    assert.equal(off.status, 303);
    assert.equal(await endpoint(), false, 'turned off from the page');

    const remove = `${pagePath}/endpoints/${endpointId}/delete`;
    const asked = await session.request(remove);
    assert.equal(asked.status, 200);
    assert.match(asked.body, /Delete this webhook endpoint\?/);
    assert.equal((await api(`/v2/webhook_endpoints/${endpointId}`)).status, 200, 'asking deletes nothing');
    const deleted = await session.request(remove, { form: formFields(asked.body, remove) });
    assert.equal(deleted.status, 303);
    assert.equal((await api(`/v2/webhook_endpoints/${endpointId}`)).status, 404);
    assert.doesNotMatch((await session.request(pagePath)).body, new RegExp(endpointId));
  });
});
