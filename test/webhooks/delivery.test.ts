/**
 * Delivering events (SPEC §8) through the worker `serve` runs, to a real receiver that verifies
 * each delivery with the `standardwebhooks` library: signed Standard Webhooks headers; retries on
 * the schedule under one webhook-id; `failed` after the last try; endpoints disabled after
 * failing too long; deliveries stopping when the integration's access ends.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { disconnectApp } from '../../src/oauth/connected-apps.js';
import { DeliveryWorker } from '../../src/webhooks/worker.js';
import { Webhook } from 'standardwebhooks';
import { isoTime } from '../../src/clock.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { type Api, apiFor, accountDocument, changeDocument, created } from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let worker: DeliveryWorker;
  let receiver: WebhookReceiver;
  let url: string;

  before(async () => {
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '10s,5m',
      WEBHOOK_DISABLE_AFTER: '1d',
    });
    worker = new DeliveryWorker({
      db: suite.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('silent'),
    });
    worker.start();
  });
  after(async () => {
    await worker.stop();
    await server.close();
  });
  afterEach(async () => {
    await receiver?.close();
  });

  /** A venue with a receiver subscribed to `events`, and an API caller for it. */
  async function subscribed(events: string[] = ['*'], venue?: Venue) {
    receiver = new WebhookReceiver();
    url = await receiver.start();
    const v = venue ?? (await makeVenue(suite.db));
    const api = apiFor(server, await clientCredentialsToken(server, v), v.orgId);
    const made = await api<{ data: { id: string; attributes: { secret: string } } }>(
      '/v2/webhook_endpoints',
      {
        method: 'POST',
        body: { data: { type: 'webhook_endpoints', attributes: { url, events } } },
      },
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    receiver.secret = made.body.data.attributes.secret;
    return { venue: v, api, endpointId: made.body.data.id };
  }

  const deliveriesOf = (endpointId: string) =>
    suite.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at')
      .execute();

  /** Waits until the worker has recorded `attempts` attempts of the endpoint's first delivery, then moves time on. */
  async function afterAttempts(endpointId: string, attempts: number, advanceMs: number) {
    await waitUntil(async () => (await deliveriesOf(endpointId))[0]?.attempts === attempts);
    server.clock.advance(advanceMs);
    worker.wake();
  }

  it('delivers each subscribed event signed, as the events list shows it', async () => {
    const { api } = await subscribed(['account.created', 'account.updated']);
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Marlowe & Finch' }));
    await api(`/v2/accounts/${account}`, {
      method: 'PATCH',
      body: changeDocument('accounts', account, { city: 'Salem' }),
    });
    await created(api, '/v2/spaces', { data: { type: 'spaces', attributes: { name: 'Not subscribed' } } });
    const [first, second] = await receiver.waitFor(2);
    assert.ok(first!.event && second!.event, 'both verify with the standardwebhooks library');
    assert.equal(first!.event.type, 'account.created');
    assert.equal(second!.event.type, 'account.updated');
    assert.deepEqual(second!.event.data.previous_attributes, { city: null });
    assert.equal(first!.headers['webhook-id'], first!.event.id);
    assert.match(String(first!.headers['webhook-timestamp']), /^\d{10}$/);
    assert.match(String(first!.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+={0,2}$/);
    const listed = await api<{ data: Array<{ id: string; attributes: { data: unknown } }> }>(
      `/v2/changes/${first!.event.id}`,
    );
    assert.deepEqual(
      (listed.body.data as unknown as { attributes: { data: unknown } }).attributes.data,
      first!.event.data,
    );
    const headers = first!.headers as Record<string, string>;
    const verifier = new Webhook(receiver.secret);
    assert.throws(
      () => verifier.verify(first!.body.replace('Marlowe', 'Marlow'), headers),
      'a changed body fails',
    );
    const stranger = new Webhook(
      `whsec_${Buffer.from('another secret, thirty-two bytes').toString('base64')}`,
    );
    assert.throws(() => stranger.verify(first!.body, headers), 'another secret fails');
  });

  it('retries a failing receiver on the schedule under one webhook-id, until it answers 2xx', async () => {
    const { api, endpointId } = await subscribed();
    receiver.answers = [500, 503];
    await created(api, '/v2/accounts', accountDocument({ name: 'Retry Co.' }));
    await afterAttempts(endpointId, 1, 11_000);
    await afterAttempts(endpointId, 2, 5.6 * 60_000);
    const attempts = await receiver.waitFor(3);
    assert.deepEqual(
      attempts.map((a) => a.status),
      [500, 503, 204],
    );
    assert.equal(new Set(attempts.map((a) => a.id)).size, 1, 'one webhook-id across the attempts');
    await waitUntil(async () => (await deliveriesOf(endpointId))[0]!.status !== 'pending');
    const [delivery] = await deliveriesOf(endpointId);
    assert.equal(delivery!.status, 'succeeded');
    assert.equal(delivery!.attempts, 3);
    assert.equal(delivery!.last_status_code, 204);
  });

  it('gives up after the last try, and disables an endpoint whose deliveries all failed for WEBHOOK_DISABLE_AFTER', async () => {
    const { venue, api, endpointId } = await subscribed();
    receiver.answers = Array(20).fill(500);
    await created(api, '/v2/accounts', accountDocument({ name: 'Doomed' }));
    await afterAttempts(endpointId, 1, 11_000);
    await afterAttempts(endpointId, 2, 5.6 * 60_000);
    await receiver.waitFor(3);
    await waitUntil(async () => (await deliveriesOf(endpointId))[0]!.status === 'failed');
    assert.equal(receiver.received.length, 3, 'no attempt after the schedule is used up');

    server.clock.advance(25 * 3600_000);
    const later = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await created(later, '/v2/accounts', accountDocument({ name: 'Doomed again' }));
    await receiver.waitFor(4);
    const endpoint = await later<{ data: { attributes: { enabled: boolean; disabled_reason: string } } }>(
      `/v2/webhook_endpoints/${endpointId}`,
    );
    await waitUntil(async () => {
      const row = await suite.db
        .selectFrom('webhook_endpoints')
        .select('disabled_at')
        .where('id', '=', endpointId)
        .executeTakeFirst();
      return row?.disabled_at !== null;
    });
    const disabled = await later<{ data: { attributes: { enabled: boolean; disabled_reason: string } } }>(
      `/v2/webhook_endpoints/${endpointId}`,
    );
    assert.equal(endpoint.status, 200);
    assert.equal(disabled.body.data.attributes.enabled, false);
    assert.match(disabled.body.data.attributes.disabled_reason, /failed for 25 hours/);
    await created(later, '/v2/accounts', accountDocument({ name: 'Unheard' }));
    assert.equal((await deliveriesOf(endpointId)).length, 2, 'a disabled endpoint gets no new deliveries');
  });

  it('stops delivering when a private integration’s owner leaves the organization', async () => {
    const { venue, api, endpointId } = await subscribed();
    receiver.answers = [500];
    await created(api, '/v2/accounts', accountDocument({ name: 'Before leaving' }));
    await waitUntil(async () => (await deliveriesOf(endpointId))[0]?.attempts === 1);
    await suite.db
      .deleteFrom('memberships')
      .where('organization_id', '=', venue.orgId)
      .where('user_id', '=', venue.user.id)
      .execute();
    server.clock.advance(11_000);
    worker.wake();
    await waitUntil(async () => (await deliveriesOf(endpointId))[0]!.status === 'failed');
    const [delivery] = await deliveriesOf(endpointId);
    assert.match(delivery!.last_error ?? '', /access to this organization has ended/);
    assert.equal(receiver.received.length, 1);
  });

  it('stops delivering to a public integration once the user revokes it', async () => {
    const venue = await makeVenue(suite.db);
    const { tokens } = await codeFlowTokens(server, venue);
    const api: Api = apiFor(server, tokens.access_token, venue.orgId);
    receiver = new WebhookReceiver();
    url = await receiver.start();
    const made = await api<{ data: { id: string; attributes: { secret: string } } }>(
      '/v2/webhook_endpoints',
      {
        method: 'POST',
        body: { data: { type: 'webhook_endpoints', attributes: { url, events: ['*'] } } },
      },
    );
    receiver.secret = made.body.data.attributes.secret;
    await created(api, '/v2/accounts', accountDocument({ name: 'Connected' }));
    await receiver.waitFor(1);
    await disconnectApp(suite.db, venue.user.id, venue.publicClient.id, isoTime(Date.now()));
    const writer = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await created(writer, '/v2/accounts', accountDocument({ name: 'After revoking' }));
    await waitUntil(async () => (await deliveriesOf(made.body.data.id)).every((d) => d.status !== 'pending'));
    assert.equal(receiver.received.length, 1, 'nothing after the revocation');
  });
});

/** Polls a condition the worker makes true (bounded; the worker runs on its own timers). */
async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the delivery worker');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
