import assert from 'node:assert/strict';
import { createConnection } from 'node:net';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, makeCrm, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '5' }, { listen: true });
    crm = await makeCrm(suite.db, 1);
  });
  after(() => server.close());

  it('limits each integration per organization and minute with RateLimit headers and 429 + Retry-After', async () => {
    const token = await clientCredentialsToken(server, crm.venue);
    const responses = [];
    for (let i = 0; i < 6; i++)
      responses.push(await call(server, '/v2/bookings', { token, org: crm.venue.orgId }));
    assert.deepEqual(
      responses.map((r) => r.status),
      [200, 200, 200, 200, 200, 429],
    );
    assert.equal(responses[0]?.headers.get('ratelimit-limit'), '5');
    assert.equal(responses[0]?.headers.get('ratelimit-remaining'), '4');
    assert.ok(Number(responses[0]?.headers.get('ratelimit-reset')) > 0);
    const limited = responses[5]!;
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal(
      (limited.body as { errors: Array<{ status: string; code: string }> }).errors[0]?.status,
      '429',
    );

    const another = await clientCredentialsToken(server, crm.venue);
    assert.equal(
      (await call(server, '/v2/bookings', { token: another, org: crm.venue.orgId })).status,
      429,
      'a new token does not reset the budget',
    );
    const otherVenue = await makeCrm(suite.db, 1);
    const theirs = await clientCredentialsToken(server, otherVenue.venue);
    assert.equal(
      (await call(server, '/v2/bookings', { token: theirs, org: otherVenue.venue.orgId })).status,
      200,
      'another integration has its own budget',
    );
  });

  it('throttles client-credentials issuance per integration', async () => {
    const fixture = await makeCrm(suite.db, 1);
    const ask = (venue: CrmFixture['venue']) =>
      fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: venue.privateClient.clientId,
          client_secret: venue.privateClient.clientSecret,
        }),
      });
    // The budget counts in minutes of the clock, which follows the wall clock: start at the
    // beginning of one, so that no minute ends between these requests.
    server.clock.advance(60_000 - (server.clock.now() % 60_000));
    const statuses = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await ask(fixture.venue);
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    assert.ok(Number(last!.headers.get('retry-after')) >= 1);
    const body = (await last!.json()) as { error: string; error_description: string };
    assert.equal(body.error, 'invalid_request');
    assert.match(body.error_description, /5 tokens a minute/);
    const other = await makeCrm(suite.db, 1);
    assert.equal((await ask(other.venue)).status, 200, 'another integration is not slowed');
    server.clock.advance(60_000);
    assert.equal((await ask(fixture.venue)).status, 200, 'the next minute has a new budget');
  });

  it('shares the budget between processes through Redis', async (t) => {
    if (!(await redisAnswers(REDIS_URL))) {
      t.skip(`Redis does not answer at ${REDIS_URL}`);
      return;
    }
    const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL };
    const one = await startTestServer(suite.database, env, { listen: true });
    const two = await startTestServer(suite.database, env, { listen: true });
    try {
      const token = await clientCredentialsToken(one, crm.venue);
      const statuses = [];
      for (const target of [one, two, one, two, one, two]) {
        statuses.push((await call(target, '/v2/bookings', { token, org: crm.venue.orgId })).status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
