/**
 * GET /v2/availability (SPEC §11): each space of the organization, free, held (only options) or
 * taken (a definite event occupies it directly, through a part or through its combined space),
 * with setup and teardown counted, capacities by setup style and whether the guests fit, the
 * holds in the way; a shareable space is never taken; every bad parameter named at once.
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
  created,
  spaceDocument,
} from '../helpers/writes.js';

interface Entry {
  id: string;
  attributes: {
    space_name: string;
    capacity: number | null;
    fits: boolean;
    state: string;
    holds: Array<{ booking_reference: string; event_name: string; status: string }>;
  };
}

const at = (time: string) => `2027-10-09T${time}:00Z`;

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  const s: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Avail Co' }));
    s.A = await created(api, '/v2/spaces', spaceDocument({ name: 'Salon A', capacity: 60 }));
    s.B = await created(api, '/v2/spaces', spaceDocument({ name: 'Salon B', capacity: 60 }));
    s.Lawn = await created(api, '/v2/spaces', spaceDocument({ name: 'Lawn', shareable: true }));
    s.Library = await created(
      api,
      '/v2/spaces',
      spaceDocument({ name: 'Library', capacity: 40, capacities: { theatre: 80 } }),
    );
    s.Ballroom = await created(api, '/v2/spaces', {
      data: {
        type: 'spaces',
        attributes: { name: 'Ballroom', capacity: 120 },
        relationships: {
          parts: {
            data: [
              { type: 'spaces', id: s.A },
              { type: 'spaces', id: s.B },
            ],
          },
        },
      },
    });
    const book = (name: string, status: string, spaces: string[], from: string, until: string) =>
      created(
        api,
        '/v2/bookings',
        bookingDocument(account, { name, status, start_at: at(from), end_at: at(until) }, { spaces }),
      );
    await book('Dinner in A', 'definite', [s.A], '18:00', '22:00');
    await book('Maybe in Library', 'tentative', [s.Library], '19:00', '21:00');
    await book('Picnic', 'definite', [s.Lawn], '12:00', '20:00');
  });
  after(() => server.close());

  const ask = async (query: string) => {
    const response = await api<{ data: Entry[] }>(`/v2/availability?${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return new Map(response.body.data.map((e) => [e.attributes.space_name, e.attributes]));
  };

  it('says which spaces are free, held or taken, through parts and combined spaces', async () => {
    const evening = await ask(`start_at=${at('19:00')}&end_at=${at('20:00')}`);
    assert.equal(evening.get('Salon A')!.state, 'taken');
    assert.equal(evening.get('Ballroom')!.state, 'taken', 'a part of it is taken');
    assert.equal(evening.get('Salon B')!.state, 'free', 'the other part is apart');
    assert.equal(evening.get('Library')!.state, 'held');
    assert.equal(evening.get('Lawn')!.state, 'held', 'shared: taken by nobody');
    assert.deepEqual(
      evening.get('Ballroom')!.holds.map((h) => [h.event_name, h.status]),
      [['Main event', 'definite']],
    );
    const morning = await ask(`start_at=${at('08:00')}&end_at=${at('10:00')}`);
    assert.ok([...morning.values()].every((e) => e.state === 'free' && e.holds.length === 0));
  });

  it('counts the setup and teardown asked for', async () => {
    const before = await ask(`start_at=${at('16:00')}&end_at=${at('17:30')}`);
    assert.equal(before.get('Salon A')!.state, 'free');
    const withTeardown = await ask(`start_at=${at('16:00')}&end_at=${at('17:30')}&teardown_minutes=45`);
    assert.equal(withTeardown.get('Salon A')!.state, 'taken', 'cleared away by 18:15, after dinner starts');
    const withSetup = await ask(`start_at=${at('22:30')}&end_at=${at('23:30')}&setup_minutes=45`);
    assert.equal(withSetup.get('Salon A')!.state, 'taken');
  });

  it('reads capacities for the setup style, and says whether the guests fit', async () => {
    const theatre = await ask(
      `start_at=${at('08:00')}&end_at=${at('09:00')}&guest_count=70&setup_style=theatre`,
    );
    assert.equal(theatre.get('Library')!.capacity, 80);
    assert.equal(theatre.get('Library')!.fits, true);
    assert.equal(theatre.get('Salon B')!.capacity, 60);
    assert.equal(theatre.get('Salon B')!.fits, false);
    assert.equal(theatre.get('Lawn')!.fits, true, 'no limit set');
    const anyone = await ask(`start_at=${at('08:00')}&end_at=${at('09:00')}`);
    assert.ok([...anyone.values()].every((e) => e.fits));
  });

  it('names every bad parameter at once', async () => {
    const response = await api<{ errors: Array<{ source: { parameter: string } }> }>(
      '/v2/availability?start_at=tomorrow&guest_count=-3&setup_style=dancing&setup_minutes=2000',
    );
    assert.equal(response.status, 400);
    assert.deepEqual(response.body.errors.map((e) => e.source.parameter).sort(), [
      'end_at',
      'guest_count',
      'setup_minutes',
      'setup_style',
      'start_at',
    ]);
    const backwards = await api<{ errors: Array<{ source: { parameter: string } }> }>(
      `/v2/availability?start_at=${at('20:00')}&end_at=${at('19:00')}`,
    );
    assert.equal(backwards.status, 400);
    assert.deepEqual(
      backwards.body.errors.map((e) => e.source.parameter),
      ['end_at'],
    );
  });
});
