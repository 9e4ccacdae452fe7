/**
 * Deliveries live in the database, not in a process (SPEC §8): a delivery that was due when
 * `serve` was killed is made after the restart; two `serve` processes on PostgreSQL share the
 * queue and deliver each event exactly once. A lease held by a process that died expires.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { claimJobs } from '../../src/jobs/job.repository.js';
import { DELIVERY_JOB_KIND } from '../../src/webhooks/delivery.repository.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, call } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type RunningServer, startServer } from '../helpers/processes.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { accountDocument, apiFor, created } from '../helpers/writes.js';

eachDatabase((suite) => {
  let venue: Venue;
  let receiver: WebhookReceiver;
  let url: string;
  /** An app on the same database with no delivery worker, for writing while no `serve` runs. */
  let writer: TestServer;
  const processes: RunningServer[] = [];
  const env = () => ({
    ...suite.database.env,
    RATE_LIMIT_PER_MINUTE: '0',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    LOG_LEVEL: 'warn',
  });
  /** Waits until `count` deliveries are recorded as made (the receiver hears of them first). */
  const deliveriesSucceeded = async (count: number) => {
    for (let tries = 0; tries < 500; tries++) {
      const done = await suite.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'succeeded')
        .execute();
      if (done.length >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.fail(`${count} deliveries were not recorded as made`);
  };

  before(async () => {
    venue = await makeVenue(suite.db);
    receiver = new WebhookReceiver();
    url = await receiver.start();
    writer = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    const api = apiFor(writer, await clientCredentialsToken(writer, venue), venue.orgId);
    const made = await api<{ data: { attributes: { secret: string } } }>('/v2/webhook_endpoints', {
      method: 'POST',
      body: { data: { type: 'webhook_endpoints', attributes: { url, events: ['account.created'] } } },
    });
    receiver.secret = made.body.data.attributes.secret;
  });
  after(async () => {
    for (const running of processes) await running.stop('SIGKILL');
    await writer.close();
    await receiver.close();
  });

  it('makes, after a restart, a delivery that was due when serve was killed', async () => {
    const first = await startServer(env(), ['--migrate']);
    processes.push(first);
    const api = apiFor(
      { url: first.url, fetch } as TestServer,
      await clientCredentialsToken({ url: first.url, fetch } as TestServer, venue),
      venue.orgId,
    );
    await created(api, '/v2/accounts', accountDocument({ name: 'Delivered live' }));
    await receiver.waitFor(1);
    // Killed once that delivery is recorded (killed mid-attempt, it would be made again after its lease).
    await deliveriesSucceeded(1);
    first.process.kill('SIGKILL');
    await first.exited;

    // While nothing serves, a change commits with its delivery due.
    const offline = apiFor(writer, await clientCredentialsToken(writer, venue), venue.orgId);
    const account = await created(offline, '/v2/accounts', accountDocument({ name: 'Due while down' }));
    const pending = await suite.db
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('status', '=', 'pending')
      .execute();
    assert.equal(pending.length, 1);

    const second = await startServer(env());
    processes.push(second);
    const [, late] = await receiver.waitFor(2);
    assert.equal(late!.event?.type, 'account.created');
    assert.equal((late!.event?.data.object as { id: string }).id, account);
    // Recorded as made before the next test kills this process (else it is made again after its lease).
    await deliveriesSucceeded(2);
  });

  it('delivers 500 events exactly once between two processes on PostgreSQL', async (t) => {
    if (suite.database.dialect === 'sqlite') return t.skip('several serving processes need PostgreSQL');
    const servers = [await startServer(env()), await startServer(env())];
    processes.push(...servers);
    const before = receiver.received.length;
    const tokens = await Promise.all(
      servers.map((s) => clientCredentialsToken({ url: s.url, fetch } as TestServer, venue)),
    );
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const index = batch * 50 + i;
          return call({ url: servers[index % 2]!.url, fetch } as TestServer, '/v2/accounts', {
            token: tokens[index % 2]!,
            org: venue.orgId,
            method: 'POST',
            body: accountDocument({ name: `Account ${index}` }),
          });
        }),
      );
    }
    const received = (await receiver.waitFor(before + 500, 60_000)).slice(before);
    assert.equal(received.length, 500);
    assert.equal(new Set(received.map((r) => r.id)).size, 500, 'no event delivered twice');
    assert.ok(
      received.every((r) => r.event !== undefined),
      'every delivery verifies',
    );
    const delivered = await suite.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts'])
      .where('status', '=', 'succeeded')
      .execute();
    assert.ok(delivered.every((d) => d.attempts === 1));
  });

  it('takes again a delivery whose lease expired (its worker died), and not before', async () => {
    const offline = apiFor(writer, await clientCredentialsToken(writer, venue), venue.orgId);
    for (const running of processes) await running.stop('SIGKILL');
    await created(offline, '/v2/accounts', accountDocument({ name: 'Leased' }));
    const now = Date.now() + 5000;
    const claim = (at: number) => claimJobs(suite.db, [DELIVERY_JOB_KIND], at, at + 60_000, 10);
    const taken = await claim(now);
    assert.equal(taken.length, 1);
    assert.deepEqual(await claim(now + 30_000), [], 'held while the lease lasts');
    const again = await claim(now + 61_000);
    assert.deepEqual(
      again.map((d) => d.id),
      taken.map((d) => d.id),
    );
  });
});
