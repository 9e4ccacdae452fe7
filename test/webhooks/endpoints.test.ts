/**
 * Webhook endpoints (SPEC §8): an integration manages its own, in one organization; the secret
 * is shown when made and rotated only; URLs must be https on public addresses (the SSRF guard,
 * also at connection time).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { guardedLookup, isPublicAddress } from '../../src/webhooks/ssrf-guard.js';
import { attemptDelivery, deliveryAgent } from '../../src/webhooks/deliver.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor, changeDocument, type ErrorBody, pointers } from '../helpers/writes.js';

const endpoint = (attributes: Record<string, unknown>) => ({
  data: { type: 'webhook_endpoints', attributes },
});

interface EndpointBody {
  data: {
    id: string;
    attributes: {
      url: string;
      events: string[];
      enabled: boolean;
      secret?: string;
      disabled_reason: string | null;
    };
  };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
  });
  after(() => server.close());

  it('creates an endpoint with a secret shown once, lists, changes, rotates and deletes it', async () => {
    const made = await api<EndpointBody>('/v2/webhook_endpoints', {
      method: 'POST',
      body: endpoint({
        url: 'https://8.8.8.8/hooks',
        events: ['booking.created', 'booking.status_changed'],
        description: 'Calendar',
      }),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const { id, attributes } = made.body.data;
    assert.match(attributes.secret ?? '', /^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    assert.equal(made.headers.get('location'), `${server.url}/v2/webhook_endpoints/${id}`);
    const read = await api<EndpointBody>(`/v2/webhook_endpoints/${id}`);
    assert.equal(read.body.data.attributes.secret, undefined, 'the secret is not shown again');
    const list = await api<{ data: Array<{ id: string; attributes: { secret?: string } }> }>(
      '/v2/webhook_endpoints',
    );
    assert.deepEqual(
      list.body.data.map((e) => e.id),
      [id],
    );
    assert.equal(list.body.data[0]!.attributes.secret, undefined);

    const off = await api<EndpointBody>(`/v2/webhook_endpoints/${id}`, {
      method: 'PATCH',
      body: changeDocument('webhook_endpoints', id, { enabled: false, events: ['*'] }),
    });
    assert.equal(off.body.data.attributes.enabled, false);
    assert.deepEqual(off.body.data.attributes.events, ['*']);
    const on = await api<EndpointBody>(`/v2/webhook_endpoints/${id}`, {
      method: 'PATCH',
      body: changeDocument('webhook_endpoints', id, { enabled: true }),
    });
    assert.equal(on.body.data.attributes.enabled, true);
    assert.equal(on.body.data.attributes.disabled_reason, null);

    const rotated = await api<EndpointBody>(`/v2/webhook_endpoints/${id}/rotate_secret`, { method: 'POST' });
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.data.attributes.secret, attributes.secret);
    const stored = await suite.db
      .selectFrom('webhook_endpoints')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.secret, rotated.body.data.attributes.secret);
    assert.equal((await api(`/v2/webhook_endpoints/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/v2/webhook_endpoints/${id}`)).status, 404);
  });

  it('creates once for an Idempotency-Key, replaying the first answer (with its secret)', async () => {
    const headers = { 'idempotency-key': `endpoint-${Date.now()}` };
    const body = endpoint({ url: 'https://8.8.8.8/once', events: ['*'] });
    const first = await api<EndpointBody>('/v2/webhook_endpoints', { method: 'POST', body, headers });
    const again = await api<EndpointBody>('/v2/webhook_endpoints', { method: 'POST', body, headers });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.data.id, first.body.data.id);
    assert.equal(again.body.data.attributes.secret, first.body.data.attributes.secret);
    const rows = await suite.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('url', '=', 'https://8.8.8.8/once')
      .execute();
    assert.equal(rows.length, 1);
    const other = await api('/v2/webhook_endpoints', {
      method: 'POST',
      body: endpoint({ url: 'https://8.8.8.8/twice', events: ['*'] }),
      headers,
    });
    assert.equal(other.status, 422);
  });

  it('shows an integration only its own endpoints, and only in the organization it acts in', async () => {
    const mine = await api<EndpointBody>('/v2/webhook_endpoints', {
      method: 'POST',
      body: endpoint({ url: 'https://8.8.4.4/mine', events: ['*'] }),
    });
    const other = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.user.email,
      redirectUris: [],
    });
    const otherApi = apiFor(
      server,
      await clientCredentialsToken(server, {
        ...venue,
        privateClient: {
          id: other.integration.id,
          clientId: other.integration.clientId,
          clientSecret: other.clientSecret,
        },
      }),
      venue.orgId,
    );
    const id = mine.body.data.id;
    assert.deepEqual((await otherApi<{ data: unknown[] }>('/v2/webhook_endpoints')).body.data, []);
    for (const [method, path] of [
      ['GET', `/v2/webhook_endpoints/${id}`],
      ['DELETE', `/v2/webhook_endpoints/${id}`],
      ['POST', `/v2/webhook_endpoints/${id}/rotate_secret`],
    ] as const) {
      assert.equal((await otherApi(path, { method })).status, 404, `${method} ${path}`);
    }
    const readOnly = apiFor(server, await clientCredentialsToken(server, venue, 'crm_read'), venue.orgId);
    assert.equal((await readOnly('/v2/webhook_endpoints')).status, 200, 'crm_read suffices');
  });

  it('refuses URLs that are not https or not public, and unknown event types', async () => {
    const refused = async (url: string) => {
      const response = await api<ErrorBody>('/v2/webhook_endpoints', {
        method: 'POST',
        body: endpoint({ url, events: ['*'] }),
      });
      assert.equal(response.status, 422, `${url}: ${JSON.stringify(response.body)}`);
      assert.deepEqual(pointers(response.body), ['/data/attributes/url']);
      return response.body.errors[0]!.detail;
    };
    assert.match(await refused('http://8.8.8.8/hooks'), /https/);
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.0.0.8/x',
      'https://172.16.5.4/x',
      'https://192.168.1.20/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00:ec2::254]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      // IPv4-compatible IPv6 (::/96) and other forms that carry an IPv4 address inside.
      'https://[::127.0.0.1]/x',
      'https://[::10.0.0.1]/x',
      'https://[64:ff9b::7f00:1]/x',
      'https://[2002:7f00:1::]/x',
      'https://[2001::1]/x',
      // Documentation, benchmarking and reserved blocks of IANA's registries.
      'https://192.0.2.10/x',
      'https://198.18.0.1/x',
      'https://203.0.113.5/x',
      'https://240.0.0.1/x',
      'https://[2001:db8::1]/x',
      'https://[100::1]/x',
    ]) {
      assert.match(await refused(url), /not a public address/, url);
    }
    const events = await api<ErrorBody>('/v2/webhook_endpoints', {
      method: 'POST',
      body: endpoint({ url: 'https://8.8.8.8/hooks', events: ['booking.exploded'] }),
    });
    assert.deepEqual(pointers(events.body), ['/data/attributes/events']);
  });
});

it('refuses, when connecting, any address that is not public (so DNS rebinding gets nowhere)', async () => {
  assert.equal(isPublicAddress('93.184.216.34'), true);
  assert.equal(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946'), true);
  for (const address of [
    '127.0.0.1',
    '10.1.1.1',
    '169.254.169.254',
    '100.100.1.1',
    '::1',
    'fc00::1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '::7f00:1',
    '::',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    '2001:db8::1',
    '3fff::1',
    'ff02::1',
    '192.0.0.8',
    '198.51.100.7',
    '255.255.255.255',
    '224.0.0.1',
  ]) {
    assert.equal(isPublicAddress(address), false, address);
  }
  for (const address of ['1.1.1.1', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888']) {
    assert.equal(isPublicAddress(address), true, address);
  }
  const lookedUp = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
    guardedLookup('localhost', {}, (error) => resolve(error)),
  );
  assert.match(String(lookedUp?.message), /not a public address/);
  const agent = deliveryAgent(false);
  try {
    const byName = await attemptDelivery(agent, 'http://localhost:9/x', {}, '{}', false);
    assert.equal(byName.ok, false);
    assert.match(byName.error ?? '', /not a public address/);
    const byAddress = await attemptDelivery(agent, 'http://127.0.0.1:9/x', {}, '{}', false);
    assert.match(byAddress.error ?? '', /not a public address/);
  } finally {
    await agent.close();
  }
});
