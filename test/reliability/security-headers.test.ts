/** Security headers on every page and API response; no-store on everything that carries tokens. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, makeCrm, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { BrowserSession } from '../helpers/browser-session.js';

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let token: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 1);
    token = await clientCredentialsToken(server, crm.venue);
  });
  after(() => server.close());

  it('sends nosniff, no referrer, framing forbidden and a strict CSP everywhere', async () => {
    const api = { authorization: `Bearer ${token}`, 'x-api-org': crm.venue.orgId };
    const targets: Array<[string, Record<string, string>]> = [
      ['/sign-in', {}],
      ['/settings/connected-apps', {}],
      [`/oauth/authorize?client_id=${crm.venue.publicClient.clientId}`, {}],
      ['/v2/bookings', api],
      ['/v2/me', api],
      ['/notes', {}],
      ['/no/such/page', {}],
      ['/.well-known/oauth-authorization-server', {}],
      ['/openapi.json', {}],
      ['/docs/', {}],
      ['/healthz', {}],
    ];
    for (const [path, headers] of targets) {
      const response = await server.fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
      const csp = response.headers.get('content-security-policy') ?? '';
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer', path);
      assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
      assert.match(csp, /frame-ancestors 'none'/, path);
      assert.match(csp, /default-src 'self'/, path);
      assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'/, path);
      await response.body?.cancel();
    }
  });

  it('marks every OAuth response no-store, errors included', async () => {
    for (const [path, init] of [
      [
        '/oauth/token',
        {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: crm.venue.privateClient.clientId,
            client_secret: crm.venue.privateClient.clientSecret,
          }),
        },
      ],
      ['/oauth/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) }],
      ['/oauth/revoke', { method: 'POST', body: new URLSearchParams({ token: 'x' }) }],
      ['/oauth/introspect', { method: 'POST', body: new URLSearchParams({ token: 'x' }) }],
    ] as const) {
      const response = await server.fetch(`${server.url}${path}`, init);
      assert.equal(response.headers.get('cache-control'), 'no-store', `${path} ${response.status}`);
      await response.body?.cancel();
    }
  });

  it('holds sign-in throttling under a brute-force loop', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const page = await session.request('/sign-in');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await session.request('/sign-in', {
        form: { _csrf: csrf, return_to: '/', email: crm.venue.user.email, password: `guess-${i}` },
      });
      statuses.push(response.status);
    }
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.ok(
      statuses.slice(5).every((s) => s === 429),
      JSON.stringify(statuses),
    );
  });
});
