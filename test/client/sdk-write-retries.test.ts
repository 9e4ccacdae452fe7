/**
 * Creates through a proxy that loses the first answer after the server acted: the client retries
 * with the same Idempotency-Key and the resource exists once.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Marquee, type MarqueeApi, type MemoryTokenStore } from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { type FaultProxy, startFaultProxy } from '../helpers/fault-proxy.js';
import type { Venue } from '../helpers/oauth.js';
import { startVenue } from './connect.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: MarqueeApi;
  let tokenStore: MemoryTokenStore;
  let proxy: FaultProxy;
  let viaProxy: MarqueeApi;
  /** Paths whose next POST loses its answer. */
  const losing = new Set<string>();
  before(async () => {
    ({ server, venue, api, tokenStore } = await startVenue(suite.database));
    proxy = await startFaultProxy(server.url, (method, path) => {
      if (method === 'POST' && losing.delete(path)) return { forwardThenStatus: 503 };
      return 'forward';
    });
    viaProxy = new Marquee({
      baseUrl: proxy.url,
      clientId: venue.publicClient.clientId,
      clientSecret: venue.publicClient.clientSecret,
      tokenStore,
      maxRetryDelay: 50,
    })
      .forUser('admin')
      .inOrganization(venue.orgId);
  });
  after(async () => {
    await proxy.close();
    await server.close();
  });

  /** Runs `create` with its first answer lost; checks that it was sent twice with one key. */
  async function withLostAnswer<T>(path: string, create: () => Promise<T>): Promise<T> {
    const before = proxy.requests.length;
    losing.add(path);
    const created = await create();
    const posts = proxy.requests.slice(before).filter((r) => r.method === 'POST' && r.path === path);
    assert.equal(posts.length, 2, 'the first answer was lost, so the client retried');
    assert.match(String(posts[0]?.headers['idempotency-key']), /^[0-9a-f-]{36}$/);
    assert.equal(posts[0]?.headers['idempotency-key'], posts[1]?.headers['idempotency-key']);
    return created;
  }

  const idsNamed = async (table: 'spaces' | 'accounts' | 'bookings', name: string) =>
    (await suite.db.selectFrom(table).select('id').where('name', '=', name).execute()).map((r) => r.id);

  it('creates a space, an account, a contact and a booking once when their answers are lost', async () => {
    const space = await withLostAnswer('/v2/spaces', () => viaProxy.spaces.create({ name: 'Once Hall' }));
    assert.deepEqual(await idsNamed('spaces', 'Once Hall'), [space.id]);

    const account = await withLostAnswer('/v2/accounts', () =>
      viaProxy.accounts.create({ name: 'Once Ltd' }),
    );
    assert.deepEqual(await idsNamed('accounts', 'Once Ltd'), [account.id]);

    const contact = await withLostAnswer('/v2/contacts', () =>
      viaProxy.contacts.create({ first_name: 'Onnie', last_name: 'Once', account }),
    );
    const contacts = await suite.db
      .selectFrom('contacts')
      .select('id')
      .where('last_name', '=', 'Once')
      .execute();
    assert.deepEqual(
      contacts.map((c) => c.id),
      [contact.id],
    );

    const booking = await withLostAnswer('/v2/bookings', () =>
      viaProxy.bookings.create({
        name: 'Once party',
        start_at: '2029-05-01T18:00:00Z',
        end_at: '2029-05-01T22:00:00Z',
        status: 'definite',
        account,
        contact,
        spaces: [space],
      }),
    );
    assert.deepEqual(await idsNamed('bookings', 'Once party'), [booking.id]);
    assert.deepEqual(booking.space_ids, [space.id]);
    const listed = await api.bookings.list({ search: booking.reference }).toArray();
    assert.equal(listed.length, 1, 'the replayed create took one reference, not two');
  });

  it('replays a create sent again with the same idempotencyKey', async () => {
    const key = globalThis.crypto.randomUUID();
    const first = await api.accounts.create({ name: 'Twice Ltd' }, { idempotencyKey: key });
    const again = await api.accounts.create({ name: 'Twice Ltd' }, { idempotencyKey: key });
    assert.equal(again.id, first.id);
    assert.equal(again.etag, first.etag);
    assert.deepEqual(await idsNamed('accounts', 'Twice Ltd'), [first.id]);
  });

  it('retries a 409 that says another request with the key is in progress', async () => {
    const sent: string[] = [];
    let answered = false;
    const marquee = new Marquee({
      baseUrl: server.url,
      clientId: venue.publicClient.clientId,
      clientSecret: venue.publicClient.clientSecret,
      tokenStore,
      maxRetryDelay: 50,
      fetch: async (input, init) => {
        sent.push(String((init?.headers as Record<string, string>)['idempotency-key']));
        if (init?.method === 'POST' && !answered) {
          answered = true;
          const error = {
            status: '409',
            code: 'idempotency_in_progress',
            detail: 'Another request with this key is in progress',
          };
          return new Response(JSON.stringify({ errors: [error] }), { status: 409 });
        }
        return fetch(input, init);
      },
    });
    const account = await marquee
      .forUser('admin')
      .inOrganization(venue.orgId)
      .accounts.create({ name: 'Patient Ltd' });
    assert.equal(sent.length, 2);
    assert.equal(sent[0], sent[1], 'the retry carries the same Idempotency-Key');
    assert.deepEqual(await idsNamed('accounts', 'Patient Ltd'), [account.id]);
  });
});
