/**
 * Spaces as Event Temple describes them (SPEC §15): `area` in whole square metres and
 * `archived_at`. An archived space takes no new events (a booking or an event naming it anew is
 * a 422 `archived`), keeps the events it holds, and is left out of availability; `null` brings it
 * back. `filter[archived_at][null]` lists the spaces on offer.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
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
  eventDocument,
  spaceDocument,
} from '../helpers/writes.js';

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

  it('keeps an area in square metres and refuses a bad one and a bad time together', async () => {
    const response = await api('/v2/spaces', {
      method: 'POST',
      body: spaceDocument({ name: 'Orangery', capacity: 90, area: 145 }),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.data.attributes.area, 145);
    assert.equal(response.body.data.attributes.archived_at, null);
    const id = response.body.data.id;

    const bad = await api<ErrorBody>(`/v2/spaces/${id}`, {
      method: 'PATCH',
      body: changeDocument('spaces', id, { area: 12.5, archived_at: 'last Tuesday' }),
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.errors.map((e) => e.source?.pointer).sort(), [
      '/data/attributes/archived_at',
      '/data/attributes/area',
    ]);
    const cleared = await api(`/v2/spaces/${id}`, {
      method: 'PATCH',
      body: changeDocument('spaces', id, { area: null }),
    });
    assert.equal(cleared.body.data.attributes.area, null);
  });

  it('takes no new events in an archived space, keeps the ones it holds, and leaves it out of availability', async () => {
    const cellar = await created(api, '/v2/spaces', spaceDocument({ name: 'Wine cellar', capacity: 30 }));
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Vintners Guild' }));
    const booking = await created(
      api,
      '/v2/bookings',
      bookingDocument(
        account,
        { name: 'Tasting', status: 'definite', guest_count: 20 },
        { spaces: [cellar] },
      ),
    );

    const archived = await api(`/v2/spaces/${cellar}`, {
      method: 'PATCH',
      body: changeDocument('spaces', cellar, { archived_at: '2027-01-01T09:00:00+01:00' }),
    });
    assert.equal(archived.status, 200, JSON.stringify(archived.body));
    assert.equal(archived.body.data.attributes.archived_at, '2027-01-01T08:00:00.000Z');

    const event = await api<ErrorBody>('/v2/events', {
      method: 'POST',
      body: eventDocument(booking, { name: 'Second tasting' }, [cellar]),
    });
    assert.equal(event.status, 422);
    assert.deepEqual(
      event.body.errors.map((e) => [e.code, e.source?.pointer, e.detail]),
      [['archived', '/data/relationships/spaces/data', 'Wine cellar is archived: it takes no new events.']],
    );
    const another = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { name: 'Later tasting' }, { spaces: [cellar] }),
    });
    assert.equal(another.status, 422);
    assert.equal(another.body.errors[0]?.code, 'archived');

    // The booking that held it keeps it, and still changes.
    const renamed = await api(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, { name: 'Autumn tasting', guest_count: 24 }),
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(renamed.body.data.attributes.room_names, ['Wine cellar']);

    const window = 'start_at=2027-06-01T17:00:00Z&end_at=2027-06-01T19:00:00Z';
    const names = async () =>
      (
        await api<{ data: Array<{ attributes: { space_name: string } }> }>(`/v2/availability?${window}`)
      ).body.data.map((s) => s.attributes.space_name);
    assert.equal((await names()).includes('Wine cellar'), false);
    const offered = await api<{ data: Array<{ id: string }> }>('/v2/spaces?filter[archived_at][null]=true');
    assert.equal(offered.status, 200, JSON.stringify(offered.body));
    assert.equal(
      offered.body.data.some((s) => s.id === cellar),
      false,
    );

    const back = await api(`/v2/spaces/${cellar}`, {
      method: 'PATCH',
      body: changeDocument('spaces', cellar, { archived_at: null }),
    });
    assert.equal(back.body.data.attributes.archived_at, null);
    assert.equal((await names()).includes('Wine cellar'), true);
    const later = await api('/v2/events', {
      method: 'POST',
      body: eventDocument(
        booking,
        { name: 'Second tasting', start_at: '2027-06-02T18:00:00Z', end_at: '2027-06-02T20:00:00Z' },
        [cellar],
      ),
    });
    assert.equal(later.status, 201, JSON.stringify(later.body));
  });
});
