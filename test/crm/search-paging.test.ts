/**
 * `filter[search]` over an organization with more rows than the search window
 * (src/db/search-page.ts): whether a page comes from the window (common terms) or from the
 * organization's part of the index (rare ones, or matches far down the order), every page holds
 * the same rows in the same order as a scan would, forwards and backwards, with filters and sorts.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { isoTime } from '../../src/clock.js';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { CANDIDATE_LIMIT, SEARCH_WINDOW } from '../../src/db/search-page.js';
import { bookingsPage } from '../../src/crm/bookings/booking.reads.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow } from '../helpers/factories.js';
import { makeVenue } from '../helpers/oauth.js';
import { type Api, apiFor } from '../helpers/writes.js';

interface ListBody {
  data: Array<{ id: string }>;
  meta: { has_more: boolean; after_cursor: string | null; before_cursor: string | null };
}

interface Row {
  id: string;
  name: string;
  reference: string;
  status: 'lead' | 'tentative';
  created_at: string;
  start_at: string;
}

const COUNT = SEARCH_WINDOW * 2 + 200;
/** Rows whose names hold a rare word: inside the newest window, on its edge, just past it, far away. */
const ZEPHYR = new Set([COUNT - 1, COUNT - SEARCH_WINDOW, COUNT - SEARCH_WINDOW - 1, 3]);
/**
 * "Quiz bar": once in the newest window and twice far below it, among more than CANDIDATE_LIMIT
 * older rows that hold both of its pieces ("Quiz night, bar open"), none of them in that window.
 */
const QUIZ_BAR = new Set([COUNT - 7, 250, 31]);

function rowAt(organizationId: string, i: number): Row & { organization_id: string } {
  const created = Date.parse('2030-01-01T00:00:00.000Z') + i * 60_000;
  const name = ZEPHYR.has(i)
    ? `Zephyr evening ${i}`
    : QUIZ_BAR.has(i)
      ? `Quiz bar ${i}`
      : i === 10 || i === COUNT - 20
        ? `ÖLBERG party ${i}`
        : i === 11
          ? `\u212Aelvin hall ${i}`
          : i % 4 === 0
            ? `Wedding ${i}`
            : i % 2 === 1 && i < COUNT - SEARCH_WINDOW
              ? `Quiz night, bar open ${i}`
              : `Dinner ${i}`;
  return {
    id: newId(created),
    organization_id: organizationId,
    name,
    reference: `BK-${String(i + 1).padStart(5, '0')}`,
    status: i % 3 === 1 ? 'tentative' : 'lead',
    created_at: isoTime(created),
    // Start times run the other way, so the orders differ.
    start_at: isoTime(created - i * 7_200_000),
  };
}

async function insertBookings(db: Db, rows: ReadonlyArray<ReturnType<typeof rowAt>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('bookings')
      .values(
        rows.slice(i, i + 100).map((r) =>
          bookingRow(r.organization_id, r.created_at, {
            ...r,
            end_at: r.start_at,
            guest_count: 10,
            event_type: 'Dinner',
            total_amount: 100,
          }),
        ),
      )
      .execute();
  }
}

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let orgId: string;
  let rows: Row[];

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    orgId = venue.orgId;
    api = apiFor(server, await clientCredentialsToken(server, venue), orgId);
    const all = Array.from({ length: COUNT }, (_, i) => rowAt(orgId, i));
    await insertBookings(suite.db, all);
    rows = all;
    const quizNights = all.filter((r) => r.name.startsWith('Quiz night')).length;
    assert.ok(quizNights > CANDIDATE_LIMIT, `${quizNights} rows hold the pieces of "quiz bar"`);
    // Another organization with the same names: its rows must never show.
    const other = await makeVenue(suite.db);
    await insertBookings(
      suite.db,
      Array.from({ length: 50 }, (_, i) => rowAt(other.orgId, i * 40 + 3)),
    );
  });
  after(() => server.close());

  /** What the list must hold: the matching rows in the database's order of the sort, id breaking ties. */
  async function expected(term: string, sort: string, status?: string): Promise<string[]> {
    const column = sql.ref(sort.replace(/^-/, ''));
    const direction = sql.raw(sort.startsWith('-') ? 'desc' : 'asc');
    const ordered = await sql<{ id: string }>`select id from bookings where organization_id = ${orgId}
      order by ${column} ${direction}, id ${direction}`.execute(suite.db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ordered.rows
      .map((r) => byId.get(r.id)!)
      .filter((r) => `${r.name}\n${r.reference}`.toLowerCase().includes(term.toLowerCase()))
      .filter((r) => !status || r.status === status)
      .map((r) => r.id);
  }

  async function walk(query: string): Promise<{ forwards: string[]; backwards: string[] }> {
    const forwards: string[] = [];
    let body: ListBody | undefined;
    let next: string | null = `/v2/bookings?page[size]=10&${query}`;
    while (next) {
      const page: { status: number; body: ListBody } = await api<ListBody>(next);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      forwards.push(...page.body.data.map((r) => r.id));
      body = page.body;
      next = page.body.meta.has_more
        ? `/v2/bookings?page[size]=10&${query}&page[after]=${page.body.meta.after_cursor}`
        : null;
    }
    const backwards: string[] = [];
    let cursor = body?.meta.before_cursor;
    while (cursor) {
      const page = await api<ListBody>(`/v2/bookings?page[size]=10&${query}&page[before]=${cursor}`);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      backwards.unshift(...page.body.data.map((r) => r.id));
      cursor = page.body.meta.has_more ? page.body.meta.before_cursor : null;
    }
    // The last page's rows are not read again going back.
    backwards.push(...forwards.slice(forwards.length - (body?.data.length ?? 0)));
    return { forwards, backwards };
  }

  const cases: Array<[term: string, why: string]> = [
    ['wedding', 'a common term: the window holds its pages, but for the name order, where they come last'],
    ['zephyr', 'a rare term matching in the window, on its edge, just past it and far away'],
    ['bk-0060', 'a part of references on both sides of the window edge'],
    ['ölberg', 'a term with a character beyond ASCII, matching upper-case text'],
    ['kelvin', 'a term that the Kelvin sign (K) matches'],
    ['nothing like it', 'no match at all'],
    ['r 1', 'a term matching some rows, spread thinly'],
    ['quiz bar', 'seen in the window, with more candidates than a page is made of: the list is walked on'],
    ['quiz', 'more candidates than a page is made of, none in the window: the page is made of them'],
    ['9', 'one character: tested along the list'],
    ['ze', 'two characters, matching in the first window and far below it: windows read on'],
  ];

  it('pages every term forwards and backwards exactly as a scan would, for several sorts', async () => {
    for (const [term, why] of cases) {
      for (const sort of ['-created_at', 'name', '-reference', 'start_at']) {
        const { forwards, backwards } = await walk(`sort=${sort}&filter[search]=${encodeURIComponent(term)}`);
        const label = `${term} (${why}), sort=${sort}`;
        assert.deepEqual(forwards, await expected(term, sort), label);
        assert.deepEqual(backwards, forwards, `${label}, backwards`);
      }
    }
  });

  it('combines the search with a filter', async () => {
    for (const term of ['wedding', 'zephyr', 'bk-006']) {
      const { forwards, backwards } = await walk(
        `filter[status][eq]=lead&filter[search]=${encodeURIComponent(term)}`,
      );
      assert.deepEqual(forwards, await expected(term, '-created_at', 'lead'), term);
      assert.deepEqual(backwards, forwards, term);
    }
  });

  it('pages the workspace bookings list the same way (by start, with the search box)', async () => {
    for (const term of ['zephyr', 'wedding', 'ölberg']) {
      const seen: string[] = [];
      let after: string | undefined;
      do {
        const page = await bookingsPage(suite.db, server.app.cursors, orgId, { q: term, after });
        seen.push(...page.rows.map((r) => r.id));
        after = page.next;
      } while (after);
      assert.deepEqual(seen, await expected(term, 'start_at'), term);
    }
  });
});
