/**
 * `Marquee.webhooks.verify` on real deliveries made by the server's delivery worker: it returns
 * the event as the `standardwebhooks` library and `events.get` show it, and refuses a changed
 * body, another secret, missing headers and timestamps beyond the tolerance of the `now` given.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  Marquee,
  type MarqueeApi,
  type WebhookEndpointWithSecret,
  WebhookVerificationError,
} from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { type Received, WebhookReceiver } from '../helpers/webhook-receiver.js';
import { startDeliveringVenue } from './deliveries.js';

const { verify } = Marquee.webhooks;
const OTHER_SECRET = `whsec_${Buffer.from('another secret, thirty-two bytes').toString('base64')}`;

const refusedWith = (code: WebhookVerificationError['code']) => (error: unknown) => {
  assert.ok(error instanceof WebhookVerificationError, `a WebhookVerificationError, not ${String(error)}`);
  assert.equal(error.code, code, error.message);
  return true;
};

const headersOf = (delivery: Received) => delivery.headers as Record<string, string>;
const signedAt = (delivery: Received) => Number(delivery.headers['webhook-timestamp']);

eachDatabase((suite) => {
  let api: MarqueeApi;
  let server: TestServer;
  let close: () => Promise<void>;
  const receiver = new WebhookReceiver();
  let endpoint: WebhookEndpointWithSecret;
  before(async () => {
    ({ api, server, close } = await startDeliveringVenue(suite.database));
    const url = await receiver.start();
    endpoint = await api.webhookEndpoints.create({ url, events: ['account.created', 'account.updated'] });
    receiver.secret = endpoint.secret;
  });
  after(async () => {
    await receiver.close();
    await close();
  });

  /** Makes one account change and waits for its delivery. */
  async function delivered(change: () => Promise<unknown>): Promise<Received> {
    const count = receiver.received.length;
    await change();
    return (await receiver.waitFor(count + 1))[count]!;
  }

  it('returns the delivered event as standardwebhooks and events.get show it', async () => {
    let account = { id: '' };
    const createdDelivery = await delivered(
      async () => (account = await api.accounts.create({ name: 'Marlowe & Finch' })),
    );
    const updatedDelivery = await delivered(() => api.accounts.update(account.id, { city: 'Salem' }));

    const created = await verify(createdDelivery.body, headersOf(createdDelivery), endpoint.secret);
    assert.ok(createdDelivery.event, 'standardwebhooks verified it too');
    assert.deepEqual(created, createdDelivery.event);
    assert.deepEqual(created, await api.changes.get(created.id));
    assert.equal(created.id, createdDelivery.headers['webhook-id']);
    assert.equal(created.type, 'account.created');
    if (created.type !== 'account.created') return;
    assert.equal(created.data.object.attributes.name, 'Marlowe & Finch');
    assert.equal(created.data.object.links.self, `${server.url}/v2/accounts/${account.id}`);

    const updated = await verify(updatedDelivery.body, headersOf(updatedDelivery), endpoint.secret);
    assert.deepEqual(updated, await api.changes.get(updated.id));
    assert.equal(updated.type, 'account.updated');
    if (updated.type !== 'account.updated') return;
    assert.deepEqual(updated.data.previous_attributes, { city: null });
    assert.equal(updated.data.object.attributes.city, 'Salem');
  });

  it('takes the body as bytes and the headers as a fetch Headers, in any case', async () => {
    const delivery = await delivered(() => api.accounts.create({ name: 'Bytes Ltd.' }));
    const headers = new Headers(headersOf(delivery));
    const fromBytes = await verify(Buffer.from(delivery.body), headers, endpoint.secret);
    const shouted = Object.fromEntries(
      Object.entries(headersOf(delivery)).map(([name, value]) => [name.toUpperCase(), value]),
    );
    const fromArrayBuffer = await verify(
      new TextEncoder().encode(delivery.body).buffer,
      shouted,
      endpoint.secret,
    );
    assert.deepEqual(fromBytes, delivery.event);
    assert.deepEqual(fromArrayBuffer, delivery.event);
  });

  it('refuses a changed body, another secret and missing headers', async () => {
    const delivery = await delivered(() => api.accounts.create({ name: 'Untouched Inc.' }));
    const headers = headersOf(delivery);
    await assert.rejects(
      verify(delivery.body.replace('Untouched', 'Touched'), headers, endpoint.secret),
      refusedWith('invalid_signature'),
    );
    await assert.rejects(verify(delivery.body, headers, OTHER_SECRET), refusedWith('invalid_signature'));
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const { [name]: _left, ...without } = headers;
      await assert.rejects(verify(delivery.body, without, endpoint.secret), (error: unknown) => {
        refusedWith('missing_header')(error);
        assert.match((error as Error).message, new RegExp(name));
        return true;
      });
    }
    await assert.rejects(
      verify(delivery.body, { ...headers, 'webhook-timestamp': 'yesterday' }, endpoint.secret),
      refusedWith('invalid_timestamp'),
    );
    await assert.rejects(verify(delivery.body, headers, 'whsec_!!not base64!!'), TypeError);
    await assert.rejects(
      verify(JSON.parse(delivery.body) as never, headers, endpoint.secret),
      /raw request body/,
    );
  });

  it('refuses a timestamp more than the tolerance away from the `now` given', async () => {
    const delivery = await delivered(() => api.accounts.create({ name: 'Punctual plc' }));
    const { body } = delivery;
    const headers = headersOf(delivery);
    const at = (seconds: number) => (signedAt(delivery) + seconds) * 1000;
    assert.equal((await verify(body, headers, endpoint.secret, { now: at(300) })).id, delivery.event?.id);
    assert.equal((await verify(body, headers, endpoint.secret, { now: at(-300) })).id, delivery.event?.id);
    await assert.rejects(
      verify(body, headers, endpoint.secret, { now: at(301) }),
      refusedWith('timestamp_too_old'),
    );
    await assert.rejects(
      verify(body, headers, endpoint.secret, { now: new Date(at(-301)) }),
      refusedWith('timestamp_too_new'),
    );
    const lenient = { now: at(3600), tolerance: 3600 };
    assert.equal((await verify(body, headers, endpoint.secret, lenient)).id, delivery.event?.id);
    await assert.rejects(
      verify(body, headers, endpoint.secret, { now: at(61), tolerance: 60 }),
      refusedWith('timestamp_too_old'),
    );
  });

  it('accepts any one of several v1 signatures, and ignores other versions', async () => {
    const delivery = await delivered(() => api.accounts.create({ name: 'Several Signatures' }));
    const headers = headersOf(delivery);
    const real = headers['webhook-signature']!;
    const forged = `v1,${Buffer.alloc(32, 7).toString('base64')}`;
    const several = { ...headers, 'webhook-signature': `${forged} v1a,abc ${real}` };
    assert.deepEqual(await verify(delivery.body, several, endpoint.secret), delivery.event);
    const otherVersion = { ...headers, 'webhook-signature': `${forged} ${real.replace('v1,', 'v2,')}` };
    await assert.rejects(
      verify(delivery.body, otherVersion, endpoint.secret),
      refusedWith('invalid_signature'),
    );
  });

  it('verifies with the new secret after a rotation, or with both while the receiver moves over', async () => {
    const old = endpoint.secret;
    const rotated = await api.webhookEndpoints.rotateSecret(endpoint.id);
    assert.match(rotated.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.notEqual(rotated.secret, old);
    receiver.secret = rotated.secret;
    const delivery = await delivered(() => api.accounts.create({ name: 'After Rotation' }));
    assert.ok(delivery.event, 'signed with the new secret');
    const headers = headersOf(delivery);
    await assert.rejects(verify(delivery.body, headers, old), refusedWith('invalid_signature'));
    assert.deepEqual(await verify(delivery.body, headers, rotated.secret), delivery.event);
    assert.deepEqual(await verify(delivery.body, headers, [old, rotated.secret]), delivery.event);
  });
});
