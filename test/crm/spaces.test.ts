/**
 * Spaces (SPEC §7): everyone reads them, only organization admins write them; names are unique
 * in an organization; a rename shows in the bookings that hold the space; a capacity below an
 * open booking's guests and deleting a held space are refused.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  type ErrorBody,
  pointers,
  spaceDocument,
} from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
  });
  after(() => server.close());

  it('lets admins create, change and delete spaces, and members only read them', async () => {
    const response = await admin('/v2/spaces', {
      method: 'POST',
      body: spaceDocument({ name: 'Loft', capacity: 80 }),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const id = response.body.data.id;
    assert.deepEqual(Object.keys(response.body.data.attributes).sort(), [
      'archived_at',
      'area',
      'capacities',
      'capacity',
      'created_at',
      'name',
      'shareable',
      'updated_at',
    ]);

    const list = await member('/v2/spaces');
    assert.equal(list.status, 200);
    assert.ok((list.body as unknown as { data: Array<{ id: string }> }).data.some((s) => s.id === id));
    assert.equal((await member(`/v2/spaces/${id}`)).status, 200);

    for (const [method, path, body] of [
      ['POST', '/v2/spaces', spaceDocument({ name: 'Cellar' })],
      ['PATCH', `/v2/spaces/${id}`, changeDocument('spaces', id, { capacity: 90 })],
      ['DELETE', `/v2/spaces/${id}`, undefined],
    ] as const) {
      const refused = await member<ErrorBody>(path, { method, ...(body ? { body } : {}) });
      assert.equal(refused.status, 403, `${method} by a member`);
      assert.equal(refused.body.errors[0]?.code, 'admin_only');
    }
    const changed = await admin(`/v2/spaces/${id}`, {
      method: 'PATCH',
      body: changeDocument('spaces', id, { capacity: null }),
      headers: { 'if-match': response.headers.get('etag')! },
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.attributes.capacity, null);
    assert.equal((await admin(`/v2/spaces/${id}`, { method: 'DELETE' })).status, 204);
  });

  it('keeps names unique in an organization and capacities whole and positive', async () => {
    await created(admin, '/v2/spaces', spaceDocument({ name: 'Library' }));
    const taken = await admin<ErrorBody>('/v2/spaces', {
      method: 'POST',
      body: spaceDocument({ name: ' Library ' }),
    });
    assert.equal(taken.status, 422);
    assert.equal(taken.body.errors[0]?.code, 'taken');
    const bad = await admin<ErrorBody>('/v2/spaces', {
      method: 'POST',
      body: spaceDocument({ name: 'Nook', capacity: 0 }),
    });
    assert.deepEqual(pointers(bad.body), ['/data/attributes/capacity']);

    const other = await makeVenue(suite.db);
    const elsewhere = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    assert.equal(
      (await elsewhere('/v2/spaces', { method: 'POST', body: spaceDocument({ name: 'Library' }) })).status,
      201,
      'another organization may use the name',
    );
  });

  it('renames a space in the bookings that hold it; refuses a capacity below their guests and deleting it', async () => {
    const space = await created(admin, '/v2/spaces', spaceDocument({ name: 'Pavilion', capacity: 150 }));
    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Kestrel Aviation' }));
    const booking = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { guest_count: 120 }, { spaces: [space] }),
    );
    const renamed = await admin(`/v2/spaces/${space}`, {
      method: 'PATCH',
      body: changeDocument('spaces', space, { name: 'Garden Pavilion' }),
    });
    assert.equal(renamed.status, 200);
    const read = await admin(`/v2/bookings/${booking}`);
    assert.deepEqual(read.body.data.attributes.room_names, ['Garden Pavilion']);

    const smaller = await admin<ErrorBody>(`/v2/spaces/${space}`, {
      method: 'PATCH',
      body: changeDocument('spaces', space, { capacity: 100 }),
    });
    assert.equal(smaller.status, 422);
    assert.match(smaller.body.errors[0]!.detail, /1 open booking holds this space with more than 100 guests/);

    const held = await admin<ErrorBody>(`/v2/spaces/${space}`, { method: 'DELETE' });
    assert.equal(held.status, 409);
    assert.equal(held.body.errors[0]?.code, 'has_dependents');
  });

  it('holds a change of capacity or capacities against open events for their setup style (SPEC §11)', async () => {
    const hall = await created(
      admin,
      '/v2/spaces',
      spaceDocument({ name: 'Assembly Hall', capacity: 100, capacities: { theatre: 200 } }),
    );
    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Northwind Forum' }));
    const booking = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { status: 'tentative', guest_count: 20 }, { spaces: [hall] }),
    );
    // Its one event seats 150 theatre-style: more than the hall's general 100, within its 200.
    const events = await admin<{ data: Array<{ id: string }> }>(
      `/v2/events?filter[booking_id][eq]=${booking}`,
    );
    const event = events.body.data[0]!.id;
    const seated = await admin(`/v2/events/${event}`, {
      method: 'PATCH',
      body: changeDocument('events', event, { guest_count: 150, setup_style: 'theatre' }),
    });
    assert.equal(seated.status, 200, JSON.stringify(seated.body));
    const patch = (attributes: Record<string, unknown>) =>
      admin<ErrorBody>(`/v2/spaces/${hall}`, {
        method: 'PATCH',
        body: changeDocument('spaces', hall, attributes),
      });

    assert.equal((await patch({ capacity: 100 })).status, 200, 'the same general capacity saves again');
    assert.equal((await patch({ capacity: 90 })).status, 200, 'the theatre figure is what the event needs');
    const lowerTheatre = await patch({ capacities: { theatre: 120 } });
    assert.equal(lowerTheatre.status, 422);
    assert.deepEqual(
      lowerTheatre.body.errors.map((e) => [e.code, e.source?.pointer]),
      [['below_bookings', '/data/attributes/capacities']],
    );
    const noStyles = await patch({ capacities: {} });
    assert.equal(noStyles.status, 422, 'without a theatre figure, the general 90 applies');
    const both = await patch({ capacity: 160, capacities: {} });
    assert.equal(both.status, 200, JSON.stringify(both.body));
    const tooFew = await patch({ capacity: 149 });
    assert.equal(tooFew.status, 422);
    assert.match(tooFew.body.errors[0]!.detail, /1 open booking holds this space with more than 149 guests/);
    assert.equal((await patch({ capacity: null })).status, 200, 'no limit at all');
  });
});
