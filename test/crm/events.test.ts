/**
 * Events inside bookings (SPEC §11) over the API: a booking made the way bookings were before
 * events has its first event; more events make its start, end, spaces and guests; those
 * attributes pass through to a booking's one event and are read-only with several; every bad
 * field of an event at once; its booking fixed; the last event kept; filters, includes and notes.
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
  type Errors,
  eventDocument,
  type Many,
  type One,
  pointers,
  spaceDocument,
} from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  const ids: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    ids.account = await created(api, '/v2/accounts', accountDocument({ name: 'Ravel & Rose' }));
    ids.garden = await created(api, '/v2/spaces', spaceDocument({ name: 'Garden', capacity: 150 }));
    ids.ballroom = await created(
      api,
      '/v2/spaces',
      spaceDocument({ name: 'Ballroom', capacity: 300, capacities: { banquet: 180, theatre: 300 } }),
    );
  });
  after(() => server.close());

  const eventsOf = async (booking: string) =>
    (await api<Many>(`/v2/events?filter[booking_id][eq]=${booking}&sort=start_at`)).body.data;
  const bookingOf = async (booking: string) => (await api<One>(`/v2/bookings/${booking}`)).body.data;

  it('gives a booking made with start_at and end_at its first event, named after its event type', async () => {
    ids.wedding = await created(
      api,
      '/v2/bookings',
      bookingDocument(
        ids.account,
        {
          name: 'Ravel wedding',
          event_type: 'Ceremony',
          start_at: '2027-06-12T16:00:00Z',
          end_at: '2027-06-12T17:00:00Z',
          guest_count: 120,
        },
        { spaces: [ids.garden!] },
      ),
    );
    const [first, ...rest] = await eventsOf(ids.wedding);
    assert.equal(rest.length, 0);
    assert.deepEqual(
      { ...first!.attributes, created_at: undefined, updated_at: undefined },
      {
        name: 'Ceremony',
        start_at: '2027-06-12T16:00:00.000Z',
        end_at: '2027-06-12T17:00:00.000Z',
        setup_minutes: 0,
        teardown_minutes: 0,
        guest_count: 120,
        guaranteed_count: null,
        setup_style: null,
        status: 'lead',
        start_date: '2027-06-12',
        end_date: '2027-06-12',
        start_time: '16:00',
        end_time: '17:00',
        all_day: false,
        expected: 120,
        custom_fields: {},
        created_at: undefined,
        updated_at: undefined,
      },
    );
    assert.deepEqual(first!.relationships.booking!.data, { type: 'bookings', id: ids.wedding });
    assert.deepEqual(first!.relationships.spaces!.data, [{ type: 'spaces', id: ids.garden }]);
    ids.ceremony = first!.id;
    const plain = await created(api, '/v2/bookings', bookingDocument(ids.account, { name: 'No type' }));
    assert.equal((await eventsOf(plain))[0]!.attributes.name, 'Main event');
  });

  it('makes the booking’s times, spaces and guests of its events', async () => {
    ids.dinner = await created(
      api,
      '/v2/events',
      eventDocument(
        ids.wedding!,
        {
          name: 'Dinner',
          start_at: '2027-06-12T18:00:00Z',
          end_at: '2027-06-12T23:30:00Z',
          setup_minutes: 60,
          teardown_minutes: 30,
          guest_count: 150,
          setup_style: 'banquet',
        },
        [ids.ballroom!],
      ),
    );
    const booking = await bookingOf(ids.wedding!);
    assert.equal(booking.attributes.start_at, '2027-06-12T16:00:00.000Z');
    assert.equal(booking.attributes.end_at, '2027-06-12T23:30:00.000Z');
    assert.deepEqual(booking.attributes.room_names, ['Garden', 'Ballroom']);
    assert.equal(booking.attributes.guest_count, 150);
    assert.deepEqual(
      (booking.relationships.spaces!.data as Array<{ id: string }>).map((s) => s.id),
      [ids.garden, ids.ballroom],
    );
    const listed = await eventsOf(ids.wedding!);
    assert.deepEqual(
      listed.map((e) => e.attributes.name),
      ['Ceremony', 'Dinner'],
    );
  });

  it('refuses changing a booking’s times, spaces or guests while it has several events (422 derived_attribute)', async () => {
    const response = await api<Errors>(`/v2/bookings/${ids.wedding}`, {
      method: 'PATCH',
      body: changeDocument(
        'bookings',
        ids.wedding!,
        { start_at: '2027-06-13T16:00:00Z', guest_count: 10 },
        { spaces: { data: [] } },
      ),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(pointers(response.body).sort(), [
      '/data/attributes/guest_count',
      '/data/attributes/start_at',
      '/data/relationships/spaces/data',
    ]);
    assert.ok(
      response.body.errors.every((e) => e.code === 'derived_attribute' && /\/v2\/events/.test(e.detail)),
    );
    const renamed = await api(`/v2/bookings/${ids.wedding}`, {
      method: 'PATCH',
      body: changeDocument('bookings', ids.wedding!, { name: 'Ravel & Rose wedding' }),
    });
    assert.equal(renamed.status, 200, 'its own attributes change as ever');
  });

  it('judges guests by each event’s spaces: a booking with a small room for a few of its guests still changes', async () => {
    const conference = await created(
      api,
      '/v2/bookings',
      bookingDocument(
        ids.account,
        {
          name: 'Summit',
          event_type: 'Plenary',
          start_at: '2027-08-02T13:00:00Z',
          end_at: '2027-08-02T15:00:00Z',
          guest_count: 250,
        },
        { spaces: [ids.ballroom!] },
      ),
    );
    const snug = await created(api, '/v2/spaces', spaceDocument({ name: 'Snug', capacity: 20 }));
    await created(
      api,
      '/v2/events',
      eventDocument(
        conference,
        {
          name: 'Breakout',
          start_at: '2027-08-02T15:00:00Z',
          end_at: '2027-08-02T16:00:00Z',
          guest_count: 18,
        },
        [snug],
      ),
    );
    for (const attributes of [{ name: 'Summit 2027' }, { status: 'definite' }, { status: 'lead' }]) {
      const changed = await api(`/v2/bookings/${conference}`, {
        method: 'PATCH',
        body: changeDocument('bookings', conference, attributes),
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
    }
  });

  it('passes a booking’s times, spaces and guests through to its one event', async () => {
    const booking = await created(
      api,
      '/v2/bookings',
      bookingDocument(ids.account, {
        name: 'Solo',
        start_at: '2027-07-01T10:00:00Z',
        end_at: '2027-07-01T12:00:00Z',
      }),
    );
    const moved = await api<One>(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument(
        'bookings',
        booking,
        { start_at: '2027-07-02T10:00:00Z', end_at: '2027-07-02T14:00:00Z', guest_count: 40 },
        { spaces: { data: [{ type: 'spaces', id: ids.garden }] } },
      ),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const [event] = await eventsOf(booking);
    assert.equal(event!.attributes.start_at, '2027-07-02T10:00:00.000Z');
    assert.equal(event!.attributes.end_at, '2027-07-02T14:00:00.000Z');
    assert.equal(event!.attributes.guest_count, 40);
    assert.deepEqual(event!.relationships.spaces!.data, [{ type: 'spaces', id: ids.garden }]);
  });

  it('refuses every bad field of an event at once', async () => {
    const response = await api<Errors>('/v2/events', {
      method: 'POST',
      body: eventDocument(
        ids.wedding!,
        {
          name: ' ',
          start_at: '2027-06-12T18:00:00Z',
          end_at: '2027-07-20T18:00:00Z',
          setup_minutes: 2000,
          guest_count: 200,
          setup_style: 'banquet',
        },
        [ids.ballroom!, 'no-such-space'],
      ),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(pointers(response.body).sort(), [
      '/data/attributes/end_at',
      '/data/attributes/name',
      '/data/attributes/setup_minutes',
      '/data/relationships/spaces/data',
    ]);
    const over = await api<Errors>('/v2/events', {
      method: 'POST',
      body: eventDocument(ids.wedding!, { guest_count: 200, setup_style: 'banquet' }, [ids.ballroom!]),
    });
    assert.equal(over.status, 422);
    assert.match(
      over.body.errors[0]!.detail,
      /200 guests do not fit in Ballroom set for banquet: it takes 180/,
    );
    const theatre = await api('/v2/events', {
      method: 'POST',
      body: eventDocument(
        ids.wedding!,
        {
          name: 'Speeches',
          start_at: '2027-06-12T17:00:00Z',
          end_at: '2027-06-12T17:45:00Z',
          guest_count: 200,
          setup_style: 'theatre',
        },
        [ids.ballroom!],
      ),
    });
    assert.equal(theatre.status, 201, 'a theatre takes more');
    const unknown = await api<Errors>('/v2/events', {
      method: 'POST',
      body: eventDocument('no-such-booking', {}),
    });
    assert.equal(unknown.status, 422);
    assert.deepEqual(pointers(unknown.body), ['/data/relationships/booking/data']);
  });

  it('keeps an event with its booking, and a booking’s last event', async () => {
    const other = await created(api, '/v2/bookings', bookingDocument(ids.account, { name: 'Other' }));
    const moved = await api<Errors>(`/v2/events/${ids.dinner}`, {
      method: 'PATCH',
      body: changeDocument('events', ids.dinner!, {}, { booking: { data: { type: 'bookings', id: other } } }),
    });
    assert.equal(moved.status, 422);
    assert.equal(moved.body.errors[0]!.code, 'fixed');
    const [only] = await eventsOf(other);
    const last = await api<Errors>(`/v2/events/${only!.id}`, { method: 'DELETE' });
    assert.equal(last.status, 409);
    assert.equal(last.body.errors[0]!.code, 'last_event');
    const gone = await api(`/v2/events/${ids.ceremony}`, { method: 'DELETE' });
    assert.equal(gone.status, 204);
    const booking = await bookingOf(ids.wedding!);
    assert.equal(booking.attributes.start_at, '2027-06-12T17:00:00.000Z', 'its times follow');
    assert.ok(!(booking.attributes.room_names as string[]).includes('Garden'));
  });

  it('filters events by booking, space, time and status, includes them, and takes notes about them', async () => {
    const inBallroom = await api<Many>(
      `/v2/events?filter[space_id][eq]=${ids.ballroom}&filter[start_at][gteq]=2027-06-12T00:00:00Z&filter[start_at][lt]=2027-06-13T00:00:00Z&include=booking,spaces`,
    );
    assert.equal(inBallroom.status, 200);
    assert.ok(inBallroom.body.data.length >= 2);
    assert.ok(
      inBallroom.body.data.every((e) =>
        (e.relationships.spaces!.data as Array<{ id: string }>).some((s) => s.id === ids.ballroom),
      ),
    );
    const included = new Set(inBallroom.body.included!.map((r) => r.id));
    assert.ok(included.has(ids.wedding!) && included.has(ids.ballroom!));
    const leads = await api<Many>('/v2/events?filter[status][eq]=definite');
    assert.deepEqual(leads.body.data, []);
    const note = await api('/notes', {
      method: 'POST',
      body: {
        data: {
          type: 'notes',
          attributes: { body: 'Band sets up at five.' },
          relationships: { notable: { data: { type: 'events', id: ids.dinner } } },
        },
      },
    });
    assert.equal(note.status, 201, JSON.stringify(note.body));
  });

  it('gives a booking’s events its status, and tells each change', async () => {
    const moved = await api(`/v2/bookings/${ids.wedding}`, {
      method: 'PATCH',
      body: changeDocument('bookings', ids.wedding!, { status: 'tentative' }),
    });
    assert.equal(moved.status, 200);
    const events = await eventsOf(ids.wedding!);
    assert.ok(events.every((e) => e.attributes.status === 'tentative'));
    const changes = await api<Many>('/v2/changes?filter[type][eq]=event.updated&page[size]=100');
    assert.ok(
      changes.body.data.some(
        (c) =>
          (c.attributes.data as { previous_attributes?: { status?: string } }).previous_attributes?.status ===
          'lead',
      ),
    );
  });
});
