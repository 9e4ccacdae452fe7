/**
 * Calendar feeds (SPEC §11) at their edges, read with a real iCalendar parser (ical.js): the
 * window's two ends (90 days back, two years ahead), STATUS for each booking status, one VEVENT
 * per event of a booking with several, a space's feed showing its combined space's and parts'
 * events but not a sibling part's, a UID kept and a SEQUENCE grown when an event moves through
 * the API, a revoked feed stopping at once, and a secret of at least 256 bits kept only as a hash.
 */
import assert from 'node:assert/strict';
import { makeFeed, revokeOwnFeed } from '../helpers/factories.js';
import { after, before, it } from 'node:test';
import ICAL from 'ical.js';
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

const DAY = 86_400_000;
const NOW = Date.parse('2029-01-10T12:00:00Z');
/** 18:00 UTC `days` from the fixed today, plus `hours`. */
const day = (days: number, hours = 0) =>
  new Date(Date.parse('2029-01-10T18:00:00Z') + days * DAY + hours * 3_600_000).toISOString();

interface VEvent {
  uid: string;
  summary: string;
  status: string;
  sequence: number;
  start: string;
}

function parse(text: string): VEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      status: String(vevent.getFirstPropertyValue('status')),
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      start: event.startDate.toJSDate().toISOString(),
    };
  });
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let account: string;
  const s: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(NOW);
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Feed edges' }));
    s.A = await created(api, '/v2/spaces', spaceDocument({ name: 'Salon A' }));
    s.B = await created(api, '/v2/spaces', spaceDocument({ name: 'Salon B' }));
    s.Ballroom = await created(api, '/v2/spaces', {
      data: {
        type: 'spaces',
        attributes: { name: 'Ballroom' },
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
  });
  after(() => server.close());

  const book = (name: string, from: string, until: string, spaces: string[] = [], status = 'lead') =>
    created(
      api,
      '/v2/bookings',
      bookingDocument(account, { name, status, start_at: from, end_at: until }, { spaces }),
    );
  const feed = async (scope: string, spaceId?: string) => {
    const made = await makeFeed(
      suite.db,
      { organizationId: venue.orgId, userId: venue.user.id, scope, spaceId },
      server.clock.now(),
    );
    return { ...made, path: `/calendar/${made.secret}.ics` };
  };
  const read = async (path: string) => {
    const response = await server.fetch(`${server.url}${path}`);
    assert.equal(response.status, 200);
    return parse(await response.text());
  };
  const names = (events: VEvent[]) => events.map((e) => e.summary.replace(/ — .*$/, '')).sort();

  it('shows events from 90 days back to two years ahead, the ends included', async () => {
    await book('Ended 89 days ago', day(-89, -3), day(-89, -1));
    await book('Ended 91 days ago', day(-91, -3), day(-91, -1));
    await book('Starts in 729 days', day(729), day(729, 2));
    await book('Starts in 731 days', day(731), day(731, 2));
    const events = await read((await feed('venue')).path);
    const shown = names(events);
    assert.ok(shown.includes('Ended 89 days ago'));
    assert.ok(shown.includes('Starts in 729 days'));
    assert.ok(!shown.includes('Ended 91 days ago'));
    assert.ok(!shown.includes('Starts in 731 days'));
  });

  it('says TENTATIVE for lead and tentative, CONFIRMED for definite and closed', async () => {
    const statuses: Array<[string, string]> = [];
    for (const status of ['lead', 'tentative', 'definite'] as const) {
      await book(`Status ${status}`, day(3), day(3, 2), [], status);
      statuses.push([`Status ${status}`, status === 'definite' ? 'CONFIRMED' : 'TENTATIVE']);
    }
    const closing = await book('Status closed', day(-3), day(-3, 2), [], 'definite');
    const closed = await api(`/v2/bookings/${closing}`, {
      method: 'PATCH',
      body: changeDocument('bookings', closing, { status: 'closed' }),
    });
    assert.equal(closed.status, 200);
    statuses.push(['Status closed', 'CONFIRMED']);
    const events = await read((await feed('venue')).path);
    for (const [name, expected] of statuses) {
      assert.equal(events.find((e) => e.summary.startsWith(`${name} —`))?.status, expected, name);
    }
  });

  it('gives each event of a booking its own VEVENT, keeps its UID and grows its SEQUENCE when it moves', async () => {
    const b = await book('Two parts', day(10), day(10, 2));
    const dinner = await created(
      api,
      '/v2/events',
      eventDocument(b, { name: 'Dinner', start_at: day(10, 3), end_at: day(10, 5) }),
    );
    const path = (await feed('venue')).path;
    const before = (await read(path)).filter((e) => e.summary.startsWith('Two parts —'));
    assert.deepEqual(before.map((e) => e.summary).sort(), ['Two parts — Dinner', 'Two parts — Main event']);
    const old = before.find((e) => e.summary === 'Two parts — Dinner')!;
    assert.equal(old.uid, `${dinner}@marquee`);
    server.clock.advance(2_000);
    const moved = await api(`/v2/events/${dinner}`, {
      method: 'PATCH',
      body: changeDocument('events', dinner, { start_at: day(10, 4), end_at: day(10, 6) }),
    });
    assert.equal(moved.status, 200);
    const now = (await read(path)).find((e) => e.uid === old.uid)!;
    assert.equal(now.start, day(10, 4));
    assert.ok(now.sequence > old.sequence, `${now.sequence} > ${old.sequence}`);
  });

  it('shows a space’s events with those of its combined space and parts, not a sibling part’s', async () => {
    await book('In the ballroom', day(20), day(20, 2), [s.Ballroom!]);
    await book('In salon A', day(21), day(21, 2), [s.A!]);
    await book('In salon B', day(22), day(22, 2), [s.B!]);
    const salonA = names(await read((await feed('space', s.A)).path));
    assert.deepEqual(salonA, ['In salon A', 'In the ballroom']);
    const ballroom = names(await read((await feed('space', s.Ballroom)).path));
    assert.deepEqual(ballroom, ['In salon A', 'In salon B', 'In the ballroom']);
  });

  it('stops a revoked feed at once, and keeps only a hash of a secret of at least 256 bits', async () => {
    const one = await feed('venue');
    const two = await feed('venue');
    assert.notEqual(one.secret, two.secret);
    for (const secret of [one.secret, two.secret]) {
      const random = secret.replace(/^mqf_/, '');
      assert.ok(Buffer.from(random, 'base64url').length * 8 >= 256, 'at least 256 bits');
    }
    const rows = await suite.db.selectFrom('calendar_feeds').selectAll().execute();
    const stored = JSON.stringify(rows);
    assert.ok(
      !stored.includes(one.secret) && !stored.includes(one.secret.slice(4)),
      'the secret is not kept',
    );
    assert.equal(rows.find((r) => r.id === one.id)!.secret_hash.length > 0, true);

    assert.equal((await server.fetch(`${server.url}${one.path}`)).status, 200);
    assert.equal(
      await revokeOwnFeed(
        suite.db,
        { organizationId: venue.orgId, userId: venue.user.id, id: one.id },
        server.clock.now(),
      ),
      true,
    );
    assert.equal((await server.fetch(`${server.url}${one.path}`)).status, 404, 'revoked: it stops');
    assert.equal((await server.fetch(`${server.url}${two.path}`)).status, 200, 'the other goes on');
    const other = await makeVenue(suite.db);
    assert.equal(
      await revokeOwnFeed(
        suite.db,
        { organizationId: other.orgId, userId: other.user.id, id: two.id },
        server.clock.now(),
      ),
      false,
      'only its owner revokes it',
    );
  });
});
