/**
 * Find a space (SPEC §11) over HTTP: a date and times on the venue's clock (London, in summer an
 * hour ahead of UTC), guests and a setup style; each space free, held by options or taken, in
 * words as well as colour, directly, through a part and through a combined space, with setup and
 * teardown counted; capacities for the setup style and whether the guests fit; the bookings in
 * the way linked; a "to" before "from" running into the next day; a new booking started from a
 * free space; every bad field named at once, never a 5xx; the same answer as the service behind
 * GET /v2/availability.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { availability } from '../../src/crm/events/availability.js';
import { createSpace, type SpaceInput } from '../../src/crm/spaces/space.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** The row of a space in the results: its state (the row's colour), its words, its links. */
function rowOf(body: string, name: string) {
  const rows = body.split('<tr class="availability-row ').slice(1);
  const row = rows.find((r) => r.includes(`<span class="strong">${name}</span>`));
  assert.ok(row, `a row for ${name}`);
  const html = row.slice(0, row.indexOf('</tr>'));
  return {
    colour: /^availability-row-(\w+)"/.exec(html)?.[1],
    words: text(html.slice(html.indexOf('>') + 1)).trim(),
    links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
  };
}

const STATES = { free: 'Free', held: 'Held by options', taken: 'Taken' } as const;

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  const s: Record<string, string> = {};
  const b: Record<string, { id: string; reference: string }> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Find Space Venue');
    o = `/orgs/${venue.orgId}`;
    const space = async (input: SpaceInput) =>
      (await write({ db: suite.db, clock: systemClock }, venue.actor, createSpace, input)).id;
    s.A = await space({ name: 'Salon A', capacity: 60, capacities: { banquet: 50 } });
    s.B = await space({ name: 'Salon B', capacity: 60 });
    s.Ballroom = await space({
      name: 'Ballroom',
      capacity: 120,
      capacities: { theatre: 200 },
      partIds: [s.A, s.B],
    });
    s.Lawn = await space({ name: 'Lawn', shareable: true });
    const book = async (name: string, status: string, spaceIds: string[], start: string, end: string) => {
      const booking = await addBooking(suite.db, venue.actor, {
        name,
        status,
        start_at: start,
        end_at: end,
        timezone: 'Europe/London',
        accountId: venue.accountId,
        spaceIds,
      });
      b[name] = { id: booking.id, reference: booking.reference };
    };
    // Saturday 10 July 2027, in London (UTC+1): dinner in Salon A 18:00–22:00, an option on
    // Salon B 19:00–21:00, a late party in the Boathouse 23:00–02:00, a picnic on the lawn.
    await book('Dinner in A', 'definite', [s.A], '2027-07-10T17:00:00Z', '2027-07-10T21:00:00Z');
    await book('Option on B', 'tentative', [s.B], '2027-07-10T18:00:00Z', '2027-07-10T20:00:00Z');
    await book('Late party', 'definite', [venue.spaceId], '2027-07-10T22:00:00Z', '2027-07-11T01:00:00Z');
    await book('Picnic', 'definite', [s.Lawn], '2027-07-10T11:00:00Z', '2027-07-10T19:00:00Z');
  });
  after(() => server.close());

  const find = async (query: Record<string, string>, as = venue.admin.email) => {
    const { session } = await workspaceSession(server, as, venue.orgId);
    return session.request(`${o}/find-a-space?${new URLSearchParams(query).toString()}`);
  };

  const expectStates = (body: string, states: Record<string, keyof typeof STATES>) => {
    for (const [name, state] of Object.entries(states)) {
      const row = rowOf(body, name);
      assert.equal(row.colour, state, `${name} is coloured ${state}`);
      assert.match(row.words, new RegExp(`^${name}.* ${STATES[state]} `), `${name} says ${STATES[state]}`);
    }
  };

  it('opens from the sections menu with the form on today’s date, for members too', async () => {
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const bookings = await session.request(`${o}/bookings`);
    assert.match(bookings.body, new RegExp(`<a href="${o}/find-a-space" >Find a space</a>`));
    const page = await session.request(`${o}/find-a-space`);
    assert.equal(page.status, 200);
    assert.match(page.body, new RegExp(`<a href="${o}/find-a-space" aria-current="page">Find a space</a>`));
    assert.match(inputValue(page.body, 'date') ?? '', /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(inputValue(page.body, 'from'), '');
    assert.doesNotMatch(page.body, /availability-row/, 'no results before a search');
    assert.match(text(page.body), /Times in Europe\/London, the venue's time zone/);
  });

  it('says which spaces are free, held or taken, through parts and combined spaces, with the bookings in the way linked', async () => {
    const page = await find({ date: '2027-07-10', from: '19:00', to: '20:00' });
    assert.equal(page.status, 200, page.body.slice(0, 500));
    assert.match(text(page.body), /Spaces for Sat 10 Jul 2027, 19:00–20:00/);
    expectStates(page.body, {
      'Salon A': 'taken',
      Ballroom: 'taken',
      'Salon B': 'held',
      Boathouse: 'free',
    });
    // A shared lawn with a definite picnic on it is not held by options: the picnic shares it.
    const lawn = rowOf(page.body, 'Lawn');
    assert.equal(lawn.colour, 'held', 'a shared lawn is held, never taken');
    assert.match(
      lawn.words,
      new RegExp(
        `^Lawn.* Shared with ${b.Picnic!.reference} Picnic \\(definite\\); definite bookings may share it `,
      ),
    );
    assert.doesNotMatch(lawn.words, /Held by options/);
    assert.match(text(page.body), /Free 1 .*Held by options 1 .*Taken 2 .*Shared 1/);
    const ballroom = rowOf(page.body, 'Ballroom');
    assert.match(ballroom.words, /BK-\d+ Dinner in A Definite Main event, Sat 10 Jul 2027, 18:00–22:00/);
    assert.match(ballroom.words, /BK-\d+ Option on B Tentative/);
    assert.ok(ballroom.links.includes(`${o}/bookings/${b['Dinner in A']!.id}`));
    assert.ok(rowOf(page.body, 'Salon B').links.includes(`${o}/bookings/${b['Option on B']!.id}`));
    assert.match(rowOf(page.body, 'Boathouse').words, /Nothing/);
    assert.match(rowOf(page.body, 'Lawn').words, /Picnic/, 'a shared lawn is held, never taken');

    // The page's answer is the service's that GET /v2/availability answers with.
    const service = await availability(suite.db, venue.orgId, {
      startAt: '2027-07-10T18:00:00.000Z',
      endAt: '2027-07-10T19:00:00.000Z',
    });
    for (const space of service) assert.equal(rowOf(page.body, space.spaceName).colour, space.state);
  });

  it('counts the setup and teardown asked for', async () => {
    const plain = await find({ date: '2027-07-10', from: '16:00', to: '17:30' });
    expectStates(plain.body, { 'Salon A': 'free', Ballroom: 'free', 'Salon B': 'free' });
    const teardown = await find({ date: '2027-07-10', from: '16:00', to: '17:30', teardown_minutes: '45' });
    assert.equal(teardown.status, 200);
    expectStates(teardown.body, { 'Salon A': 'taken', Ballroom: 'taken', 'Salon B': 'free' });
    assert.match(text(teardown.body), /Held from 16:00 to 18:15, with setup 0 min and teardown 45 min\./);
    const setup = await find({ date: '2027-07-10', from: '22:30', to: '22:45', setup_minutes: '45' });
    expectStates(setup.body, { 'Salon A': 'taken', Ballroom: 'taken', Boathouse: 'free' });
  });

  it('reads capacities for the setup style and says whether the guests fit', async () => {
    const page = await find({
      date: '2027-07-10',
      from: '09:00',
      to: '10:00',
      guests: '55',
      setup_style: 'banquet',
    });
    assert.equal(page.status, 200);
    assert.match(text(page.body), /Capacity \(banquet\)/);
    assert.match(rowOf(page.body, 'Salon A').words, /Free 50 ✗ 55 do not fit/);
    assert.match(rowOf(page.body, 'Salon B').words, /Free 60 ✓ 55 fit/);
    assert.match(rowOf(page.body, 'Lawn').words, /No limit set ✓ 55 fit/);
    const theatre = await find({
      date: '2027-07-10',
      from: '09:00',
      to: '10:00',
      guests: '150',
      setup_style: 'theatre',
    });
    assert.match(rowOf(theatre.body, 'Ballroom').words, /Free 200 ✓ 150 fit/);
    assert.match(rowOf(theatre.body, 'Boathouse').words, /Free 120 ✗ 150 do not fit/);
  });

  it('runs a "to" earlier than "from" into the next day', async () => {
    const late = await find({ date: '2027-07-10', from: '23:30', to: '01:00' });
    assert.equal(late.status, 200);
    assert.match(text(late.body), /Spaces for Sat 10 Jul 2027, 23:30 – Sun 11 Jul 2027, 01:00/);
    expectStates(late.body, { Boathouse: 'taken', 'Salon A': 'free' });
    assert.match(
      rowOf(late.body, 'Boathouse').words,
      /Late party Definite Main event, Sat 10 Jul 2027, 23:00 – Sun 11 Jul 2027, 02:00/,
    );
    const morning = await find({ date: '2027-07-11', from: '01:30', to: '03:00' });
    expectStates(morning.body, { Boathouse: 'taken' });
    const after = await find({ date: '2027-07-11', from: '02:00', to: '03:00' });
    expectStates(after.body, { Boathouse: 'free' });
  });

  it('starts a new booking from a free space that the guests fit, with its times and space filled in', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = await session.request(
      `${o}/find-a-space?date=2027-07-10&from=09:00&to=13:00&guests=40&setup_style=banquet`,
    );
    const salonB = rowOf(page.body, 'Salon B');
    const start = salonB.links.find((l) => l.includes('/bookings/new'));
    assert.equal(
      start,
      `${o}/bookings/new?start_at=2027-07-10T09%3A00&end_at=2027-07-10T13%3A00&spaces=${s.B}&guest_count=40&setup_style=banquet`,
    );
    assert.match(salonB.words, /New booking in Salon B/);
    assert.ok(
      rowOf(page.body, 'Lawn').links.some(
        (l) => l.includes(`/bookings/new?`) && l.includes(`spaces=${s.Lawn}`),
      ),
      'the lawn a definite picnic shares from 12:00 can still be booked',
    );
    const options = await session.request(`${o}/find-a-space?date=2027-07-10&from=19:00&to=20:00`);
    assert.ok(
      !rowOf(options.body, 'Salon B').links.some((l) => l.includes('/bookings/new')),
      'a space held by an option is not offered',
    );
    const form = await session.request(start!);
    assert.equal(form.status, 200);
    assert.equal(inputValue(form.body, 'start_at'), '2027-07-10T09:00');
    assert.equal(inputValue(form.body, 'end_at'), '2027-07-10T13:00');
    assert.equal(inputValue(form.body, 'guest_count'), '40');
    assert.match(
      form.body,
      /<option value="banquet" selected>Banquet<\/option>/,
      'the setup style asked about',
    );
    assert.match(form.body, new RegExp(`name="spaces" value="${s.B}" checked`));
    assert.match(form.body, /<option value="Europe\/London" selected>/, 'in the venue’s time zone');
    const nonsense = await session.request(`${o}/bookings/new?start_at=soon&guest_count=many`);
    assert.equal(nonsense.status, 200);
    assert.equal(inputValue(nonsense.body, 'start_at'), '');
    assert.equal(inputValue(nonsense.body, 'guest_count'), '');
  });

  it('names every bad field at once beside it, and never answers with a 5xx', async () => {
    const bad = await find({
      date: '2027-02-30',
      from: '25:00',
      to: '',
      guests: '-3',
      setup_style: 'dancing',
      setup_minutes: '2000',
      teardown_minutes: 'later',
    });
    assert.equal(bad.status, 422);
    assert.match(fieldError(bad.body, 'date'), /Give the date/);
    assert.match(fieldError(bad.body, 'from'), /time it starts/);
    assert.match(fieldError(bad.body, 'to'), /time it ends/);
    assert.equal(fieldError(bad.body, 'guests'), 'Guests is a whole number, 0 or more.');
    assert.equal(fieldError(bad.body, 'setup_style'), 'Choose a setup style from the list.');
    assert.equal(fieldError(bad.body, 'setup_minutes'), 'Minutes are a whole number, from 0 to 1440.');
    assert.equal(fieldError(bad.body, 'teardown_minutes'), 'Minutes are a whole number, from 0 to 1440.');
    assert.equal(inputValue(bad.body, 'teardown_minutes'), 'later', 'what was typed stays');
    assert.doesNotMatch(bad.body, /availability-row/);

    const same = await find({ date: '2027-07-10', from: '19:00', to: '19:00' });
    assert.equal(same.status, 422);
    assert.equal(fieldError(same.body, 'to'), 'It must end at another time than it starts.');

    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    for (const query of [
      `date=${'9'.repeat(500)}`,
      'date=2027-07-10&date=2027-07-11&from=09:00&to=10:00',
      'from=%00&to=10:00',
      'guests=99999999999999999999',
    ]) {
      const response = await session.request(`${o}/find-a-space?${query}`);
      assert.ok(response.status < 500, `${query}: ${response.status}`);
    }
  });
});
