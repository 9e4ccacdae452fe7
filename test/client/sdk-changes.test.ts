/**
 * `changes.list` and `changes.get` for integrations that poll: pages by cursor, filters by type and
 * time, either order, and the same event shape webhook deliveries have.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type MarqueeApi, type MarqueeChange, NotFoundError } from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { requestsTo, startVenue } from './connect.js';

eachDatabase((suite) => {
  let server: TestServer;
  let api: MarqueeApi;
  const accountIds: string[] = [];
  before(async () => {
    ({ server, api } = await startVenue(suite.database));
    for (let i = 0; i < 7; i++) accountIds.push((await api.accounts.create({ name: `Poller ${i}` })).id);
  });
  after(() => server.close());

  it('pages through events oldest first by cursor, newest first by default', async () => {
    const before = requestsTo(server, 'GET', '/v2/changes');
    const oldestFirst = await api.changes
      .list({ type: 'account.created', sort: 'created_at', pageSize: 3 })
      .toArray();
    assert.equal(requestsTo(server, 'GET', '/v2/changes') - before, 3, 'three pages of at most three');
    assert.deepEqual(
      oldestFirst.map((e) => e.data.object.id),
      accountIds,
    );
    for (const event of oldestFirst) {
      assert.equal(event.type, 'account.created');
      assert.match(event.id, /^chg_/);
      assert.equal(event.data.object.attributes.name, `Poller ${accountIds.indexOf(event.data.object.id)}`);
      assert.equal(event.data.object.links.self, `${server.url}/v2/accounts/${event.data.object.id}`);
      assert.equal('previous_attributes' in event.data, false);
    }
    const newestFirst = await api.changes.list({ type: { eq: 'account.created' }, pageSize: 4 }).toArray();
    assert.deepEqual(
      newestFirst.map((e) => e.id),
      oldestFirst.map((e) => e.id).reverse(),
    );
    assert.deepEqual(await api.changes.get(oldestFirst[2]!.id), oldestFirst[2]);
  });

  it('filters by several types, and by time with strings or Dates', async () => {
    const hall = await api.spaces.create({ name: 'Harbour Room' });
    const booking = await api.bookings.create({
      name: 'Harbour dinner',
      start_at: '2030-02-01T18:00:00Z',
      end_at: '2030-02-01T22:00:00Z',
      account: accountIds[0]!,
      spaces: [hall],
    });
    await api.bookings.update(booking.id, { status: 'tentative' });

    const moves = await api.changes.list({ type: ['booking.status_changed'] }).toArray();
    assert.equal(moves.length, 1);
    const [move] = moves;
    assert.equal(move!.data.previous_attributes.status, 'lead');
    assert.equal(move!.data.object.attributes.status, 'tentative');
    assert.equal(move!.data.object.attributes.reference, booking.reference);

    const mixed = await api.changes
      .list({ type: { in: ['space.created', 'booking.created', 'booking.updated'] }, sort: 'created_at' })
      .toArray();
    assert.deepEqual(
      mixed.map((e) => e.type),
      ['space.created', 'booking.created', 'booking.updated'],
    );

    const all = await api.changes.list({ sort: 'created_at', pageSize: 100 }).toArray();
    const bound = all[4]!.created_at;
    const later = await api.changes.list({ created_at: { gt: bound }, sort: 'created_at' }).toArray();
    assert.deepEqual(
      later.map((e) => e.id),
      all.filter((e) => e.created_at > bound).map((e) => e.id),
    );
    const upTo = await api.changes
      .list({ created_at: { lteq: new Date(bound) }, sort: 'created_at' })
      .toArray();
    assert.deepEqual(
      upTo.map((e) => e.id),
      all.filter((e) => e.created_at <= bound).map((e) => e.id),
    );
    const between = await api.changes
      .list({ created_at: { gteq: all[1]!.created_at, lt: new Date(bound) }, sort: 'created_at' })
      .toArray();
    assert.deepEqual(
      between.map((e) => e.id),
      all.filter((e) => e.created_at >= all[1]!.created_at && e.created_at < bound).map((e) => e.id),
    );
  });

  it('shows a deletion as the type and id of what went', async () => {
    const doomed = await api.contacts.create({ first_name: 'Temporary' });
    await api.contacts.delete(doomed.id);
    const [deleted] = await api.changes.list({ type: 'contact.deleted' }).toArray();
    assert.ok(deleted);
    const expected: MarqueeChange['data'] = { object: { type: 'contacts', id: doomed.id } };
    assert.deepEqual(deleted.data, expected);
    await assert.rejects(api.changes.get('chg_nope'), NotFoundError);
  });
});
