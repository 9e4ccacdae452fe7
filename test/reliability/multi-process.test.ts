/**
 * Two `marquee serve` processes on one PostgreSQL (and Redis for rate limits), as behind a load
 * balancer: a revocation through one is refused by the other on the very next request, rate
 * limits are shared, and a refresh race across both issues exactly one pair, which every caller gets.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { call, clientCredentialsToken, makeCrm, type CrmFixture } from '../helpers/api.js';
import { onDatabase } from '../helpers/databases.js';
import { codeFlowTokens, postForm } from '../helpers/oauth.js';
import { type RunningServer, startServer } from '../helpers/processes.js';
import { startTestServer, type TestServer } from '../helpers/app.js';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

// Several serving processes need PostgreSQL; the embedded database serves one.
onDatabase('postgres', (suite) => {
  let one: RunningServer | undefined;
  let two: RunningServer | undefined;
  let pages: TestServer | undefined;
  let crm: CrmFixture;

  before(async () => {
    crm = await makeCrm(suite.db, 2);
    const env = { ...suite.database.env, RATE_LIMIT_PER_MINUTE: '6', REDIS_URL, LOG_LEVEL: 'warn' };
    one = await startServer(env, ['--migrate']);
    two = await startServer(env);
    // Sign-in pages for the code flow, on the same database.
    pages = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
  });
  after(async () => {
    await one?.stop();
    await two?.stop();
    await pages?.close();
  });

  const as = (server: RunningServer) => ({ url: server.url, fetch }) as TestServer;

  it('refuses on one process a token revoked through the other, at once', async () => {
    for (let i = 0; i < 5; i++) {
      const token = await clientCredentialsToken(as(one!), crm.venue);
      assert.equal((await call(as(two!), '/v2/me', { token })).status, 200);
      const revoked = await postForm(as(one!), '/oauth/revoke', {
        token,
        client_id: crm.venue.privateClient.clientId,
        client_secret: crm.venue.privateClient.clientSecret,
      });
      assert.equal(revoked.status, 200);
      assert.equal((await call(as(two!), '/v2/me', { token })).status, 401);
    }
  });

  it('shares rate limits between the processes', async () => {
    // Budgets are per integration and organization: a fresh integration starts with a full one.
    const fresh = await makeCrm(suite.db, 1);
    const token = await clientCredentialsToken(as(one!), fresh.venue);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await call(as(i % 2 ? two! : one!), '/v2/me', { token })).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('gives ten refreshes spread over both processes the one pair a single winner issued', async () => {
    const { tokens } = await codeFlowTokens(pages!, crm.venue);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postForm(as(i % 2 ? two! : one!), '/oauth/token', {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: crm.venue.publicClient.clientId,
          client_secret: crm.venue.publicClient.clientSecret,
        }),
      ),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      Array.from({ length: 10 }, () => 200),
    );
    const pairs = new Set(results.map((r) => `${r.body.access_token} ${r.body.refresh_token}`));
    assert.equal(pairs.size, 1, 'one pair issued, the same to every caller');
    assert.equal(
      (await call(as(two!), '/v2/me', { token: String(results[0]!.body.access_token) })).status,
      200,
    );
  });
});
