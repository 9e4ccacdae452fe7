/**
 * GET /v2/availability (SPEC §11) at its edges: the setup and teardown of the events already
 * there count as well as those asked for, times are half-open, a combined space held takes its
 * parts (and a part held, its combined space) with their buffers, options beside a definite event
 * leave it taken with every hold listed, lost bookings hold nothing, another organization's spaces
 * and events are not seen, a setup style alone gives its capacity, every parameter is checked
 * (unknown ones too) and reading needs crm_read.
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
  eventDocument,
  spaceDocument,
} from '../helpers/writes.js';

interface Entry {
  type: string;
  id: string;
  attributes: {
    space_name: string;
    capacity: number | null;
    fits: boolean;
    state: string;
    holds: Array<{
      booking_id: string;
      event_name: string;
      status: string;
      start_at: string;
      end_at: string;
    }>;
  };
}

const at = (time: string) => `2028-07-14T${time}:00Z`;

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
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Edges Ltd' }));
    s.East = await created(api, '/v2/spaces', spaceDocument({ name: 'East', capacity: 50 }));
    s.West = await created(api, '/v2/spaces', spaceDocument({ name: 'West', capacity: 50 }));
    s.Hall = await created(api, '/v2/spaces', {
      data: {
        type: 'spaces',
        attributes: { name: 'Hall', capacity: 100, capacities: { banquet: 70 } },
        relationships: {
          parts: {
            data: [
              { type: 'spaces', id: s.East },
              { type: 'spaces', id: s.West },
            ],
          },
        },
      },
    });
    s.Studio = await created(api, '/v2/spaces', spaceDocument({ name: 'Studio' }));
    s.Loft = await created(api, '/v2/spaces', spaceDocument({ name: 'Loft' }));
  });
  after(() => server.close());

  const ask = async (query: string) => {
    const response = await api<{ data: Entry[] }>(`/v2/availability?${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return new Map(response.body.data.map((e) => [e.attributes.space_name, e.attributes]));
  };
  const stateOf = async (query: string) =>
    Object.fromEntries([...(await ask(query))].map(([name, a]) => [name, a.state]));
  const definiteBooking = async (name: string, status = 'definite') =>
    created(
      api,
      '/v2/bookings',
      bookingDocument(account, { name, status, start_at: at('01:00'), end_at: at('02:00') }),
    );

  it('counts the setup and teardown of the events already there, half-open', async () => {
    const b = await definiteBooking('Buffers');
    const event = await created(
      api,
      '/v2/events',
      eventDocument(
        b,
        {
          name: 'Concert',
          start_at: at('19:00'),
          end_at: at('21:00'),
          setup_minutes: 120,
          teardown_minutes: 60,
        },
        [s.Studio!],
      ),
    );
    assert.ok(event);
    assert.equal(
      (await stateOf(`start_at=${at('21:30')}&end_at=${at('22:30')}`)).Studio,
      'taken',
      'teardown',
    );
    assert.equal((await stateOf(`start_at=${at('16:00')}&end_at=${at('17:30')}`)).Studio, 'taken', 'setup');
    assert.equal(
      (await stateOf(`start_at=${at('22:00')}&end_at=${at('23:00')}`)).Studio,
      'free',
      'starting as its teardown ends',
    );
    assert.equal(
      (await stateOf(`start_at=${at('16:00')}&end_at=${at('17:00')}`)).Studio,
      'free',
      'ending as its setup starts',
    );
    assert.equal(
      (await stateOf(`start_at=${at('16:00')}&end_at=${at('17:00')}&teardown_minutes=1`)).Studio,
      'taken',
      'a minute of teardown meets its setup',
    );
  });

  it('takes the parts of a combined space held, and the combined space of a part held, buffers included', async () => {
    const whole = await definiteBooking('Whole hall');
    await created(
      api,
      '/v2/events',
      eventDocument(
        whole,
        { name: 'Gala', start_at: at('12:00'), end_at: at('14:00'), teardown_minutes: 30 },
        [s.Hall!],
      ),
    );
    const noon = await stateOf(`start_at=${at('14:15')}&end_at=${at('15:00')}`);
    assert.deepEqual([noon.Hall, noon.East, noon.West], ['taken', 'taken', 'taken']);
    const part = await definiteBooking('East only');
    await created(
      api,
      '/v2/events',
      eventDocument(
        part,
        { name: 'Workshop', start_at: at('16:00'), end_at: at('17:00'), setup_minutes: 30 },
        [s.East!],
      ),
    );
    const afternoon = await ask(`start_at=${at('15:00')}&end_at=${at('15:45')}`);
    assert.deepEqual(
      ['Hall', 'East', 'West'].map((n) => afternoon.get(n)!.state),
      ['taken', 'taken', 'free'],
      'a part held takes its combined space, not the other part',
    );
    assert.deepEqual(
      afternoon.get('Hall')!.holds.map((h) => h.event_name),
      ['Workshop'],
    );
    assert.equal(
      afternoon.get('Hall')!.holds[0]!.start_at,
      new Date(at('16:00')).toISOString(),
      'its own times',
    );
  });

  it('is taken by a definite event beside options, listing every hold; lost bookings hold nothing', async () => {
    const definite = await definiteBooking('Sure thing');
    const option = await definiteBooking('Maybe', 'tentative');
    const lead = await definiteBooking('Perhaps', 'lead');
    for (const [b, name] of [
      [definite, 'Sure'],
      [option, 'Maybe'],
      [lead, 'Perhaps'],
    ] as const) {
      await created(
        api,
        '/v2/events',
        eventDocument(b, { name, start_at: at('08:00'), end_at: at('09:00') }, [s.Loft!]),
      );
    }
    const morning = await ask(`start_at=${at('08:30')}&end_at=${at('10:00')}`);
    assert.equal(morning.get('Loft')!.state, 'taken');
    assert.deepEqual(
      morning
        .get('Loft')!
        .holds.map((h) => `${h.event_name}:${h.status}`)
        .sort(),
      ['Maybe:tentative', 'Perhaps:lead', 'Sure:definite'],
    );
    const lost = await api(`/v2/bookings/${definite}`, {
      method: 'PATCH',
      body: changeDocument('bookings', definite, { status: 'lost', lost_reason: 'Cancelled' }),
    });
    assert.equal(lost.status, 200);
    const after = await ask(`start_at=${at('08:30')}&end_at=${at('10:00')}`);
    assert.equal(after.get('Loft')!.state, 'held', 'only the options are left');
    assert.ok(!after.get('Loft')!.holds.some((h) => h.booking_id === definite));
  });

  it('shows only the organization’s spaces and holds', async () => {
    const other = await makeVenue(suite.db);
    const theirs = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const theirAccount = await created(theirs, '/v2/accounts', accountDocument({ name: 'Others' }));
    const theirSpace = await created(theirs, '/v2/spaces', spaceDocument({ name: 'Elsewhere' }));
    await created(
      theirs,
      '/v2/bookings',
      bookingDocument(
        theirAccount,
        { status: 'definite', start_at: at('03:00'), end_at: at('04:00') },
        { spaces: [theirSpace] },
      ),
    );
    const night = await ask(`start_at=${at('03:00')}&end_at=${at('04:00')}`);
    assert.deepEqual([...night.keys()].sort(), ['East', 'Hall', 'Loft', 'Studio', 'West']);
    assert.ok([...night.values()].every((e) => e.state === 'free'));
    const response = await api<{ data: Entry[] }>(
      `/v2/availability?start_at=${at('03:00')}&end_at=${at('04:00')}`,
    );
    assert.ok(response.body.data.every((e) => e.type === 'space_availability'));
    assert.deepEqual(
      response.body.data.map((e) => e.id).sort(),
      [s.East, s.Hall, s.Loft, s.Studio, s.West].sort(),
      'each entry is its space’s id',
    );
  });

  it('gives the capacity for a setup style alone, and whether guests fit at the limits', async () => {
    const banquet = await ask(`start_at=${at('05:00')}&end_at=${at('06:00')}&setup_style=banquet`);
    assert.equal(banquet.get('Hall')!.capacity, 70);
    assert.equal(banquet.get('East')!.capacity, 50, 'no banquet figure: its capacity');
    assert.equal(banquet.get('Studio')!.capacity, null);
    assert.ok(
      [...banquet.values()].every((e) => e.fits),
      'no guests asked about',
    );
    const seventy = await ask(
      `start_at=${at('05:00')}&end_at=${at('06:00')}&setup_style=banquet&guest_count=70`,
    );
    assert.deepEqual(
      ['Hall', 'East', 'Studio'].map((n) => seventy.get(n)!.fits),
      [true, false, true],
    );
    const none = await ask(
      `start_at=${at('05:00')}&end_at=${at('06:00')}&guest_count=0&setup_minutes=1440&teardown_minutes=0`,
    );
    assert.ok([...none.values()].every((e) => e.fits));
  });

  it('refuses bad and unknown parameters with 400 naming each', async () => {
    const parameters = async (query: string) => {
      const response = await api<{ errors: Array<{ source?: { parameter?: string } }> }>(
        `/v2/availability?${query}`,
      );
      assert.equal(response.status, 400, `${query}: ${JSON.stringify(response.body)}`);
      return response.body.errors.map((e) => e.source?.parameter).sort();
    };
    assert.deepEqual(await parameters(''), ['end_at', 'start_at']);
    assert.deepEqual(
      await parameters(`start_at=${at('10:00')}&end_at=${at('10:00')}`),
      ['end_at'],
      'an empty stretch',
    );
    assert.deepEqual(
      await parameters(
        `start_at=${at('10:00')}&end_at=${at('11:00')}&guest_count=1.5&teardown_minutes=1441&setup_minutes=x`,
      ),
      ['guest_count', 'setup_minutes', 'teardown_minutes'],
    );
    assert.deepEqual(await parameters(`start_at=${at('10:00')}&end_at=2028-02-30T10:00:00Z`), ['end_at']);
    assert.deepEqual(await parameters(`start_at=${at('10:00')}&end_at=${at('11:00')}&space_id=x`), [
      'space_id',
    ]);
  });

  it('needs a token that may read', async () => {
    const reader = apiFor(server, await clientCredentialsToken(server, venue, 'crm_read'), venue.orgId);
    assert.equal(
      (await reader(`/v2/availability?start_at=${at('10:00')}&end_at=${at('11:00')}`)).status,
      200,
    );
    const anonymous = await apiFor(
      server,
      '',
      venue.orgId,
    )(`/v2/availability?start_at=${at('10:00')}&end_at=${at('11:00')}`);
    assert.equal(anonymous.status, 401);
  });
});
