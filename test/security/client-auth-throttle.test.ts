/**
 * Failed client authentication waits per (client id, address) (SPEC §4): a stranger who knows a
 * public client id and sends wrong secrets is slowed, with waits that grow, while the real client
 * at another address keeps getting tokens. Refusals stay RFC 6749 JSON errors (429 with
 * Retry-After); failures are counted in `marquee_oauth_client_auth_failures_total`.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, postForm, type Venue } from '../helpers/oauth.js';
import { fromAddress } from './from-address.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;

  before(async () => {
    server = await startTestServer(suite.database, { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  const at = (address: string): TestServer => ({ ...server, fetch: fromAddress(server.fetch, address) });
  const guess = (address: string, clientId: string) =>
    postForm(at(address), '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: 'mqs_wrong',
    });

  it('slows a stranger guessing a public client secret, not the client itself', async () => {
    const stranger = '203.0.113.50';
    for (let i = 0; i < 10; i++) {
      const response = await guess(stranger, venue.publicClient.clientId);
      assert.equal(response.status, 401);
      assert.equal(response.body.error, 'invalid_client');
    }
    const refused = await guess(stranger, venue.publicClient.clientId);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error, 'invalid_request');
    assert.equal(typeof refused.body.error_description, 'string');
    assert.equal(refused.headers.get('retry-after'), '15');

    // The real client, elsewhere: authenticated (a public client may not use client_credentials,
    // which it learns only once authenticated) and, as private client, issued tokens.
    const real = await postForm(at('198.51.100.50'), '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    assert.equal(real.body.error, 'unauthorized_client', 'authenticated despite the stranger');
    const introspected = await postForm(at('198.51.100.50'), '/oauth/introspect', {
      token: 'unknown',
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    assert.equal(introspected.status, 200);
  });

  it('makes each further failure from the address wait twice as long', async () => {
    const stranger = '203.0.113.51';
    for (let i = 0; i < 10; i++) await guess(stranger, venue.privateClient.clientId);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const refused = await guess(stranger, venue.privateClient.clientId);
      assert.equal(refused.status, 429);
      waits.push(Number(refused.headers.get('retry-after')));
      server.clock.advance(waits[i]! * 1000);
      assert.equal((await guess(stranger, venue.privateClient.clientId)).status, 401);
    }
    assert.deepEqual(waits, [15, 30, 60]);
    const real = await postForm(at('198.51.100.51'), '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: venue.privateClient.clientId,
      client_secret: venue.privateClient.clientSecret,
    });
    assert.equal(real.status, 200);
  });

  it('counts failed client authentications by reason', async () => {
    const text = await server.app.ctx.metrics.registry.getSingleMetricAsString(
      'marquee_oauth_client_auth_failures_total',
    );
    assert.match(text, /reason="wrong_credentials"\} 23/);
    assert.match(text, /reason="throttled"\} 4/);
  });
});
