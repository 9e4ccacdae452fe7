/**
 * No double booking with events (SPEC §11): events of different definite bookings may not occupy a
 * space that cannot be shared at overlapping times, setup and teardown included; holding a
 * combined space holds each of its parts, holding a part holds the spaces it is part of, two parts
 * are apart; shareable spaces and options (lead, tentative) may overlap; a booking moved to
 * definite and new parts of a combined space are checked too; half-open times do not clash.
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
  eventDocument,
  spaceDocument,
} from '../helpers/writes.js';

interface Errors {
  errors: Array<{ code: string; detail: string }>;
}

const DAY = '2027-09-18';
const at = (time: string) => `${DAY}T${time}:00Z`;

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let account: string;
  const s: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Clash Co' }));
    for (const name of ['Salon A', 'Salon B', 'Terrace'])
      s[name] = await created(api, '/v2/spaces', spaceDocument({ name }));
    s.Lawn = await created(api, '/v2/spaces', spaceDocument({ name: 'Lawn', shareable: true }));
    s.Ballroom = await created(api, '/v2/spaces', {
      data: {
        type: 'spaces',
        attributes: { name: 'Ballroom' },
        relationships: {
          parts: {
            data: [
              { type: 'spaces', id: s['Salon A'] },
              { type: 'spaces', id: s['Salon B'] },
            ],
          },
        },
      },
    });
  });
  after(() => server.close());

  /** A definite booking whose first event holds the spaces from..until. */
  const definite = (name: string, spaces: string[], from: string, until: string, status = 'definite') =>
    api<{ data: { id: string } } & Errors>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(
        account,
        { name, status, start_at: at(from), end_at: at(until) },
        { spaces: spaces.map((n) => s[n]!) },
      ),
    });

  it('refuses an event in a space a definite booking holds then, naming the space, the booking and its event', async () => {
    const first = await definite('Dinner dance', ['Terrace'], '18:00', '23:00');
    assert.equal(first.status, 201);
    const second = await definite('Late drinks', ['Terrace'], '22:00', '23:30');
    assert.equal(second.status, 409);
    assert.equal(second.body.errors[0]!.code, 'space_conflict');
    const reference = (
      await api<{ data: { attributes: { reference: string } } }>(`/v2/bookings/${first.body.data.id}`)
    ).body.data.attributes.reference;
    assert.match(
      second.body.errors[0]!.detail,
      new RegExp(`^Terrace is already held by ${reference} \\(definite\\), its event "Main event"`),
    );
    assert.equal(
      (await definite('After', ['Terrace'], '23:00', '23:59')).status,
      201,
      'ending as the other starts is no clash',
    );
    assert.equal(
      (await definite('Option', ['Terrace'], '19:00', '20:00', 'tentative')).status,
      201,
      'options may overlap',
    );
  });

  it('counts setup and teardown', async () => {
    const morning = await definite('Breakfast', ['Salon B'], '08:00', '10:00');
    assert.equal(morning.status, 201);
    const booking = await definite('Workshop', ['Terrace'], '05:00', '06:00');
    assert.equal(booking.status, 201);
    const setup = await api<Errors>('/v2/events', {
      method: 'POST',
      body: eventDocument(
        booking.body.data.id,
        { name: 'Seminar', start_at: at('10:30'), end_at: at('12:00'), setup_minutes: 45 },
        [s['Salon B']!],
      ),
    });
    assert.equal(setup.status, 409, 'its setup from 09:45 meets breakfast until 10:00');
    const later = await api('/v2/events', {
      method: 'POST',
      body: eventDocument(
        booking.body.data.id,
        { name: 'Seminar', start_at: at('10:30'), end_at: at('12:00'), setup_minutes: 30 },
        [s['Salon B']!],
      ),
    });
    assert.equal(later.status, 201, 'a setup from 10:00 does not');
  });

  it('holds the parts of a combined space, and the combined space of a part; two parts are apart', async () => {
    const gala = await definite('Gala', ['Ballroom'], '12:00', '15:00');
    assert.equal(gala.status, 201);
    const inPart = await definite('Lunch in A', ['Salon A'], '13:00', '14:00');
    assert.equal(inPart.status, 409, 'salon A is a part of the ballroom');
    assert.match(inPart.body.errors[0]!.detail, /^Ballroom is already held by/);
    assert.equal((await definite('Talk in A', ['Salon A'], '16:00', '17:00')).status, 201);
    assert.equal(
      (await definite('Talk in B', ['Salon B'], '16:00', '17:00')).status,
      201,
      'the other part is free',
    );
    const whole = await definite('Whole room', ['Ballroom'], '16:30', '18:00');
    assert.equal(whole.status, 409, 'the ballroom includes the held salons');
  });

  it('lets definite events share a shareable space', async () => {
    assert.equal((await definite('Picnic', ['Lawn'], '12:00', '16:00')).status, 201);
    assert.equal((await definite('Croquet', ['Lawn'], '13:00', '15:00')).status, 201);
  });

  it('checks a booking moved to definite, every event of it', async () => {
    const option = await definite('Maybe wedding', ['Terrace'], '19:30', '20:30', 'tentative');
    assert.equal(option.status, 201);
    const moved = await api<Errors>(`/v2/bookings/${option.body.data.id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', option.body.data.id, { status: 'definite' }),
    });
    assert.equal(moved.status, 409);
    assert.equal(moved.body.errors[0]!.code, 'space_conflict');
  });

  it('refuses parts that would make two definite bookings clash', async () => {
    const annex = await created(api, '/v2/spaces', spaceDocument({ name: 'Annex' }));
    const suite2 = await created(api, '/v2/spaces', spaceDocument({ name: 'Suite' }));
    const a = await api<{ data: { id: string } }>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(
        account,
        { name: 'Annex party', status: 'definite', start_at: at('20:00'), end_at: at('21:00') },
        { spaces: [annex] },
      ),
    });
    const b = await api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(
        account,
        { name: 'Suite party', status: 'definite', start_at: at('20:00'), end_at: at('21:00') },
        { spaces: [suite2] },
      ),
    });
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    const combined = await api<Errors>(`/v2/spaces/${suite2}`, {
      method: 'PATCH',
      body: changeDocument('spaces', suite2, {}, { parts: { data: [{ type: 'spaces', id: annex }] } }),
    });
    assert.equal(combined.status, 409);
    assert.equal(combined.body.errors[0]!.code, 'space_conflict');
    const parts = await api<{ data: { relationships: { parts: { data: unknown[] } } } }>(
      `/v2/spaces/${suite2}`,
    );
    assert.deepEqual(parts.body.data.relationships.parts.data, [], 'nothing changed');
  });

  it('keeps parts one level deep, never the space itself', async () => {
    const deeper = await api<Errors>('/v2/spaces', {
      method: 'POST',
      body: {
        data: {
          type: 'spaces',
          attributes: { name: 'Wing' },
          relationships: { parts: { data: [{ type: 'spaces', id: s.Ballroom }] } },
        },
      },
    });
    assert.equal(deeper.status, 422);
    const itself = await api<Errors>(`/v2/spaces/${s.Terrace}`, {
      method: 'PATCH',
      body: changeDocument(
        'spaces',
        s.Terrace!,
        {},
        { parts: { data: [{ type: 'spaces', id: s.Terrace }] } },
      ),
    });
    assert.equal(itself.status, 422);
    const partParts = await api<Errors>(`/v2/spaces/${s['Salon A']}`, {
      method: 'PATCH',
      body: changeDocument(
        'spaces',
        s['Salon A']!,
        {},
        { parts: { data: [{ type: 'spaces', id: s.Terrace }] } },
      ),
    });
    assert.equal(partParts.status, 422, 'a part has no parts');
    const badCapacities = await api<Errors>(`/v2/spaces/${s.Terrace}`, {
      method: 'PATCH',
      body: changeDocument('spaces', s.Terrace!, { capacities: { dancing: 10 } }),
    });
    assert.equal(badCapacities.status, 422);
    const inUse = await api<Errors>(`/v2/spaces/${s['Salon B']}`, { method: 'DELETE' });
    assert.equal(inUse.status, 409);
  });
});
