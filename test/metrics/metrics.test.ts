/**
 * `GET /metrics` (SPEC §10): Prometheus text on its own port, with the requests served by route,
 * method and status, tokens issued by grant, the webhook queue, the caches' hit ratios and (on
 * PostgreSQL) the connection pool. `marquee serve` opens it when METRICS_PORT is set.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { after, before, it } from 'node:test';
import { startMetricsServer } from '../../src/metrics/metrics-server.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue } from '../helpers/oauth.js';
import { startServer } from '../helpers/processes.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

eachDatabase((suite) => {
  let server: TestServer;
  let metrics: Server;
  let metricsUrl: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    metrics = await startMetricsServer(server.app.ctx.metrics, '127.0.0.1', 0);
    const address = metrics.address();
    metricsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
  });
  after(async () => {
    await new Promise((resolve) => metrics.close(resolve));
    await server.close();
  });

  it('counts requests by route, method and status, tokens by grant, and reports queue, caches and pool', async () => {
    const venue = await makeVenue(suite.db);
    const token = await clientCredentialsToken(server, venue);
    for (let i = 0; i < 4; i++) await call(server, '/v2/bookings', { token, org: venue.orgId });
    await call(server, '/v2/nowhere', { token, org: venue.orgId });
    const response = await fetch(metricsUrl);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await response.text();
    assert.match(text, /marquee_http_requests_total\{route="\/v2\/bookings",method="GET",status="200"\} 4/);
    assert.match(text, /marquee_http_requests_total\{route="unmatched",method="GET",status="404"\} 1/);
    assert.match(
      text,
      /marquee_http_request_duration_seconds_bucket\{le="\+Inf",route="\/v2\/bookings",method="GET",status="200"\} 4/,
    );
    assert.match(text, /marquee_oauth_tokens_issued_total\{grant="client_credentials"\} 1/);
    assert.match(text, /marquee_webhook_deliveries_pending 0/);
    assert.match(text, /marquee_webhook_oldest_pending_seconds 0/);
    const pages = /marquee_cache_hit_ratio\{cache="pages"\} ([\d.]+)/.exec(text);
    assert.ok(pages && Number(pages[1]) >= 0 && Number(pages[1]) <= 1, 'a ratio for the page cache');
    if (suite.database.dialect === 'sqlite') {
      // (On PostgreSQL the notifications of the writes just made may still be arriving.)
      // A page is kept the second time it is asked for: the third and fourth are hits.
      assert.ok(Number(pages[1]) >= 0.5, 'two of four identical list requests were cache hits');
    }
    // The second request misses the page cache (it keeps a page the second time it is asked for)
    // and finds the page kept by its rows' versions.
    const kept = /marquee_cache_hit_ratio\{cache="pageVersions"\} ([\d.]+)/.exec(text);
    assert.ok(kept && Number(kept[1]) >= 0.5, 'a ratio for the pages kept by versions');
    if (suite.database.dialect === 'postgres')
      assert.match(text, /marquee_db_pool_connections\{state="total"\} \d+/);
    else assert.doesNotMatch(text, /marquee_db_pool_connections/);
    assert.equal((await fetch(metricsUrl.replace('/metrics', '/'))).status, 404);
  });
});

it('is served by marquee serve on METRICS_PORT, and not at all without it', async () => {
  const { createTestDatabase } = await import('../helpers/databases.js');
  const database = await createTestDatabase('sqlite');
  const port = await freePort();
  const serving = await startServer({ ...database.env, METRICS_PORT: String(port), LOG_LEVEL: 'warn' });
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    assert.match(text, /# TYPE marquee_http_requests_total counter/);
    assert.equal((await fetch(`${serving.url}/metrics`)).status, 404, 'not on the API port');
  } finally {
    assert.equal(await serving.stop(), 0);
    await database.dispose();
  }
});
