/**
 * /openapi.json covers what SPEC §11 adds (events, availability, the change feed at /v2/changes)
 * and describes their real responses, body by body, the errors included.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { type OpenApiDocument, responseChecker } from '../helpers/openapi-responses.js';
import { makeVenue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  eventDocument,
  spaceDocument,
} from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let document: OpenApiDocument;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    document = (await (await server.fetch(`${server.url}/openapi.json`)).json()) as OpenApiDocument;
  });
  after(() => server.close());

  it('covers events, availability and the change feed', () => {
    const expected: Record<string, string[]> = {
      '/v2/events': ['get', 'post'],
      '/v2/events/{id}': ['delete', 'get', 'patch'],
      '/v2/availability': ['get'],
      '/v2/changes': ['get'],
      '/v2/changes/{id}': ['get'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      assert.ok(document.paths[path], `missing ${path}`);
      assert.deepEqual(
        Object.keys(document.paths[path]!)
          .filter((m) => m !== 'head')
          .sort(),
        methods,
        path,
      );
    }
  });

  it('describes their real responses', async () => {
    const check = responseChecker(document);
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Schema Co' }));
    const room = await created(
      api,
      '/v2/spaces',
      spaceDocument({ name: 'Schema room', capacity: 40, capacities: { banquet: 30 } }),
    );
    // A definite booking holding the room, which the rival's event below clashes with.
    await created(api, '/v2/bookings', bookingDocument(account, { status: 'definite' }, { spaces: [room] }));
    const other = await created(api, '/v2/bookings', bookingDocument(account, { name: 'Other' }));
    const made = await api('/v2/events', {
      method: 'POST',
      body: eventDocument(
        other,
        {
          name: 'Lunch',
          start_at: '2027-06-02T12:00:00Z',
          end_at: '2027-06-02T13:00:00Z',
          setup_style: 'banquet',
        },
        [room],
      ),
    });
    check('/v2/events', 'post', 201, made.body);
    const id = made.body.data.id;
    check('/v2/events', 'get', 200, (await api('/v2/events?include=booking,spaces')).body);
    check('/v2/events/{id}', 'get', 200, (await api(`/v2/events/${id}?include=booking,spaces`)).body);
    check('/v2/events/{id}', 'get', 404, (await api('/v2/events/nope')).body);
    check('/v2/events', 'get', 400, (await api('/v2/events?filter[colour][eq]=red')).body);
    check(
      '/v2/events',
      'post',
      422,
      (await api('/v2/events', { method: 'POST', body: eventDocument(other, { setup_minutes: 9999 }) })).body,
    );
    const rival = await created(
      api,
      '/v2/bookings',
      bookingDocument(account, {
        name: 'Rival',
        status: 'definite',
        start_at: '2027-06-03T10:00:00Z',
        end_at: '2027-06-03T11:00:00Z',
      }),
    );
    const clash = await api('/v2/events', {
      method: 'POST',
      body: eventDocument(rival, { name: 'Clash' }, [room]),
    });
    assert.equal(clash.status, 409);
    check('/v2/events', 'post', 409, clash.body);
    check(
      '/v2/events/{id}',
      'patch',
      200,
      (
        await api(`/v2/events/${id}`, {
          method: 'PATCH',
          body: changeDocument('events', id, { guaranteed_count: 20 }),
        })
      ).body,
    );
    check(
      '/v2/events/{id}',
      'patch',
      412,
      (
        await api(`/v2/events/${id}`, {
          method: 'PATCH',
          body: changeDocument('events', id, { name: 'Again' }),
          headers: { 'if-match': '"stale"' },
        })
      ).body,
    );
    const last = await api(`/v2/events/${id}`, { method: 'DELETE' });
    assert.equal(last.status, 204);
    const [only] = (await api<{ data: Array<{ id: string }> }>(`/v2/events?filter[booking_id][eq]=${other}`))
      .body.data;
    const refused = await api(`/v2/events/${only!.id}`, { method: 'DELETE' });
    assert.equal(refused.status, 409);
    check('/v2/events/{id}', 'delete', 409, refused.body);

    check(
      '/v2/availability',
      'get',
      200,
      (
        await api(
          '/v2/availability?start_at=2027-06-01T17:00:00Z&end_at=2027-06-01T19:00:00Z&guest_count=35&setup_style=banquet',
        )
      ).body,
    );
    check('/v2/availability', 'get', 400, (await api('/v2/availability?start_at=soon')).body);
    const changes = await api<{ data: Array<{ id: string }> }>(
      '/v2/changes?filter[type][in]=event.created,event.deleted',
    );
    check('/v2/changes', 'get', 200, changes.body);
    check('/v2/changes/{id}', 'get', 200, (await api(`/v2/changes/${changes.body.data[0]!.id}`)).body);
  });
});
