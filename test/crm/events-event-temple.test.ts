/**
 * Events under Event Temple's names (SPEC §15): wall-clock dates and times in the booking's time
 * zone, `all_day`, `expected`, the to-one `space` and the `event_type` (with /v2/event_types), read,
 * filtered, included and written; the same rules as Marquee's names judge them, each problem at
 * the name the client used.
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
  type Many,
  type One,
  problemsAt as problems,
  spaceDocument,
} from '../helpers/writes.js';

/** A POST /v2/events document by Event Temple's names. */
function eventTempleEvent(
  bookingId: string,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) {
  return {
    data: {
      type: 'events',
      attributes: { name: 'Dinner', ...attributes },
      relationships: { booking: { data: { type: 'bookings', id: bookingId } }, ...relationships },
    },
  };
}

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  const ids: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    ids.account = await created(api, '/v2/accounts', accountDocument({ name: 'Harbour Club' }));
    ids.terrace = await created(api, '/v2/spaces', spaceDocument({ name: 'Terrace', capacity: 80 }));
    ids.hall = await created(api, '/v2/spaces', spaceDocument({ name: 'Hall', capacity: 200 }));
    // 18:00–23:30 in New York on 12 June 2027 (EDT, UTC−4).
    ids.wedding = await created(
      api,
      '/v2/bookings',
      bookingDocument(
        ids.account,
        {
          name: 'Lane wedding',
          event_type: 'Wedding',
          timezone: 'America/New_York',
          start_at: '2027-06-12T22:00:00Z',
          end_at: '2027-06-13T03:30:00Z',
          guest_count: 70,
        },
        { spaces: [ids.terrace!, ids.hall!] },
      ),
    );
  });
  after(() => server.close());

  const eventsOf = async (booking: string) =>
    (await api<Many>(`/v2/events?filter[booking_id][eq]=${booking}&sort=start_at`)).body.data;

  it('serves an event’s wall-clock times in its booking’s zone, its guests as expected, its first space and its type', async () => {
    const [event] = await eventsOf(ids.wedding!);
    const a = event!.attributes;
    assert.deepEqual(
      [a.start_date, a.start_time, a.end_date, a.end_time, a.all_day, a.expected],
      ['2027-06-12', '18:00', '2027-06-12', '23:30', false, 70],
    );
    assert.deepEqual(event!.relationships.space!.data, { type: 'spaces', id: ids.terrace });
    const typeId = (event!.relationships.event_type!.data as { id: string }).id;
    const types = await api<Many>('/v2/event_types');
    assert.equal(types.status, 200);
    assert.deepEqual(
      types.body.data.map((t) => [t.id, t.attributes.value]),
      [[typeId, 'Wedding']],
      'the booking’s event type became one of the organization’s',
    );
    ids.wedding_type = typeId;

    const day = await api<Many>(
      `/v2/events?filter[start_date][eq]=2027-06-12&filter[space_id][eq]=${ids.terrace}&include=space,booking,event_type`,
    );
    assert.equal(day.status, 200, JSON.stringify(day.body));
    assert.deepEqual(
      day.body.data.map((e) => e.id),
      [event!.id],
    );
    const included = new Map(day.body.included!.map((r) => [`${r.type}/${r.id}`, r]));
    assert.equal(included.get(`spaces/${ids.terrace}`)?.attributes.name, 'Terrace');
    assert.equal(included.get(`event_types/${typeId}`)?.attributes.value, 'Wedding');
    assert.ok(included.has(`bookings/${ids.wedding}`));
  });

  it('writes an event by its wall-clock times and expected guests, and all day by dates alone', async () => {
    const brunch = await api<One>('/v2/events', {
      method: 'POST',
      body: eventTempleEvent(
        ids.wedding!,
        { name: 'Brunch', start_date: '2027-06-13', start_time: '10:30', end_time: '13:00', expected: 40 },
        { space: { data: { type: 'spaces', id: ids.terrace } } },
      ),
    });
    assert.equal(brunch.status, 201, JSON.stringify(brunch.body));
    const b = brunch.body.data.attributes;
    assert.deepEqual(
      [b.start_at, b.end_at, b.end_date, b.guest_count, b.expected, b.all_day],
      ['2027-06-13T14:30:00.000Z', '2027-06-13T17:00:00.000Z', '2027-06-13', 40, 40, false],
    );
    assert.deepEqual(brunch.body.data.relationships.spaces!.data, [{ type: 'spaces', id: ids.terrace }]);
    assert.equal(
      (brunch.body.data.relationships.event_type!.data as { id: string }).id,
      ids.wedding_type,
      'of its booking’s type by default',
    );

    const setup = await api<One>('/v2/events', {
      method: 'POST',
      body: eventTempleEvent(ids.wedding!, {
        name: 'Setup days',
        start_date: '2027-06-10',
        end_date: '2027-06-11',
      }),
    });
    assert.equal(setup.status, 201, JSON.stringify(setup.body));
    const s = setup.body.data.attributes;
    assert.deepEqual(
      [s.all_day, s.start_date, s.end_date, s.start_time, s.end_time, s.start_at, s.end_at],
      [true, '2027-06-10', '2027-06-11', null, null, '2027-06-10T04:00:00.000Z', '2027-06-12T04:00:00.000Z'],
      'from the midnight starting its first day to the one ending its last, in New York',
    );
    ids.setup = setup.body.data.id;
    ids.brunch = brunch.body.data.id;
  });

  it('moves an event by its start date alone, keeping its length, and by its times', async () => {
    const moved = await api<One>(`/v2/events/${ids.setup}`, {
      method: 'PATCH',
      body: changeDocument('events', ids.setup!, { start_date: '2027-06-08' }),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual(
      [
        moved.body.data.attributes.start_date,
        moved.body.data.attributes.end_date,
        moved.body.data.attributes.all_day,
      ],
      ['2027-06-08', '2027-06-09', true],
    );
    const timed = await api<One>(`/v2/events/${ids.setup}`, {
      method: 'PATCH',
      body: changeDocument('events', ids.setup!, { start_time: '09:00', end_time: '17:00' }),
    });
    assert.equal(timed.status, 200, JSON.stringify(timed.body));
    assert.deepEqual(
      [
        timed.body.data.attributes.all_day,
        timed.body.data.attributes.start_at,
        timed.body.data.attributes.end_at,
      ],
      [false, '2027-06-08T13:00:00.000Z', '2027-06-09T21:00:00.000Z'],
    );
    const later = await api<One>(`/v2/events/${ids.brunch}`, {
      method: 'PATCH',
      body: changeDocument('events', ids.brunch!, { end_time: '14:00' }),
    });
    assert.equal(later.body.data.attributes.end_at, '2027-06-13T18:00:00.000Z');
    assert.equal(later.body.data.attributes.start_time, '10:30');
  });

  it('refuses every bad wall-clock field at once, at the names the client used', async () => {
    const bad = await api<Errors>('/v2/events', {
      method: 'POST',
      body: eventTempleEvent(
        ids.wedding!,
        {
          name: 'Bad',
          start_date: '2027-02-30',
          start_time: '25:00',
          end_date: '2027-06-12',
          expected: 81,
        },
        { space: { data: { type: 'spaces', id: ids.terrace } } },
      ),
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(problems(bad.body), [
      ['/data/attributes/end_time', 'required'],
      ['/data/attributes/expected', 'over_capacity'],
      ['/data/attributes/start_date', 'invalid_value'],
      ['/data/attributes/start_time', 'invalid_value'],
    ]);

    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [
        { start_at: '2027-06-12T10:00:00Z', end_at: '2027-06-12T11:00:00Z', start_date: '2027-06-12' },
        [['/data/attributes/start_date', 'conflicting_members']],
      ],
      [
        // The clocks go forward in New York at 02:00 on 14 March 2027.
        { start_date: '2027-03-14', start_time: '02:30', end_time: '04:00' },
        [['/data/attributes/start_time', 'nonexistent_time']],
      ],
      [
        { start_date: '2027-06-12', all_day: true, start_time: '10:00' },
        [['/data/attributes/start_time', 'invalid_value']],
      ],
      [
        { start_date: '2027-06-12', start_time: '20:00', end_time: '19:00' },
        [['/data/attributes/end_date', 'invalid_value']],
      ],
      [
        { start_date: '2027-06-12', start_time: '08:00', end_time: '09:00', expected: 90, guest_count: 80 },
        [['/data/attributes/expected', 'conflicting_members']],
      ],
      [
        { start_date: '2027-06-12', start_time: '08:00', end_time: '09:00', expected: 81 },
        [['/data/attributes/expected', 'over_capacity']],
      ],
      [
        { start_date: '2027-06-01', end_date: '2027-07-15' },
        [['/data/attributes/end_date', 'invalid_value']],
      ],
    ];
    for (const [attributes, expected] of cases) {
      const refused = await api<Errors>('/v2/events', {
        method: 'POST',
        body: eventTempleEvent(ids.wedding!, attributes, {
          space: { data: { type: 'spaces', id: ids.terrace } },
        }),
      });
      assert.equal(refused.status, 422, JSON.stringify(attributes));
      assert.deepEqual(problems(refused.body), expected, JSON.stringify(refused.body));
    }
    const toTimed = await api<Errors>(`/v2/events/${ids.brunch}`, {
      method: 'PATCH',
      body: changeDocument('events', ids.brunch!, { all_day: false, start_date: '2027-06-14' }),
    });
    assert.equal(toTimed.status, 200, 'a timed event keeps its times when moved to another day');
  });

  it('filters events by their dates in their booking’s zone', async () => {
    // Ends 23:30 on the 12th in New York: 03:30 on the 13th in UTC.
    const ids12 = async (query: string) =>
      (
        await api<Many>(`/v2/events?filter[booking_id][eq]=${ids.wedding}&${query}&sort=start_at`)
      ).body.data.map((e) => e.attributes.name);
    assert.deepEqual(await ids12('filter[end_date][eq]=2027-06-12'), ['Wedding']);
    assert.deepEqual(await ids12('filter[start_date][lt]=2027-06-12'), ['Setup days']);
    assert.deepEqual(await ids12('filter[start_date][lteq]=2027-06-12'), ['Setup days', 'Wedding']);
    assert.deepEqual(await ids12('filter[start_date][gt]=2027-06-12'), ['Brunch']);
    assert.deepEqual(await ids12('filter[start_date][gteq]=2027-06-12'), ['Wedding', 'Brunch']);
    assert.deepEqual(
      await ids12('filter[start_date][lteq]=2027-06-12&filter[end_date][gteq]=2027-06-09'),
      ['Setup days', 'Wedding'],
      'the events touching a range',
    );
    const bad = await api<Errors>('/v2/events?filter[start_date][eq]=2027-13-01');
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.errors.map((e) => [e.code, e.source?.parameter]),
      [['invalid_filter', 'filter[start_date][eq]']],
    );
  });

  it('moves its events’ wall-clock times when a booking changes its time zone', async () => {
    const one = await created(
      api,
      '/v2/bookings',
      bookingDocument(ids.account, {
        name: 'Retreat',
        timezone: 'Europe/London',
        start_at: '2027-06-20T23:30:00Z',
        end_at: '2027-06-21T01:00:00Z',
      }),
    );
    const [before] = await eventsOf(one);
    assert.deepEqual([before!.attributes.start_date, before!.attributes.start_time], ['2027-06-21', '00:30']);
    const changed = await api(`/v2/bookings/${one}`, {
      method: 'PATCH',
      body: changeDocument('bookings', one, { timezone: 'America/Los_Angeles' }),
    });
    assert.equal(changed.status, 200);
    const [after] = await eventsOf(one);
    assert.deepEqual(
      [after!.attributes.start_date, after!.attributes.start_time, after!.attributes.start_at],
      ['2027-06-20', '16:30', '2027-06-20T23:30:00.000Z'],
    );

    // Its one event takes the booking's new event type, added to the organization's list.
    const retyped = await api(`/v2/bookings/${one}`, {
      method: 'PATCH',
      body: changeDocument('bookings', one, { event_type: 'Offsite' }),
    });
    assert.equal(retyped.status, 200);
    const [typed] = await eventsOf(one);
    const typeId = (typed!.relationships.event_type!.data as { id: string }).id;
    const type = await api<One>(`/v2/event_types/${typeId}`);
    assert.equal(type.body.data.attributes.value, 'Offsite');
  });

  it('keeps event types as a list the organization manages, named by events', async () => {
    const conference = await created(api, '/v2/event_types', {
      data: { type: 'event_types', attributes: { value: 'Conference' } },
    });
    const taken = await api<Errors>('/v2/event_types', {
      method: 'POST',
      body: { data: { type: 'event_types', attributes: { value: ' wedding ' } } },
    });
    assert.equal(taken.status, 422);
    assert.deepEqual(problems(taken.body), [['/data/attributes/value', 'taken']]);
    const typed = await api<One>(`/v2/events/${ids.brunch}`, {
      method: 'PATCH',
      body: changeDocument(
        'events',
        ids.brunch!,
        {},
        {
          event_type: { data: { type: 'event_types', id: conference } },
        },
      ),
    });
    assert.equal(typed.status, 200, JSON.stringify(typed.body));
    assert.deepEqual(typed.body.data.relationships.event_type!.data, { type: 'event_types', id: conference });
    const foreign = await api<Errors>(`/v2/events/${ids.brunch}`, {
      method: 'PATCH',
      body: changeDocument(
        'events',
        ids.brunch!,
        {},
        {
          event_type: { data: { type: 'event_types', id: 'nope' } },
        },
      ),
    });
    assert.equal(foreign.status, 422);
    assert.deepEqual(problems(foreign.body), [['/data/relationships/event_type/data', 'not_found']]);
    const inUse = await api<Errors>(`/v2/event_types/${conference}`, { method: 'DELETE' });
    assert.equal(inUse.status, 409);
    assert.equal(inUse.body.errors[0]!.code, 'has_dependents');
    const renamed = await api<One>(`/v2/event_types/${conference}`, {
      method: 'PATCH',
      body: changeDocument('event_types', conference, { value: 'Summit' }),
    });
    assert.equal(renamed.status, 200);
    const untyped = await api(`/v2/events/${ids.brunch}`, {
      method: 'PATCH',
      body: changeDocument('events', ids.brunch!, {}, { event_type: { data: null } }),
    });
    assert.equal(untyped.status, 200);
    assert.equal((await api(`/v2/event_types/${conference}`, { method: 'DELETE' })).status, 204);
  });
});
