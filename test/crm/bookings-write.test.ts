/**
 * Writing bookings (SPEC §7): creates with server-assigned references, validation with one error
 * per field, the status machine, no double booking of a definite space, updates with If-Match and
 * deletion that takes the notes along.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, noteBody } from '../helpers/api.js';
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
  let api: Api;
  let account: string;
  let hall: string;
  let terrace: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Northwind' }));
    hall = await created(api, '/v2/spaces', spaceDocument({ name: 'Great Hall', capacity: 200 }));
    terrace = await created(api, '/v2/spaces', spaceDocument({ name: 'Terrace', capacity: 60 }));
  });
  after(() => server.close());

  const move = async (id: string, status: string, extra: Record<string, unknown> = {}) =>
    api(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { status, ...extra }),
    });

  it('creates a booking with a server-assigned reference, Location, ETag and its spaces', async () => {
    const response = await api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(
        account,
        { name: 'Spring gala', status: 'tentative', guest_count: 50, currency: 'eur', total_amount: 250_000 },
        { spaces: [hall, terrace], owner: venue.user.id },
      ),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const booking = response.body.data;
    assert.match(String(booking.attributes.reference), /^BK-\d{5}$/);
    assert.equal(booking.attributes.status, 'tentative');
    assert.equal(booking.attributes.currency, 'EUR');
    assert.equal(booking.attributes.timezone, 'UTC', 'the default time zone');
    assert.equal(booking.attributes.start_at, '2027-06-01T18:00:00.000Z');
    assert.deepEqual(booking.attributes.room_names, ['Great Hall', 'Terrace']);
    assert.deepEqual(booking.relationships?.spaces?.data, [
      { type: 'spaces', id: hall },
      { type: 'spaces', id: terrace },
    ]);
    assert.equal(response.headers.get('location'), `${server.url}/v2/bookings/${booking.id}`);
    const read = await api(`/v2/bookings/${booking.id}`);
    assert.equal(read.headers.get('etag'), response.headers.get('etag'));

    const plain = await api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { name: 'Plain' }),
    });
    assert.equal(plain.body.data.attributes.status, 'lead', 'lead is the default status');
    assert.deepEqual(plain.body.data.relationships?.owner?.data, { type: 'users', id: venue.user.id });
  });

  it('gives each organization its own references, never the same twice', async () => {
    const other = await makeVenue(suite.db);
    const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const otherAccount = await created(otherApi, '/v2/accounts', accountDocument({ name: 'Elsewhere' }));
    const first = await otherApi('/v2/bookings', { method: 'POST', body: bookingDocument(otherAccount, {}) });
    assert.equal(first.body.data.attributes.reference, 'BK-00001');
    const refused = await otherApi('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(otherAccount, { timezone: 'Nowhere/Else' }),
    });
    assert.equal(refused.status, 422);
    const second = await otherApi('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(otherAccount, {}),
    });
    assert.equal(second.body.data.attributes.reference, 'BK-00002', 'a refused create uses up no number');
    await otherApi(`/v2/bookings/${second.body.data.id}`, { method: 'DELETE' });
    const third = await otherApi('/v2/bookings', { method: 'POST', body: bookingDocument(otherAccount, {}) });
    assert.equal(
      third.body.data.attributes.reference,
      'BK-00003',
      'a deleted booking’s number is not reused',
    );
  });

  it('refuses bad fields with one error object per field, each with its pointer', async () => {
    const response = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(
        account,
        {
          name: ' ',
          start_at: '2027-06-02T00:00:00Z',
          end_at: '2027-06-01T00:00:00Z',
          timezone: 'Mars/Olympus',
          currency: 'XYZ',
          guest_count: 61,
        },
        { spaces: [terrace] },
      ),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(pointers(response.body).sort(), [
      '/data/attributes/currency',
      '/data/attributes/end_at',
      '/data/attributes/guest_count',
      '/data/attributes/name',
      '/data/attributes/timezone',
    ]);
    const capacity = response.body.errors.find((e) => e.source?.pointer === '/data/attributes/guest_count');
    assert.match(capacity!.detail, /60/, 'names the smallest capacity');

    const shapes = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { guest_count: -1, total_amount: 1.5, start_at: 'tomorrow' }),
    });
    assert.equal(shapes.status, 422);
    assert.deepEqual(pointers(shapes.body).sort(), [
      '/data/attributes/guest_count',
      '/data/attributes/start_at',
      '/data/attributes/total_amount',
    ]);
    for (const error of shapes.body.errors) assert.doesNotMatch(error.detail, /must match|constant|pattern/);
  });

  it('needs an account, and refuses related records of another organization as if unknown', async () => {
    const missing = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(undefined, {}),
    });
    assert.equal(missing.status, 422);
    // Required by the rules (an embedded contact may bring one: SPEC §15).
    assert.deepEqual(pointers(missing.body), ['/data/relationships/account/data']);
    assert.equal(missing.body.errors[0]!.code, 'required');

    const other = await makeVenue(suite.db);
    const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const foreignAccount = await created(otherApi, '/v2/accounts', accountDocument({ name: 'Theirs' }));
    const foreignSpace = await created(otherApi, '/v2/spaces', spaceDocument({ name: 'Their hall' }));
    const foreign = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(foreignAccount, {}, { spaces: [foreignSpace], owner: other.user.id }),
    });
    const unknown = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(
        '01zzzzzzzzzzzzzzzzzzzzzzzz',
        {},
        { spaces: ['01zzzzzzzzzzzzzzzzzzzzzzzy'], owner: 'nobody' },
      ),
    });
    for (const response of [foreign, unknown]) {
      assert.equal(response.status, 422);
      assert.deepEqual(pointers(response.body).sort(), [
        '/data/relationships/account/data',
        '/data/relationships/owner/data',
        '/data/relationships/spaces/data',
      ]);
    }
    const words = (body: ErrorBody) => body.errors.map((e) => e.detail.replace(/"[^"]*"/g, 'ID'));
    assert.deepEqual(words(foreign.body), words(unknown.body), 'another organization’s ids read as unknown');
  });

  it('moves through the status machine and names the allowed moves when refusing one', async () => {
    const id = await created(api, '/v2/bookings', bookingDocument(account, {}));
    for (const [status, extra] of [
      ['tentative', {}],
      ['lead', {}],
      ['definite', {}],
      ['tentative', {}],
      ['definite', {}],
      ['closed', {}],
    ] as const) {
      const response = await move(id, status, extra);
      assert.equal(response.status, 200, `${status}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.data.attributes.status, status);
    }
    const final = await move(id, 'lead');
    assert.equal(final.status, 422);
    assert.deepEqual((final.body as unknown as ErrorBody).errors[0], {
      status: '422',
      code: 'invalid_transition',
      title: 'Unprocessable Entity',
      detail: 'A closed booking is final; it cannot become lead.',
      source: { pointer: '/data/attributes/status' },
    });

    const lost = await created(api, '/v2/bookings', bookingDocument(account, { status: 'tentative' }));
    const noReason = await move(lost, 'lost');
    assert.equal(noReason.status, 422);
    assert.deepEqual(pointers(noReason.body), ['/data/attributes/lost_reason']);
    assert.equal((await move(lost, 'lost', { lost_reason: 'Budget cut' })).status, 200);
    const toClosed = await move(lost, 'closed');
    assert.equal(toClosed.status, 422);
    assert.match((toClosed.body as unknown as ErrorBody).errors[0]!.detail, /can move to lead/);
    const back = await move(lost, 'lead');
    assert.equal(back.status, 200);
    assert.equal(back.body.data.attributes.lost_reason, null, 'a revived lead drops its lost reason');

    const lead = await created(api, '/v2/bookings', bookingDocument(account, {}));
    const skip = await move(lead, 'closed');
    assert.match((skip.body as unknown as ErrorBody).errors[0]!.detail, /tentative, definite, lost/);
    const closedAtCreate = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { status: 'closed' }),
    });
    assert.equal(closedAtCreate.body.errors[0]?.code, 'invalid_transition');
  });

  it('never lets two definite bookings hold one space at overlapping times', async () => {
    const at = (from: string, to: string) => ({
      start_at: `2028-03-01T${from}:00:00Z`,
      end_at: `2028-03-01T${to}:00:00Z`,
    });
    const first = await api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { status: 'definite', ...at('10', '14') }, { spaces: [hall] }),
    });
    const reference = String(first.body.data.attributes.reference);
    const clash = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { status: 'definite', ...at('13', '16') }, { spaces: [terrace, hall] }),
    });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.errors[0]?.code, 'space_conflict');
    assert.match(clash.body.errors[0]!.detail, new RegExp(`Great Hall .*${reference}`));

    const adjacent = await api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { status: 'definite', ...at('14', '18') }, { spaces: [hall] }),
    });
    assert.equal(adjacent.status, 201, 'half-open: ending at 14:00 and starting at 14:00 do not overlap');
    const option = await api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { status: 'tentative', ...at('11', '12') }, { spaces: [hall] }),
    });
    assert.equal(option.status, 201, 'a tentative hold may overlap');
    const promoted = await move(option.body.data.id, 'definite');
    assert.equal(promoted.status, 409, 'promoting it to definite is a conflict');
    const moved = await api(`/v2/bookings/${option.body.data.id}`, {
      method: 'PATCH',
      body: changeDocument(
        'bookings',
        option.body.data.id,
        { status: 'definite' },
        { spaces: { data: [{ type: 'spaces', id: terrace }] } },
      ),
    });
    assert.equal(moved.status, 200, 'definite in another space');
    const retimed = await api(`/v2/bookings/${option.body.data.id}`, {
      method: 'PATCH',
      body: changeDocument(
        'bookings',
        option.body.data.id,
        {},
        { spaces: { data: [{ type: 'spaces', id: hall }] } },
      ),
    });
    assert.equal(retimed.status, 409, 'moving a definite booking into a held space is a conflict');
  });

  it('changes a booking only at the version read, with If-Match', async () => {
    const response = await api('/v2/bookings', { method: 'POST', body: bookingDocument(account, {}) });
    const { id } = response.body.data;
    const etag = response.headers.get('etag')!;
    const changed = await api(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { name: 'Renamed', guest_count: 80 }),
      headers: { 'if-match': etag },
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.attributes.name, 'Renamed');
    assert.notEqual(changed.headers.get('etag'), etag);
    const stale = await api(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { name: 'Again' }),
      headers: { 'if-match': etag },
    });
    assert.equal(stale.status, 412);
    const staleDelete = await api(`/v2/bookings/${id}`, { method: 'DELETE', headers: { 'if-match': etag } });
    assert.equal(staleDelete.status, 412);
    const mismatch = await api(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', 'other', {}),
    });
    assert.equal(mismatch.status, 409);
    const readOnly = await api<ErrorBody>(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { reference: 'BK-99999' }),
    });
    assert.equal(readOnly.status, 422);
    assert.match(readOnly.body.errors[0]!.detail, /reference is set by the server/);
  });

  it('deletes a booking with its notes; another organization’s booking is a 404', async () => {
    const id = await created(api, '/v2/bookings', bookingDocument(account, {}, { spaces: [hall] }));
    const note = await api('/notes', { method: 'POST', body: noteBody('bookings', id) });
    assert.equal(note.status, 201);
    assert.equal((await api(`/v2/bookings/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/v2/bookings/${id}`)).status, 404);
    assert.equal((await api(`/notes/${note.body.data.id}`)).status, 404, 'its notes went with it');
    const held = await suite.db
      .selectFrom('booking_spaces')
      .selectAll()
      .where('booking_id', '=', id)
      .execute();
    assert.deepEqual(held, []);

    const other = await makeVenue(suite.db);
    const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const theirs = await created(
      otherApi,
      '/v2/bookings',
      bookingDocument(await created(otherApi, '/v2/accounts', accountDocument({ name: 'Theirs' })), {}),
    );
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await api(`/v2/bookings/${theirs}`, {
        method,
        ...(method === 'PATCH' ? { body: changeDocument('bookings', theirs, { name: 'Mine now' }) } : {}),
      });
      assert.equal(response.status, 404, method);
    }
  });
});
