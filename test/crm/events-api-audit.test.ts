/**
 * /v2/events keeps the rules every resource of round 3 keeps (SPEC §5, §7, §8, §11):
 * Idempotency-Key on POST, ETag with If-Match (412) and If-None-Match (304), another
 * organization's ids are a 404 (or a 422 when named in a document), crm_read reads and
 * crm_manage writes, every filter of §11 and include=booking,spaces, notes about events that go
 * with their event, and one change event per committed write: event.created|updated|deleted, with
 * booking.updated when the booking's derived times, spaces or guests change, and none on refusal.
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
  type Errors,
  eventDocument,
  type Many,
  type One,
  pointers,
  spaceDocument,
} from '../helpers/writes.js';

const at = (day: string, time: string) => `2028-05-${day}T${time}:00Z`;

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let account: string;
  const s: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Convention Co' }));
    s.Hall = await created(api, '/v2/spaces', spaceDocument({ name: 'Hall' }));
    s.Porch = await created(api, '/v2/spaces', spaceDocument({ name: 'Porch' }));
  });
  after(() => server.close());

  const booking = (attributes: Record<string, unknown> = {}, spaces: string[] = []) =>
    created(
      api,
      '/v2/bookings',
      bookingDocument(
        account,
        { name: 'Convention', start_at: at('01', '10:00'), end_at: at('01', '12:00'), ...attributes },
        { spaces },
      ),
    );
  const firstEvent = async (bookingId: string) =>
    (await api<Many>(`/v2/events?filter[booking_id][eq]=${bookingId}`)).body.data[0]!;

  /** The change types recorded for the organization after `since` (a change id), oldest first. */
  const changesSince = async (since: string | undefined) =>
    (
      await suite.db
        .selectFrom('changes')
        .select(['id', 'type', 'data'])
        .where('organization_id', '=', venue.orgId)
        .orderBy('id')
        .execute()
    )
      .filter((row) => since === undefined || row.id > since)
      .map((row) => ({
        type: row.type,
        data: JSON.parse(row.data) as {
          object: { id: string; attributes?: Record<string, unknown> };
          previous_attributes?: Record<string, unknown>;
        },
      }));
  const lastChange = async () =>
    (
      await suite.db
        .selectFrom('changes')
        .select('id')
        .where('organization_id', '=', venue.orgId)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    )?.id;

  it('replays a POST /v2/events retried with its Idempotency-Key, and refuses the key with another body', async () => {
    const b = await booking();
    const headers = { 'idempotency-key': 'event-create-1' };
    const body = eventDocument(b, {
      name: 'Breakfast',
      start_at: at('01', '08:00'),
      end_at: at('01', '09:00'),
    });
    const first = await api<One>('/v2/events', { method: 'POST', body, headers });
    const again = await api<One>('/v2/events', { method: 'POST', body, headers });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.body.data.id, first.body.data.id);
    assert.equal(first.headers.get('location'), `${server.url}/v2/events/${first.body.data.id}`);
    const other = await api<Errors>('/v2/events', {
      method: 'POST',
      body: eventDocument(b, { name: 'Brunch' }),
      headers,
    });
    assert.equal(other.status, 422);
    assert.equal(other.body.errors[0]!.code, 'idempotency_key_reused');
    const listed = await api<Many>(`/v2/events?filter[booking_id][eq]=${b}`);
    assert.deepEqual(
      listed.body.data.map((e) => e.attributes.name).sort(),
      ['Breakfast', 'Main event'],
      'one breakfast, no brunch',
    );
  });

  it('gives each event an ETag, honours If-None-Match, and If-Match on PATCH and DELETE', async () => {
    const b = await booking();
    const second = await created(api, '/v2/events', eventDocument(b, { name: 'Lunch' }));
    const read = await api<One>(`/v2/events/${second}`);
    const etag = read.headers.get('etag');
    assert.ok(etag);
    assert.equal((await api(`/v2/events/${second}`, { headers: { 'if-none-match': etag } })).status, 304);
    const stale = await api<Errors>(`/v2/events/${second}`, {
      method: 'PATCH',
      body: changeDocument('events', second, { name: 'Late lunch' }),
      headers: { 'if-match': '"stale"' },
    });
    assert.equal(stale.status, 412);
    const changed = await api<One>(`/v2/events/${second}`, {
      method: 'PATCH',
      body: changeDocument('events', second, { name: 'Late lunch' }),
      headers: { 'if-match': etag },
    });
    assert.equal(changed.status, 200);
    const newer = changed.headers.get('etag') ?? (await api(`/v2/events/${second}`)).headers.get('etag');
    assert.notEqual(newer, etag, 'a change, a new ETag');
    assert.equal(
      (await api(`/v2/events/${second}`, { method: 'DELETE', headers: { 'if-match': etag } })).status,
      412,
      'the old ETag no longer matches',
    );
    assert.equal(
      (await api(`/v2/events/${second}`, { method: 'DELETE', headers: { 'if-match': newer! } })).status,
      204,
    );
    assert.equal((await api(`/v2/events/${second}`)).status, 404);
  });

  it('answers another organization’s event ids with 404, and refuses its bookings and spaces in a document', async () => {
    const other = await makeVenue(suite.db);
    const theirs = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const theirAccount = await created(theirs, '/v2/accounts', accountDocument({ name: 'Elsewhere' }));
    const theirSpace = await created(theirs, '/v2/spaces', spaceDocument({ name: 'Their hall' }));
    const theirBooking = await created(
      theirs,
      '/v2/bookings',
      bookingDocument(theirAccount, { name: 'Theirs' }, { spaces: [theirSpace] }),
    );
    const eventId = (await theirs<Many>(`/v2/events?filter[booking_id][eq]=${theirBooking}`)).body.data[0]!
      .id;
    const unknown = '01zzzzzzzzzzzzzzzzzzzzzzzz';
    for (const id of [eventId, unknown]) {
      const read = await api<Errors>(`/v2/events/${id}`);
      assert.equal(read.status, 404);
      const patch = await api<Errors>(`/v2/events/${id}`, {
        method: 'PATCH',
        body: changeDocument('events', id, { name: 'Mine now' }),
      });
      assert.equal(patch.status, 404);
      assert.equal((await api(`/v2/events/${id}`, { method: 'DELETE' })).status, 404);
    }
    const mine = await booking();
    const named = await api<Errors>('/v2/events', {
      method: 'POST',
      body: eventDocument(theirBooking, {}, [theirSpace]),
    });
    assert.equal(named.status, 422);
    assert.deepEqual(pointers(named.body).sort(), [
      '/data/relationships/booking/data',
      '/data/relationships/spaces/data',
    ]);
    const spaceOnly = await api<Errors>('/v2/events', {
      method: 'POST',
      body: eventDocument(mine, {}, [theirSpace]),
    });
    assert.equal(spaceOnly.status, 422);
    assert.match(spaceOnly.body.errors[0]!.detail, /No space with the id .* exists in this organization/);
    const filtered = await api<Many>(`/v2/events?filter[booking_id][eq]=${theirBooking}`);
    assert.deepEqual(filtered.body.data, []);
    const bySpace = await api<Many>(`/v2/events?filter[space_id][eq]=${theirSpace}`);
    assert.deepEqual(bySpace.body.data, []);
    const kept = await theirs<One>(`/v2/events/${eventId}`);
    assert.equal(kept.status, 200, 'their event is still theirs');
    assert.equal(kept.body.data.attributes.name, 'Main event', 'unchanged');
  });

  it('reads events with crm_read, writes them only with crm_manage', async () => {
    const b = await booking();
    const reader = apiFor(server, await clientCredentialsToken(server, venue, 'crm_read'), venue.orgId);
    assert.equal((await reader('/v2/events')).status, 200);
    const event = await firstEvent(b);
    assert.equal((await reader(`/v2/events/${event.id}`)).status, 200);
    for (const [method, path, body] of [
      ['POST', '/v2/events', eventDocument(b, {})],
      ['PATCH', `/v2/events/${event.id}`, changeDocument('events', event.id, { name: 'No' })],
      ['DELETE', `/v2/events/${event.id}`, undefined],
    ] as const) {
      const refused = await reader(path, { method, ...(body ? { body } : {}) });
      assert.equal(refused.status, 403, `${method} ${path}`);
      assert.match(refused.headers.get('www-authenticate') ?? '', /insufficient_scope/);
    }
    assert.equal((await apiFor(server, 'not-a-token', venue.orgId)('/v2/events')).status, 401);
  });

  it('filters by booking, space, start, end and status, and includes their bookings and spaces', async () => {
    const tentative = await booking(
      {
        name: 'Filter tentative',
        status: 'tentative',
        start_at: at('10', '09:00'),
        end_at: at('10', '11:00'),
      },
      [s.Hall!],
    );
    const lead = await booking(
      { name: 'Filter lead', start_at: at('11', '09:00'), end_at: at('11', '17:00') },
      [s.Porch!],
    );
    const ids = async (query: string) => {
      const response = await api<Many>(`/v2/events?${query}&page[size]=100`);
      assert.equal(response.status, 200, `${query}: ${JSON.stringify(response.body)}`);
      return response.body.data.map((e) => e.id).sort();
    };
    const t = (await firstEvent(tentative)).id;
    const l = (await firstEvent(lead)).id;
    assert.deepEqual(await ids(`filter[booking_id][in]=${tentative},${lead}`), [t, l].sort());
    assert.deepEqual(
      await ids(`filter[space_id][in]=${s.Hall},${s.Porch}&filter[start_at][gteq]=${at('10', '00:00')}`),
      [t, l].sort(),
    );
    assert.deepEqual(
      await ids(`filter[space_id][eq]=${s.Porch}&filter[start_at][gteq]=${at('10', '00:00')}`),
      [l],
    );
    assert.deepEqual(
      await ids(`filter[end_at][gt]=${at('10', '12:00')}&filter[end_at][lteq]=${at('11', '17:00')}`),
      [l],
    );
    assert.deepEqual(await ids(`filter[status][eq]=tentative&filter[start_at][gteq]=${at('10', '00:00')}`), [
      t,
    ]);
    assert.deepEqual(
      await ids(`filter[status][not_in]=lead,definite&filter[start_at][gteq]=${at('10', '00:00')}`),
      [t],
    );
    for (const bad of [
      'filter[status][eq]=maybe',
      'filter[colour][eq]=red',
      'filter[space_id][gt]=x',
      'sort=name',
    ]) {
      assert.equal((await api(`/v2/events?${bad}`)).status, 400, bad);
    }
    const included = await api<Many>(`/v2/events/${t}?include=booking,spaces`);
    assert.deepEqual(
      included.body.included!.map((r) => `${r.type}:${r.id}`).sort(),
      [`bookings:${tentative}`, `spaces:${s.Hall}`].sort(),
    );
    assert.equal((await api('/v2/events?include=account')).status, 400, 'only booking and spaces');
  });

  it('takes notes about an event, which go with it', async () => {
    const b = await booking();
    const second = await created(api, '/v2/events', eventDocument(b, { name: 'Speeches' }));
    const note = await api<One>('/notes', {
      method: 'POST',
      body: {
        data: {
          type: 'notes',
          attributes: { body: 'Microphone for the best man.' },
          relationships: { notable: { data: { type: 'events', id: second } } },
        },
      },
    });
    assert.equal(note.status, 201, JSON.stringify(note.body));
    const listed = await api<Many>(`/notes?filter[notable_id][eq]=${second}`);
    assert.deepEqual(
      listed.body.data.map((n) => n.id),
      [note.body.data.id],
    );
    const since = await lastChange();
    assert.equal((await api(`/v2/events/${second}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/notes/${note.body.data.id}`)).status, 404);
    assert.deepEqual(
      (await changesSince(since)).map((c) => c.type),
      ['note.deleted', 'event.deleted', 'booking.updated'],
    );
  });

  it('tells every committed event write, and the booking’s change when its events change it', async () => {
    const b = await booking({ start_at: at('20', '10:00'), end_at: at('20', '12:00') }, [s.Hall!]);
    let since = await lastChange();
    const inside = await created(
      api,
      '/v2/events',
      eventDocument(b, { name: 'Coffee', start_at: at('20', '10:30'), end_at: at('20', '11:00') }, [s.Hall!]),
    );
    assert.deepEqual(
      (await changesSince(since)).map((c) => c.type),
      ['event.created'],
      'inside the booking’s times and spaces: the booking shows nothing new',
    );
    since = await lastChange();
    const later = await created(
      api,
      '/v2/events',
      eventDocument(
        b,
        { name: 'Party', start_at: at('20', '19:00'), end_at: at('20', '23:00'), guest_count: 40 },
        [s.Porch!],
      ),
    );
    let told = await changesSince(since);
    assert.deepEqual(
      told.map((c) => c.type),
      ['event.created', 'booking.updated'],
    );
    assert.equal(told[0]!.data.object.id, later);
    assert.deepEqual(told[1]!.data.previous_attributes, {
      end_at: new Date(at('20', '12:00')).toISOString(),
      guest_count: null,
      room_names: ['Hall'],
      spaces: { data: [{ type: 'spaces', id: s.Hall }] },
    });
    assert.equal(told[1]!.data.object.attributes!.end_at, new Date(at('20', '23:00')).toISOString());

    since = await lastChange();
    await api(`/v2/events/${inside}`, {
      method: 'PATCH',
      body: changeDocument('events', inside, { name: 'Coffee and cake' }),
    });
    told = await changesSince(since);
    assert.deepEqual(
      told.map((c) => c.type),
      ['event.updated'],
    );
    assert.deepEqual(told[0]!.data.previous_attributes, { name: 'Coffee' });

    since = await lastChange();
    const refused = [
      await api('/v2/events', { method: 'POST', body: eventDocument(b, { name: ' ' }) }),
      await api(`/v2/events/${inside}`, {
        method: 'PATCH',
        body: changeDocument('events', inside, { end_at: at('19', '00:00') }),
      }),
    ];
    assert.deepEqual(
      refused.map((r) => r.status),
      [422, 422],
    );
    assert.deepEqual(await changesSince(since), [], 'nothing told of what was refused');

    since = await lastChange();
    assert.equal((await api(`/v2/events/${later}`, { method: 'DELETE' })).status, 204);
    told = await changesSince(since);
    assert.deepEqual(
      told.map((c) => c.type),
      ['event.deleted', 'booking.updated'],
    );
    assert.deepEqual(told[0]!.data.object, { type: 'events', id: later });
    assert.equal(told[1]!.data.object.attributes!.end_at, new Date(at('20', '12:00')).toISOString());
  });

  it('tells a booking’s change passed to its one event as both', async () => {
    const b = await booking({ start_at: at('25', '10:00'), end_at: at('25', '12:00') });
    const since = await lastChange();
    const moved = await api(`/v2/bookings/${b}`, {
      method: 'PATCH',
      body: changeDocument('bookings', b, { end_at: at('25', '13:00') }),
    });
    assert.equal(moved.status, 200);
    const told = await changesSince(since);
    assert.deepEqual(
      told.map((c) => c.type),
      ['booking.updated', 'event.updated'],
    );
    assert.deepEqual(told[1]!.data.previous_attributes, {
      end_at: new Date(at('25', '12:00')).toISOString(),
      end_time: '12:00',
    });
  });
});
