/**
 * What one search may cost (src/db/search-page.ts): a term no index can answer, in a list far
 * larger than one request may examine, is answered with what was found and `incomplete_results`,
 * its cursor going on from where it stopped, and on SQLite it never holds the event loop for long;
 * a burst of one organization's searches takes turns and the surplus is refused with 429, while
 * another organization is answered meanwhile.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { insertInChunks } from '../../src/db/insert-in-chunks.js';
import { newId } from '../../src/db/ids.js';
import { LARGEST_WINDOW, ROWS_EXAMINED_LIMIT, SEARCH_QUEUE_LIMIT } from '../../src/db/search-page.js';
import { RELATED_LIMIT } from '../../src/db/search-match.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow } from '../helpers/factories.js';
import { makeVenue } from '../helpers/oauth.js';
import { type Api, apiFor } from '../helpers/writes.js';

interface ListBody {
  data: Array<{ id: string; attributes: { name: string } }>;
  meta: { has_more: boolean; after_cursor: string | null; incomplete_results?: boolean };
  links: { next: string | null };
}

/** More rows than one request examines, by two of the largest windows. */
const COUNT = ROWS_EXAMINED_LIMIT + 2 * LARGEST_WINDOW;

/** The longest the event loop waited while `work` ran (a timer asked for every millisecond). */
/** What `work` answers, and how many turns the event loop took while it was at it. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    running = false;
  }
}

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let other: Api;
  let farId: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    // The newest rows first in the default order (-created_at); the one match is the oldest.
    const rows = Array.from({ length: COUNT }, (_, i) =>
      bookingRow(venue.orgId, isoTime(base + i * 1000), {
        name: i === 0 ? 'Qx gala' : `Dinner ${i}`,
        reference: `BK-${String(i + 1).padStart(6, '0')}`,
      }),
    );
    farId = rows[0]!.id;
    await suite.db.transaction().execute((trx) => insertInChunks(trx, 'bookings', rows, 500));
    const neighbour = await makeVenue(suite.db);
    other = apiFor(server, await clientCredentialsToken(server, neighbour), neighbour.orgId);
  });
  after(() => server.close());

  it('answers a search that cannot finish in one request with what it found, and goes on from there', async () => {
    const { result: first, turns } = await turnsDuring(() =>
      api<ListBody>('/v2/bookings?filter[search]=qx&page[size]=10'),
    );
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body.data, [], 'the match lies beyond what one request examines');
    assert.equal(first.body.meta.incomplete_results, true);
    assert.equal(first.body.meta.has_more, true);
    assert.ok(first.body.links.next, 'a next link goes on from where the search stopped');
    if (suite.database.dialect === 'sqlite') {
      // Reading every window at once held the loop for the whole search: the windows are read
      // with turns of the event loop between them, where other requests are served.
      assert.ok(turns >= 3, `the event loop turned ${turns} times`);
    }
    const second = await api<ListBody>(first.body.links.next!.replace(/^https?:\/\/[^/]+/, ''));
    assert.equal(second.status, 200);
    assert.deepEqual(
      second.body.data.map((r) => r.id),
      [farId],
    );
    assert.equal(second.body.meta.incomplete_results, undefined, 'the list ended: the search is complete');
    assert.equal(second.body.meta.has_more, false);
  });

  it('bounds a search with a filter the index cannot answer, sorted by name', async () => {
    const response = await api<ListBody>(
      '/v2/bookings?page[size]=100&sort=name&filter[search]=zz&filter[space_id][in]=S,a',
    );
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body.data, []);
    assert.equal(response.body.meta.incomplete_results, true);
  });

  it('takes a burst of one organization’s searches in turns, refuses the surplus, and serves others meanwhile', async () => {
    const burst = Array.from({ length: SEARCH_QUEUE_LIMIT + 4 }, () =>
      api<ListBody>('/v2/bookings?filter[search]=zz&page[size]=10'),
    );
    const started = performance.now();
    const neighbour = await other('/v2/bookings?filter[search]=anything');
    const neighbourTook = performance.now() - started;
    const answers = await Promise.all(burst);
    const burstTook = performance.now() - started;
    assert.equal(neighbour.status, 200);
    const refused = answers.filter((a) => a.status === 429);
    assert.ok(refused.length >= 1, `statuses: ${answers.map((a) => a.status).join(' ')}`);
    assert.ok(answers.every((a) => a.status === 200 || a.status === 429));
    assert.ok(refused.every((a) => a.headers.get('retry-after') !== null));
    assert.ok(
      neighbourTook < burstTook / 2,
      `another organization waited ${neighbourTook.toFixed(0)} ms of the burst's ${burstTook.toFixed(0)} ms`,
    );
  });

  it('finds bookings by their account when more accounts match than are named by id', async () => {
    const venue = await makeVenue(suite.db);
    const own = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const base = Date.parse('2031-01-01T00:00:00.000Z');
    const accounts = Array.from({ length: RELATED_LIMIT + 10 }, (_, i) => ({
      id: newId(base + i),
      organization_id: venue.orgId,
      owner_id: null,
      name: `Common Co ${i}`,
      email: null,
      phone: null,
      website: null,
      address_line1: null,
      address_line2: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      custom_fields: '{}',
      created_at: isoTime(base + i),
      updated_at: isoTime(base + i),
    }));
    const bookings = accounts
      .filter((_, i) => i % 50 === 0)
      .map((a, i) =>
        bookingRow(venue.orgId, isoTime(base + 60_000 + i), { name: `Party ${i}`, account_id: a.id }),
      );
    const unrelated = bookingRow(venue.orgId, isoTime(base + 120_000), { name: 'Solo evening' });
    await suite.db.transaction().execute(async (trx) => {
      await insertInChunks(trx, 'accounts', accounts, 200);
      await insertInChunks(trx, 'bookings', [...bookings, unrelated], 200);
    });
    const response = await own<ListBody>('/v2/bookings?filter[search]=common%20co&page[size]=100');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.data.map((b) => b.id).sort(), bookings.map((b) => b.id).sort());
  });
});
