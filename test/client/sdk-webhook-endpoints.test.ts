/**
 * Managing webhook endpoints with @marquee/client: the secret on create and rotation only,
 * changes and turning off and on, the URL and event checks, and endpoints kept to their
 * integration.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Marquee, type MarqueeApi, NotFoundError, ValidationError } from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import type { Venue } from '../helpers/oauth.js';
import { startVenue } from './connect.js';

/** A public address given as an IP literal, so the check needs no DNS. */
const PUBLIC_URL = 'https://93.184.215.14/marquee/webhooks';

const refusedUrl = (error: unknown) => {
  assert.ok(error instanceof ValidationError, `a ValidationError, not ${String(error)}`);
  assert.equal(error.code, 'unsafe_url');
  assert.equal(error.pointer, '/data/attributes/url');
  return true;
};

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: MarqueeApi;
  before(async () => {
    ({ server, venue, api } = await startVenue(suite.database));
  });
  after(() => server.close());

  it('creates, reads, changes, rotates and deletes an endpoint', async () => {
    const made = await api.webhookEndpoints.create({
      url: PUBLIC_URL,
      events: ['booking.created', 'booking.status_changed'],
      description: 'Sync to the ticketing system',
    });
    assert.match(made.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const { secret: _secret, ...shown } = made;
    assert.deepEqual(shown, {
      id: made.id,
      url: PUBLIC_URL,
      events: ['booking.created', 'booking.status_changed'],
      description: 'Sync to the ticketing system',
      enabled: true,
      disabled_reason: null,
      created_at: made.created_at,
      updated_at: made.updated_at,
    });
    assert.deepEqual(await api.webhookEndpoints.get(made.id), shown, 'the secret is not shown again');
    assert.deepEqual(await api.webhookEndpoints.list().toArray(), [shown]);

    const off = await api.webhookEndpoints.update(made.id, {
      events: ['*'],
      enabled: false,
      description: null,
    });
    assert.deepEqual(off.events, ['*']);
    assert.equal(off.enabled, false);
    assert.equal(off.disabled_reason, 'Turned off.');
    assert.equal(off.description, null);
    assert.equal('secret' in off, false);
    const on = await api.webhookEndpoints.update(made.id, { enabled: true });
    assert.equal(on.enabled, true);
    assert.equal(on.disabled_reason, null);
    assert.deepEqual(on.events, ['*']);

    const rotated = await api.webhookEndpoints.rotateSecret(made.id);
    assert.equal(rotated.id, made.id);
    assert.match(rotated.secret, /^whsec_/);
    assert.notEqual(rotated.secret, made.secret);

    await api.webhookEndpoints.delete(made.id);
    await assert.rejects(api.webhookEndpoints.get(made.id), NotFoundError);
    assert.deepEqual(await api.webhookEndpoints.list().toArray(), []);
  });

  it('refuses URLs off https or on private addresses, and unknown event types', async () => {
    await assert.rejects(
      api.webhookEndpoints.create({ url: 'http://93.184.215.14/hooks', events: ['*'] }),
      refusedUrl,
    );
    await assert.rejects(
      api.webhookEndpoints.create({ url: 'https://10.1.2.3/hooks', events: ['*'] }),
      refusedUrl,
    );
    const endpoint = await api.webhookEndpoints.create({ url: PUBLIC_URL, events: ['note.created'] });
    await assert.rejects(
      api.webhookEndpoints.update(endpoint.id, { url: 'https://169.254.169.254/latest' }),
      refusedUrl,
    );
    await assert.rejects(
      api.webhookEndpoints.update(endpoint.id, { events: ['booking.exploded' as 'booking.created'] }),
      (error: unknown) => error instanceof ValidationError && error.pointer === '/data/attributes/events',
    );
    assert.deepEqual((await api.webhookEndpoints.get(endpoint.id)).events, ['note.created']);
    await api.webhookEndpoints.delete(endpoint.id);
  });

  it('keeps endpoints to their integration: another one neither lists nor reads them', async () => {
    const mine = await api.webhookEndpoints.create({ url: PUBLIC_URL, events: ['account.created'] });
    const other = new Marquee({
      baseUrl: server.url,
      clientId: venue.privateClient.clientId,
      clientSecret: venue.privateClient.clientSecret,
      organizationId: venue.orgId,
    }).forClientCredentials(['crm_read']);
    assert.deepEqual(await other.webhookEndpoints.list().toArray(), []);
    await assert.rejects(other.webhookEndpoints.get(mine.id), NotFoundError);
    await assert.rejects(other.webhookEndpoints.rotateSecret(mine.id), NotFoundError);
    await assert.rejects(other.webhookEndpoints.delete(mine.id), NotFoundError);
    assert.equal((await api.webhookEndpoints.get(mine.id)).id, mine.id);
  });
});
