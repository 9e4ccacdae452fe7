/**
 * The rules of SPEC §11 about events, at their edges: times (start before end, at most 31 days, a
 * long migrated event kept as it is), setup and teardown from 0 to 1440, guests against each
 * space's capacity for the setup style (else its capacity), a status that is its booking's and
 * cannot be written, a booking kept, the booking's times, spaces and guests following every
 * create, change and delete of its events, and the booking's own writes still working then.
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

const DAY = 86_400_000;
const at = (day: string, time: string) => `2028-03-${day}T${time}:00Z`;
const iso = (value: string | number) => new Date(value).toISOString();

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let account: string;
  const s: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Edge & Co' }));
    s.Hall = await created(
      api,
      '/v2/spaces',
      spaceDocument({ name: 'Hall', capacity: 100, capacities: { theatre: 200, banquet: 80 } }),
    );
    s.Snug = await created(api, '/v2/spaces', spaceDocument({ name: 'Snug', capacity: 20 }));
    s.Field = await created(api, '/v2/spaces', spaceDocument({ name: 'Field' }));
  });
  after(() => server.close());

  const booking = (attributes: Record<string, unknown> = {}, spaces: string[] = []) =>
    created(
      api,
      '/v2/bookings',
      bookingDocument(
        account,
        { name: 'Edge booking', start_at: at('01', '10:00'), end_at: at('01', '12:00'), ...attributes },
        { spaces },
      ),
    );
  const eventsOf = async (bookingId: string) =>
    (await api<Many>(`/v2/events?filter[booking_id][eq]=${bookingId}&sort=start_at`)).body.data;
  const bookingOf = async (bookingId: string) => (await api<One>(`/v2/bookings/${bookingId}`)).body.data;
  const postEvent = (bookingId: string, attributes: Record<string, unknown>, spaces: string[] = []) =>
    api<One & Errors>('/v2/events', { method: 'POST', body: eventDocument(bookingId, attributes, spaces) });
  const patchEvent = (
    id: string,
    attributes: Record<string, unknown>,
    relationships?: Record<string, unknown>,
  ) =>
    api<One & Errors>(`/v2/events/${id}`, {
      method: 'PATCH',
      body: changeDocument('events', id, attributes, relationships),
    });

  it('wants a start before the end, at most 31 days apart, and says which end is wrong', async () => {
    const b = await booking();
    const same = await postEvent(b, { start_at: at('02', '10:00'), end_at: at('02', '10:00') });
    assert.equal(same.status, 422);
    assert.deepEqual(pointers(same.body), ['/data/attributes/end_at']);
    const month = await postEvent(b, {
      name: 'Residency',
      start_at: at('02', '10:00'),
      end_at: iso(Date.parse(at('02', '10:00')) + 31 * DAY),
    });
    assert.equal(month.status, 201, 'exactly 31 days is allowed');
    const over = await postEvent(b, {
      start_at: at('02', '10:00'),
      end_at: iso(Date.parse(at('02', '10:00')) + 31 * DAY + 60_000),
    });
    assert.equal(over.status, 422);
    assert.deepEqual(pointers(over.body), ['/data/attributes/end_at']);
    assert.match(over.body.errors[0]!.detail, /at most 31 days/);
    const earlier = await patchEvent(month.body.data.id, { start_at: at('01', '09:59') });
    assert.equal(earlier.status, 422, 'moving its start a minute earlier makes it too long');
    assert.deepEqual(pointers(earlier.body), ['/data/attributes/start_at']);
    const reversed = await patchEvent(month.body.data.id, { end_at: at('01', '09:00') });
    assert.equal(reversed.status, 422);
    assert.deepEqual(pointers(reversed.body), ['/data/attributes/end_at']);
  });

  it('holds a booking’s times to the 31 days of the event they make or change', async () => {
    const start = at('01', '10:00');
    const long = await api<Errors>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { start_at: start, end_at: iso(Date.parse(start) + 40 * DAY) }),
    });
    assert.equal(long.status, 422, 'its first event would last 40 days');
    assert.deepEqual(pointers(long.body), ['/data/attributes/end_at']);
    const month = await booking({ end_at: iso(Date.parse(start) + 31 * DAY) });
    const stretched = await api<Errors>(`/v2/bookings/${month}`, {
      method: 'PATCH',
      body: changeDocument('bookings', month, { start_at: iso(Date.parse(start) - 60_000) }),
    });
    assert.equal(stretched.status, 422, 'its one event would last 31 days and a minute');
    assert.deepEqual(pointers(stretched.body), ['/data/attributes/start_at']);
  });

  it('keeps a migrated event longer than 31 days as it is while its other fields change', async () => {
    const b = await booking({ name: 'Long residency' });
    const [event] = await eventsOf(b);
    const start = at('05', '10:00');
    const end = iso(Date.parse(start) + 40 * DAY);
    // As the migration leaves a booking of the previous release that lasted 40 days.
    await suite.db
      .updateTable('events')
      .set({ start_at: iso(start), end_at: end })
      .where('id', '=', event!.id)
      .execute();
    const renamed = await patchEvent(event!.id, { name: 'Artist residency', guest_count: 12 });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.data.attributes.start_at, iso(start));
    assert.equal(renamed.body.data.attributes.end_at, end, 'its times are kept');
    const booked = await api(`/v2/bookings/${b}`, {
      method: 'PATCH',
      body: changeDocument('bookings', b, { name: 'Long residency (confirmed)' }),
    });
    assert.equal(booked.status, 200, JSON.stringify(booked.body));
  });

  it('takes setup and teardown from 0 to 1440 minutes, and refuses both beyond at once', async () => {
    const b = await booking();
    const zero = await postEvent(b, { name: 'Bare', setup_minutes: 0, teardown_minutes: 0 });
    assert.equal(zero.status, 201);
    const day = await postEvent(b, { name: 'Long set', setup_minutes: 1440, teardown_minutes: 1440 });
    assert.equal(day.status, 201, JSON.stringify(day.body));
    assert.equal(day.body.data.attributes.setup_minutes, 1440);
    const beyond = await postEvent(b, { setup_minutes: 1441, teardown_minutes: -1 });
    assert.equal(beyond.status, 422);
    assert.deepEqual(pointers(beyond.body).sort(), [
      '/data/attributes/setup_minutes',
      '/data/attributes/teardown_minutes',
    ]);
    const fraction = await patchEvent(zero.body.data.id, { setup_minutes: 1.5 });
    assert.equal(fraction.status, 422);
    assert.deepEqual(pointers(fraction.body), ['/data/attributes/setup_minutes']);
  });

  it('fits guests to each space for the setup style, else its capacity', async () => {
    const b = await booking();
    const classroom = await postEvent(b, { name: 'Class', guest_count: 100, setup_style: 'classroom' }, [
      s.Hall!,
    ]);
    assert.equal(classroom.status, 201, 'no classroom figure: the capacity, 100, holds');
    const tooMany = await postEvent(b, { guest_count: 101, setup_style: 'classroom' }, [s.Hall!]);
    assert.equal(tooMany.status, 422);
    assert.match(tooMany.body.errors[0]!.detail, /101 guests do not fit in Hall: it takes 100/);
    const unstyled = await postEvent(b, { guest_count: 101 }, [s.Hall!]);
    assert.equal(unstyled.status, 422, 'no setup style: the capacity');
    const theatre = await postEvent(b, { name: 'Talk', guest_count: 150, setup_style: 'theatre' }, [s.Hall!]);
    assert.equal(theatre.status, 201, 'a theatre takes 200');
    const each = await postEvent(b, { guest_count: 30 }, [s.Hall!, s.Snug!]);
    assert.equal(each.status, 422, 'every space must take them');
    assert.match(each.body.errors[0]!.detail, /Snug/);
    const unlimited = await postEvent(b, { name: 'Fair', guest_count: 5000 }, [s.Field!]);
    assert.equal(unlimited.status, 201, 'a space without a capacity takes any number');

    const restyled = await patchEvent(theatre.body.data.id, { setup_style: 'banquet' });
    assert.equal(restyled.status, 422, '150 guests do not fit the hall set for banquet');
    assert.match(restyled.body.errors[0]!.detail, /Hall set for banquet: it takes 80/);
    const smaller = await patchEvent(
      classroom.body.data.id,
      {},
      { spaces: { data: [{ type: 'spaces', id: s.Snug }] } },
    );
    assert.equal(smaller.status, 422);
    assert.deepEqual(pointers(smaller.body), ['/data/attributes/guest_count']);
    const fewer = await patchEvent(classroom.body.data.id, { guest_count: 0 });
    assert.equal(fewer.status, 200, 'zero guests is a count');
    const unset = await patchEvent(theatre.body.data.id, { setup_style: null, guest_count: 100 });
    assert.equal(unset.status, 200, JSON.stringify(unset.body));
    assert.equal(unset.body.data.attributes.setup_style, null, 'a setup style can be taken away');
    const unsetOver = await patchEvent(theatre.body.data.id, { guest_count: 150 });
    assert.equal(unsetOver.status, 422, 'without a setup style, the capacity holds again');
  });

  it('makes an event’s status its booking’s: never written, following every move', async () => {
    const b = await booking({ status: 'tentative' });
    const given = await postEvent(b, { name: 'Given', status: 'definite' });
    assert.equal(given.status, 422);
    assert.deepEqual(pointers(given.body), ['/data/attributes/status']);
    const made = await postEvent(b, { name: 'Second' });
    assert.equal(made.status, 201);
    assert.equal(made.body.data.attributes.status, 'tentative', 'a new event takes its booking’s status');
    const written = await patchEvent(made.body.data.id, { status: 'lead' });
    assert.equal(written.status, 422);
    assert.deepEqual(pointers(written.body), ['/data/attributes/status']);
    for (const [status, extra] of [
      ['definite', {}],
      ['closed', {}],
    ] as const) {
      const moved = await api(`/v2/bookings/${b}`, {
        method: 'PATCH',
        body: changeDocument('bookings', b, { status, ...extra }),
      });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.deepEqual(
        (await eventsOf(b)).map((e) => e.attributes.status),
        [status, status],
      );
    }
    const lost = await booking();
    await api(`/v2/bookings/${lost}`, {
      method: 'PATCH',
      body: changeDocument('bookings', lost, { status: 'lost', lost_reason: 'Budget' }),
    });
    assert.deepEqual(
      (await eventsOf(lost)).map((e) => e.attributes.status),
      ['lost'],
    );
  });

  it('keeps an event with its booking, naming it again being no change', async () => {
    const b = await booking();
    const [event] = await eventsOf(b);
    const same = await patchEvent(
      event!.id,
      { name: 'Renamed' },
      { booking: { data: { type: 'bookings', id: b } } },
    );
    assert.equal(same.status, 200, JSON.stringify(same.body));
    const removed = await patchEvent(event!.id, {}, { booking: { data: null } });
    assert.equal(removed.status, 422);
    assert.deepEqual(pointers(removed.body), ['/data/relationships/booking/data']);
  });

  it('refuses schema and rule problems of a change together, one per field', async () => {
    const b = await booking();
    const [event] = await eventsOf(b);
    const other = await booking({ name: 'Other' });
    const response = await patchEvent(
      event!.id,
      { setup_minutes: -5, end_at: at('01', '09:00'), name: ' ', setup_style: 'dancing' },
      { booking: { data: { type: 'bookings', id: other } } },
    );
    assert.equal(response.status, 422);
    assert.deepEqual(pointers(response.body).sort(), [
      '/data/attributes/end_at',
      '/data/attributes/name',
      '/data/attributes/setup_minutes',
      '/data/attributes/setup_style',
      '/data/relationships/booking/data',
    ]);
  });

  it('brings the booking’s times, spaces and guests up to date on every change and delete of its events', async () => {
    const b = await booking({ guest_count: 10 }, [s.Snug!]);
    const [first] = await eventsOf(b);
    const second = await postEvent(
      b,
      { name: 'Dinner', start_at: at('01', '18:00'), end_at: at('01', '22:00'), guest_count: 90 },
      [s.Hall!],
    );
    assert.equal(second.status, 201);
    let shown = await bookingOf(b);
    assert.deepEqual(
      [
        shown.attributes.start_at,
        shown.attributes.end_at,
        shown.attributes.guest_count,
        shown.attributes.room_names,
      ],
      [iso(at('01', '10:00')), iso(at('01', '22:00')), 90, ['Snug', 'Hall']],
    );

    const later = await patchEvent(
      second.body.data.id,
      { end_at: at('01', '23:30'), guest_count: 60 },
      {
        spaces: { data: [{ type: 'spaces', id: s.Field }] },
      },
    );
    assert.equal(later.status, 200, JSON.stringify(later.body));
    shown = await bookingOf(b);
    assert.equal(shown.attributes.end_at, iso(at('01', '23:30')));
    assert.equal(shown.attributes.guest_count, 60);
    assert.deepEqual(shown.attributes.room_names, ['Snug', 'Field']);
    assert.deepEqual(
      (shown.relationships.spaces!.data as Array<{ id: string }>).map((r) => r.id),
      [s.Snug, s.Field],
    );

    const earlier = await patchEvent(first!.id, { start_at: at('01', '08:00') });
    assert.equal(earlier.status, 200);
    assert.equal((await bookingOf(b)).attributes.start_at, iso(at('01', '08:00')));

    assert.equal((await api(`/v2/events/${second.body.data.id}`, { method: 'DELETE' })).status, 204);
    shown = await bookingOf(b);
    assert.deepEqual(
      [
        shown.attributes.start_at,
        shown.attributes.end_at,
        shown.attributes.guest_count,
        shown.attributes.room_names,
      ],
      [iso(at('01', '08:00')), iso(at('01', '12:00')), 10, ['Snug']],
    );
    const none = await patchEvent(first!.id, { guest_count: null });
    assert.equal(none.status, 200);
    assert.equal((await bookingOf(b)).attributes.guest_count, null, 'no event counts guests');
  });

  it('lets a booking change its own fields whatever guests its events have by setup style', async () => {
    // The booking's guests are its largest event's: 150 set for theatre in the hall (which takes
    // 100 otherwise), and a smaller event in the snug (20).
    const b = await booking({ guest_count: 10 }, [s.Snug!]);
    const talk = await postEvent(
      b,
      {
        name: 'Talk',
        start_at: at('01', '14:00'),
        end_at: at('01', '15:00'),
        guest_count: 150,
        setup_style: 'theatre',
      },
      [s.Hall!],
    );
    assert.equal(talk.status, 201, JSON.stringify(talk.body));
    assert.equal((await bookingOf(b)).attributes.guest_count, 150);
    const renamed = await api<Errors>(`/v2/bookings/${b}`, {
      method: 'PATCH',
      body: changeDocument('bookings', b, { name: 'Lecture day', status: 'tentative' }),
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  });

  it('checks every event of a booking moved to definite, not only its first', async () => {
    const held = await booking(
      { name: 'Holder', status: 'definite', start_at: at('09', '18:00'), end_at: at('09', '20:00') },
      [s.Snug!],
    );
    assert.ok(held);
    const option = await booking(
      { name: 'Option', status: 'tentative', start_at: at('09', '10:00'), end_at: at('09', '11:00') },
      [s.Snug!],
    );
    const late = await postEvent(
      option,
      { name: 'Evening', start_at: at('09', '17:00'), end_at: at('09', '19:00') },
      [s.Snug!],
    );
    assert.equal(late.status, 201, 'options may overlap');
    const moved = await api<Errors>(`/v2/bookings/${option}`, {
      method: 'PATCH',
      body: changeDocument('bookings', option, { status: 'definite' }),
    });
    assert.equal(moved.status, 409);
    assert.equal(moved.body.errors[0]!.code, 'space_conflict');
    assert.match(
      moved.body.errors[0]!.detail,
      /^Snug is already held by BK-\d+ \(definite\), its event "Main event"/,
    );
    assert.equal((await bookingOf(option)).attributes.status, 'tentative', 'nothing changed');
    assert.deepEqual(
      (await eventsOf(option)).map((e) => e.attributes.status),
      ['tentative', 'tentative'],
    );
  });

  it('passes a booking’s guests to its one event only when they fit its spaces for its setup style', async () => {
    const b = await booking({ guest_count: 50 }, [s.Hall!]);
    const [event] = await eventsOf(b);
    assert.equal((await patchEvent(event!.id, { setup_style: 'banquet' })).status, 200);
    const more = await api<Errors>(`/v2/bookings/${b}`, {
      method: 'PATCH',
      body: changeDocument('bookings', b, { guest_count: 90 }),
    });
    assert.equal(more.status, 422, 'the hall set for banquet takes 80');
    assert.deepEqual(pointers(more.body), ['/data/attributes/guest_count']);
    assert.equal((await eventsOf(b))[0]!.attributes.guest_count, 50, 'nothing changed');
  });
});
