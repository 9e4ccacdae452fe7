/**
 * Resend and failed attempts (issue 46, item 19):
 * - *Resend* on the integration's settings page of a delivery that is waiting for its retry
 *   delivers the event once: the waiting delivery is made due now, not doubled by a second
 *   delivery, so the receiver gets it once more and never again when the old retry time comes;
 * - every failed attempt is logged with the endpoint id, the delivery id, the attempt number and
 *   the response's status code or the connection's error, and without the payload or the
 *   endpoint's signing secret.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { DeliveryWorker } from '../../src/webhooks/worker.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { accountDocument, apiFor, created } from '../helpers/writes.js';

const HOUR = 3_600_000;

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A port on 127.0.0.1 that nothing listens on (taken, then let go). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface LogLine {
  msg?: string;
  endpoint?: string;
  delivery?: string;
  attempt?: number;
  status_code?: number | null;
  error?: string | null;
  [key: string]: unknown;
}

eachDatabase((suite) => {
  let server: TestServer;
  let worker: DeliveryWorker;
  const workerLog: string[] = [];

  before(async () => {
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1h',
    });
    // The worker `serve` runs, logging at info (the level failed attempts are logged at).
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        workerLog.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    worker = new DeliveryWorker({
      db: suite.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('info', sink),
    });
    worker.start();
  });
  after(async () => {
    await worker.stop();
    await server.close();
  });

  /** A venue with an endpoint at `url` for account.created, and an API caller for it. */
  async function subscribed(url: string, venue?: Venue) {
    const v = venue ?? (await makeVenue(suite.db));
    const api = apiFor(server, await clientCredentialsToken(server, v), v.orgId);
    const made = await api<{ data: { id: string; attributes: { secret: string } } }>(
      '/v2/webhook_endpoints',
      {
        method: 'POST',
        body: { data: { type: 'webhook_endpoints', attributes: { url, events: ['account.created'] } } },
      },
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return { venue: v, api, endpointId: made.body.data.id, secret: made.body.data.attributes.secret };
  }

  const deliveriesOf = (endpointId: string) =>
    suite.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  /** Waits until no delivery of the endpoint is due or being attempted. */
  const settled = (endpointId: string) =>
    waitUntil(async () => {
      const now = new Date(server.clock.now()).toISOString();
      return (await deliveriesOf(endpointId)).every(
        (d) => d.lease_expires_at === null && (d.status !== 'pending' || (d.next_attempt_at ?? '') > now),
      );
    });

  it('resends a delivery waiting for its retry once: made due now, not delivered twice', async () => {
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    try {
      const { venue, api, endpointId, secret } = await subscribed(url);
      receiver.secret = secret;
      receiver.answers = [500];
      await created(api, '/v2/accounts', accountDocument({ name: 'Quayside' }));
      await receiver.waitFor(1);
      await waitUntil(async () => (await deliveriesOf(endpointId))[0]?.attempts === 1);
      const [waiting] = await deliveriesOf(endpointId);
      assert.equal(waiting!.status, 'pending', 'waiting for its retry');
      assert.ok(waiting!.next_attempt_at! > new Date(server.clock.now() + HOUR / 2).toISOString());

      const session = new BrowserSession(server.url, server.fetch);
      assert.equal((await signIn(server, session, venue.user.email)).status, 303);
      const pagePath = `/settings/integrations/${venue.privateClient.id}`;
      const page = await session.request(pagePath);
      assert.equal(page.status, 200);
      const action = `${pagePath}/deliveries/${waiting!.id}/resend`;
      const fields = formFields(page.body, action);
      assert.ok(fields._csrf, 'the waiting delivery has a Resend form');
      const resent = await session.request(action, { form: fields });
      assert.equal(resent.status, 303);
      assert.equal(resent.location, `${server.url}${pagePath}?notice=resent`);

      const received = await receiver.waitFor(2);
      assert.equal(received[1]!.id, waiting!.change_id, 'the same webhook-id');
      assert.ok(received[1]!.event, 'signed as usual');
      await waitUntil(async () => (await deliveriesOf(endpointId))[0]?.status === 'succeeded');
      const afterResend = await deliveriesOf(endpointId);
      assert.equal(afterResend.length, 1, 'the waiting delivery itself was sent, no second delivery made');
      assert.equal(afterResend[0]!.id, waiting!.id);
      assert.equal(afterResend[0]!.attempts, 2);
      assert.equal(afterResend[0]!.next_attempt_at, null, 'no retry left waiting');

      // The time the retry was waiting for comes: nothing is sent again. A later event, delivered
      // after it, shows the worker has looked at the queue since.
      server.clock.advance(2 * HOUR);
      worker.wake();
      const later = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
      await created(later, '/v2/accounts', accountDocument({ name: 'Later Ltd' }));
      await receiver.waitFor(3);
      await settled(endpointId);
      const ofEvent = receiver.received.filter((r) => r.id === waiting!.change_id);
      assert.equal(ofEvent.length, 2, 'the failed attempt and the resend, and nothing more');
      assert.equal(receiver.received.length, 3);
      assert.deepEqual(
        (await deliveriesOf(endpointId)).map((d) => d.status),
        ['succeeded', 'succeeded'],
      );
    } finally {
      await receiver.close();
    }
  });

  it('logs failed attempts with endpoint, delivery, attempt and status or error; never the payload or secret', async () => {
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    try {
      const answering = await subscribed(url);
      receiver.secret = answering.secret;
      receiver.answers = [503, 502];
      const unreachable = await subscribed(`http://127.0.0.1:${await closedPort()}/hooks`, answering.venue);
      const marker = 'Payload Marker Rooms 7f3a';
      await created(answering.api, '/v2/accounts', accountDocument({ name: marker, city: 'Secretville' }));

      await receiver.waitFor(1);
      await waitUntil(async () => (await deliveriesOf(answering.endpointId))[0]?.attempts === 1);
      await waitUntil(async () => (await deliveriesOf(unreachable.endpointId))[0]?.attempts === 1);
      // The last try (the schedule has one retry): both fail for good.
      server.clock.advance(2 * HOUR);
      worker.wake();
      await waitUntil(async () => (await deliveriesOf(answering.endpointId))[0]?.status === 'failed');
      await waitUntil(async () => (await deliveriesOf(unreachable.endpointId))[0]?.status === 'failed');
      const [answered] = await deliveriesOf(answering.endpointId);
      const [refused] = await deliveriesOf(unreachable.endpointId);

      const lines = workerLog.map((line) => JSON.parse(line) as LogLine);
      const failures = (deliveryId: string) => lines.filter((l) => l.delivery === deliveryId);

      const statusLines = failures(answered!.id);
      assert.deepEqual(
        statusLines.map((l) => [l.msg, l.endpoint, l.attempt, l.status_code]),
        [
          ['webhook delivery failed; will retry', answering.endpointId, 1, 503],
          ['webhook delivery failed for good', answering.endpointId, 2, 502],
        ],
      );
      assert.ok(
        statusLines.every((l) => l.level === 30),
        'logged at info',
      );

      const errorLines = failures(refused!.id);
      assert.deepEqual(
        errorLines.map((l) => [l.msg, l.endpoint, l.attempt, l.status_code ?? null]),
        [
          ['webhook delivery failed; will retry', unreachable.endpointId, 1, null],
          ['webhook delivery failed for good', unreachable.endpointId, 2, null],
        ],
      );
      for (const line of errorLines) {
        assert.ok(typeof line.error === 'string' && line.error.length > 0, 'the connection error is given');
        assert.match(line.error!, /ECONNREFUSED|refused/i);
      }

      const log = workerLog.join('\n');
      for (const secret of [answering.secret, unreachable.secret]) {
        assert.ok(!log.includes(secret), 'the signing secret is not logged');
        assert.ok(!log.includes(secret.replace(/^whsec_/, '')), 'nor its key');
      }
      assert.ok(!log.includes(marker), 'the payload (the account it carries) is not logged');
      assert.ok(!log.includes('Secretville'));
      assert.doesNotMatch(log, /webhook-signature|v1,[A-Za-z0-9+/=]{20,}/, 'no signature');
      for (const line of [...statusLines, ...errorLines]) {
        for (const key of ['payload', 'body', 'data', 'headers', 'secret', 'signature', 'event']) {
          assert.ok(!(key in line), `no ${key} in a failure line`);
        }
      }
    } finally {
      await receiver.close();
    }
  });
});
