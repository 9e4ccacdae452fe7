/**
 * Every bad field at once (SPEC, round 3): a write is answered with one 422 that lists the
 * schema's problems and the rules' problems together, one error object per bad member, so a bad
 * currency no longer hides a reversed time range, an unknown time zone or too many guests.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue } from '../helpers/oauth.js';
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
  let api: Api;
  let account: string;
  let room: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'All at once' }));
    room = await created(api, '/v2/spaces', spaceDocument({ name: 'Snug', capacity: 20 }));
  });
  after(() => server.close());

  const mixed = {
    currency: 'EURO',
    start_at: '2027-06-01T23:00:00Z',
    end_at: '2027-06-01T18:00:00Z',
    timezone: 'Mars/Base',
    guest_count: 21,
  };

  it('lists schema and rule problems of a create together', async () => {
    const response = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, mixed, { spaces: [room], owner: 'nobody' }),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(pointers(response.body).sort(), [
      '/data/attributes/currency',
      '/data/attributes/end_at',
      '/data/attributes/guest_count',
      '/data/attributes/timezone',
      '/data/relationships/owner/data',
    ]);
    const detail = (pointer: string) =>
      response.body.errors.find((e) => e.source?.pointer === pointer)?.detail;
    assert.equal(detail('/data/attributes/currency'), 'currency must be at most 3 characters long.');
    assert.equal(detail('/data/attributes/end_at'), 'A booking must end after it starts.');
    assert.match(detail('/data/attributes/guest_count') ?? '', /21 guests do not fit/);
    assert.ok(response.body.errors.every((e) => e.status === '422'));
  });

  it('lists them together on a change too, and never twice for one member', async () => {
    const booking = await created(api, '/v2/bookings', bookingDocument(account, {}, { spaces: [room] }));
    const response = await api<ErrorBody>(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, { ...mixed, name: '', nonsense: true }),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(pointers(response.body).sort(), [
      '/data/attributes/currency',
      '/data/attributes/end_at',
      '/data/attributes/guest_count',
      '/data/attributes/name',
      '/data/attributes/nonsense',
      '/data/attributes/timezone',
    ]);
  });

  it('says only what the schema says when the document itself cannot be read', async () => {
    const response = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: { data: { type: 'accounts', attributes: mixed } },
    });
    assert.equal(response.status, 422);
    assert.ok(pointers(response.body).includes('/data/type'));
    assert.ok(!pointers(response.body).includes('/data/attributes/end_at'));
  });

  it('refuses a leap second, which names no stored instant, as a bad field (not a 500)', async () => {
    const response = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { start_at: '2027-06-30T23:59:60Z', end_at: '2027-07-01T02:00:00Z' }),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(pointers(response.body), ['/data/attributes/start_at']);
  });
});
