/**
 * The filters a sync needs (SPEC §7): `filter[search]` (a case-insensitive part of the name,
 * reference or e-mail, answered from the organization's part of a search index) and
 * `filter[space_id][eq|in]` on bookings. search-paging.test.ts pages searches past the window.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { isoTime } from '../../src/clock.js';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { searchMatch } from '../../src/db/search-match.js';
import { SEARCH_WINDOW, searchStatements } from '../../src/db/search-page.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, insertAccount } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow } from '../helpers/factories.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  contactDocument,
  created,
  spaceDocument,
} from '../helpers/writes.js';

interface ListBody {
  data: Array<{ id: string; attributes: Record<string, unknown> }>;
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  const ids: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    ids.ballroom = await created(api, '/v2/spaces', spaceDocument({ name: 'Ballroom' }));
    ids.garden = await created(api, '/v2/spaces', spaceDocument({ name: 'Garden' }));
    ids.acme = await created(
      api,
      '/v2/accounts',
      accountDocument({ name: 'Acme Rockets', email: 'hello@acme.example' }),
    );
    ids.zenith = await created(
      api,
      '/v2/accounts',
      accountDocument({ name: 'Zenith 100% Ltd', email: 'ops@zenith.example' }),
    );
    ids.ada = await created(
      api,
      '/v2/contacts',
      contactDocument({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@engines.example' }),
    );
    ids.gala = await created(
      api,
      '/v2/bookings',
      bookingDocument(ids.acme, { name: 'Winter Gala' }, { spaces: [ids.ballroom] }),
    );
    ids.launch = await created(
      api,
      '/v2/bookings',
      bookingDocument(ids.acme, { name: 'Rocket launch party' }, { spaces: [ids.garden] }),
    );
    ids.both = await created(
      api,
      '/v2/bookings',
      bookingDocument(ids.zenith, { name: 'Summit' }, { spaces: [ids.ballroom, ids.garden] }),
    );
  });
  after(() => server.close());

  const found = async (path: string) => {
    const response = await api<ListBody>(path);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data.map((r) => r.id).sort();
  };
  const sorted = (...names: string[]) => names.map((n) => ids[n]!).sort();

  it('finds bookings by a case-insensitive part of their name or reference', async () => {
    assert.deepEqual(await found('/v2/bookings?filter[search]=GALA'), sorted('gala'));
    assert.deepEqual(await found('/v2/bookings?filter[search]=rocket%20LAUNCH'), sorted('launch'));
    const reference = (await api(`/v2/bookings/${ids.both}`)).body.data.attributes.reference as string;
    assert.deepEqual(await found(`/v2/bookings?filter[search]=${reference.toLowerCase()}`), sorted('both'));
    assert.deepEqual(await found('/v2/bookings?filter[search]=su'), sorted('both'), 'two letters work too');
    assert.deepEqual(await found('/v2/bookings?filter[search]=nothing%20like%20it'), []);
  });

  it('finds accounts by name or e-mail and contacts by full name or e-mail, taking % and _ literally', async () => {
    assert.deepEqual(await found('/v2/accounts?filter[search]=acme.exam'), sorted('acme'));
    assert.deepEqual(await found('/v2/accounts?filter[search]=100%25'), sorted('zenith'));
    assert.deepEqual(
      await found('/v2/accounts?filter[search]=%25'),
      sorted('zenith'),
      'a lone % matches only a %',
    );
    assert.deepEqual(await found('/v2/accounts?filter[search]=_'), []);
    assert.deepEqual(await found('/v2/contacts?filter[search]=ada%20love'), sorted('ada'));
    assert.deepEqual(await found('/v2/contacts?filter[search]=ENGINES'), sorted('ada'));
  });

  it('filters bookings by the spaces they hold, alone and with a search', async () => {
    assert.deepEqual(
      await found(`/v2/bookings?filter[space_id][eq]=${ids.ballroom}`),
      sorted('gala', 'both'),
    );
    assert.deepEqual(
      await found(`/v2/bookings?filter[space_id][in]=${ids.ballroom},${ids.garden}`),
      sorted('gala', 'launch', 'both'),
    );
    assert.deepEqual(
      await found(`/v2/bookings?filter[space_id][eq]=${ids.garden}&filter[search]=sum`),
      sorted('both'),
    );
    const refused = await api(`/v2/bookings?filter[space_id][lt]=${ids.garden}`);
    assert.equal(refused.status, 400, 'space_id takes eq and in only');
    const blank = await api('/v2/bookings?filter[search]=%20');
    assert.equal(blank.status, 400);
  });

  it("answers from the caller's part of the index: another organization's rows never show", async () => {
    const other = await makeVenue(suite.db);
    const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const account = await created(otherApi, '/v2/accounts', accountDocument({ name: 'Acme Rockets' }));
    const theirs = await created(otherApi, '/v2/bookings', bookingDocument(account, { name: 'Winter Gala' }));
    await withFiller(suite.db, other.orgId);
    assert.deepEqual(await found('/v2/bookings?filter[search]=winter%20gala'), sorted('gala'));
    const response = await otherApi<ListBody>('/v2/bookings?filter[search]=winter%20gala');
    assert.deepEqual(
      response.body.data.map((r) => r.id),
      [theirs],
    );
  });

  it('keeps the index in step with creates, renames and deletes (read past the search window)', async () => {
    await withFiller(suite.db, venue.orgId);
    const patch = async (path: string, attributes: Record<string, unknown>) => {
      const current = await api(path);
      const [, type, id] = path.split('/').slice(1);
      const response = await api(path, {
        method: 'PATCH',
        body: changeDocument(type!, id!, attributes),
        headers: { 'if-match': current.headers.get('etag')! },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    const remove = async (path: string) => {
      const current = await api(path);
      const response = await api(path, {
        method: 'DELETE',
        headers: { 'if-match': current.headers.get('etag')! },
      });
      assert.equal(response.status, 204, JSON.stringify(response.body));
    };
    const booking = await created(api, '/v2/bookings', bookingDocument(ids.acme, { name: 'Quokka night' }));
    assert.deepEqual(await found('/v2/bookings?filter[search]=quokka'), [booking]);
    await patch(`/v2/bookings/${booking}`, { name: 'Wombat night' });
    assert.deepEqual(await found('/v2/bookings?filter[search]=quokka'), []);
    assert.deepEqual(await found('/v2/bookings?filter[search]=wombat%20NIGHT'), [booking]);
    await remove(`/v2/bookings/${booking}`);
    assert.deepEqual(await found('/v2/bookings?filter[search]=wombat'), []);

    const account = await created(
      api,
      '/v2/accounts',
      accountDocument({ name: 'Platypus Ltd', email: 'a@duckbill.example' }),
    );
    assert.deepEqual(await found('/v2/accounts?filter[search]=duckbill'), [account]);
    await patch(`/v2/accounts/${account}`, { email: 'a@echidna.example' });
    assert.deepEqual(await found('/v2/accounts?filter[search]=duckbill'), []);
    assert.deepEqual(await found('/v2/accounts?filter[search]=echidna'), [account]);
    assert.deepEqual(await found('/v2/accounts?filter[search]=platypus'), [account]);
    await remove(`/v2/accounts/${account}`);
    assert.deepEqual(await found('/v2/accounts?filter[search]=echidna'), []);

    const contact = await created(
      api,
      '/v2/contacts',
      contactDocument({ first_name: 'Grace', last_name: 'Hopper' }),
    );
    assert.deepEqual(await found('/v2/contacts?filter[search]=grace%20hop'), [contact]);
    await patch(`/v2/contacts/${contact}`, { last_name: 'Brewster', email: 'grace@navy.example' });
    assert.deepEqual(await found('/v2/contacts?filter[search]=grace%20hop'), []);
    assert.deepEqual(await found('/v2/contacts?filter[search]=grace%20brew'), [contact]);
    assert.deepEqual(await found('/v2/contacts?filter[search]=NAVY.example'), [contact]);
    await remove(`/v2/contacts/${contact}`);
    assert.deepEqual(await found('/v2/contacts?filter[search]=navy'), []);
    // The rows the first tests made are found from the index as well.
    assert.deepEqual(await found('/v2/bookings?filter[search]=GALA'), sorted('gala'));
    assert.deepEqual(await found('/v2/accounts?filter[search]=100%25'), sorted('zenith'));
    assert.deepEqual(await found('/v2/contacts?filter[search]=ada%20love'), sorted('ada'));
  });

  it("finds bookings by their account's and contact's names, e-mails and phone numbers; accounts and contacts by phone", async () => {
    const harbour = await created(
      api,
      '/v2/accounts',
      accountDocument({ name: 'Harbour Lights', email: 'desk@lights.example', phone: '+44 20 7946 0018' }),
    );
    const grace = await created(
      api,
      '/v2/contacts',
      contactDocument({
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@navy.example',
        phone: '(555) 010-4477',
      }),
    );
    const party = await created(
      api,
      '/v2/bookings',
      bookingDocument(harbour, { name: 'Retirement do' }, { contact: grace }),
    );
    // Another organization's account of the same name never finds this organization's bookings.
    const elsewhere = await makeVenue(suite.db);
    const theirs = apiFor(server, await clientCredentialsToken(server, elsewhere), elsewhere.orgId);
    const twin = await created(theirs, '/v2/accounts', accountDocument({ name: 'Harbour Lights' }));
    await created(theirs, '/v2/bookings', bookingDocument(twin, { name: 'Their do' }));

    for (const term of [
      'harbour%20LIG', // the account's name
      'desk@lights', // its e-mail
      '7946%200018', // its phone, as written
      '2079460018', // its phone's digits
      'hopper', // the contact's name
      'NAVY.example', // its e-mail
      '(555)%20010', // its phone
      '5550104477', // its phone's digits
    ]) {
      assert.deepEqual(await found(`/v2/bookings?filter[search]=${term}`), [party], term);
    }
    assert.ok((await found('/v2/bookings?filter[search]=ho')).includes(party), 'a two-letter term too');
    assert.deepEqual(await found('/v2/bookings?filter[search]=hello@acme'), sorted('gala', 'launch'));
    assert.deepEqual(await found('/v2/accounts?filter[search]=7946%200018'), [harbour]);
    assert.deepEqual(await found('/v2/accounts?filter[search]=442079460018'), [harbour]);
    assert.deepEqual(await found('/v2/contacts?filter[search]=010-4477'), [grace]);
    assert.deepEqual(await found('/v2/contacts?filter[search]=0104477'), [grace]);
  });

  it("reads only the organization's part of the index", async () => {
    const request = {
      table: 'bookings' as const,
      organizationId: venue.orgId,
      term: 'winter gala',
      conditions: [],
      order: { columns: ['created_at', 'id'], descending: true },
      limit: 26,
    };
    const { indexed } = searchStatements(suite.db, request);
    assert.ok(indexed, 'a term of three characters or more is looked up in the index');
    const plan = async (statement: { compile(db: Db): { sql: string; parameters: readonly unknown[] } }) => {
      const compiled = statement.compile(suite.db);
      const explain = suite.database.dialect === 'sqlite' ? sql`explain query plan ` : sql`explain `;
      return suite.db.transaction().execute(async (trx) => {
        if (suite.database.dialect === 'postgres') {
          // Tiny test tables make a scan cheapest; ask whether the index can answer at all.
          await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
        }
        const text = inline(compiled.sql, compiled.parameters);
        const rows = await sql<Record<string, string>>`${explain}${sql.raw(text)}`.execute(trx);
        return rows.rows.map((r) => Object.values(r).join(' ')).join('\n');
      });
    };
    if (suite.database.dialect === 'sqlite') {
      // FTS5's plan: M is the MATCH, > and < bound the rowid to the organization's key range.
      const candidates = await plan(indexed.candidates(301));
      assert.match(candidates, /SCAN bookings_search VIRTUAL TABLE INDEX \d+:M\S*>\S*</, candidates);
      // Pages made of candidates find each row by its id; they never walk the organization's rows.
      for (const page of [await plan(indexed.page(['01a', '01b']))]) {
        assert.match(page, /SEARCH bookings USING INDEX sqlite_autoindex_bookings_1 \(id=\?\)/, page);
        assert.doesNotMatch(page, /bookings_org_|SCAN bookings\b/, page);
      }
      const ranges = await sql<{ organization_id: string; low: number; high: number }>`
        select r.organization_id, min(k.key) as low, max(k.key) as high
        from bookings_search_keys k join bookings r on r.id = k.id group by r.organization_id`.execute(
        suite.db,
      );
      const sortedRanges = ranges.rows.sort((a, b) => a.low - b.low);
      for (let i = 1; i < sortedRanges.length; i++) {
        assert.ok(sortedRanges[i - 1]!.high < sortedRanges[i]!.low, 'organizations have apart key ranges');
      }
    } else {
      const { where } = searchMatch(suite.db, 'bookings', request.term, venue.orgId).index!;
      const candidates = await plan(sql`select id from bookings where ${where}`);
      assert.match(candidates, /bookings_search_keys_idx/, candidates);
      // The keys of one organization's text share nothing with another's keys of the same text.
      const other = await makeVenue(suite.db);
      const { rows } = await sql<{ shared: boolean; own: boolean }>`select
          marquee_search_keys(${venue.orgId}, 'Winter Gala') && marquee_search_keys(${other.orgId}, 'Winter Gala') as shared,
          marquee_search_keys(${venue.orgId}, 'Winter Gala') @> marquee_search_query(${venue.orgId}, array['wint', 'gala']) as own`.execute(
        suite.db,
      );
      assert.deepEqual(rows[0], { shared: false, own: true });
    }
  });
});

/** Bookings, accounts and contacts newer than the test's rows, more than a search window of each. */
async function withFiller(db: Db, organizationId: string): Promise<void> {
  const base = Date.parse('2031-01-01T00:00:00.000Z');
  const count = SEARCH_WINDOW + 20;
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => {
      const at = isoTime(base + (i + j) * 1000);
      return { n: i + j, at };
    });
    await db
      .insertInto('bookings')
      .values(
        batch.map(({ n, at }) =>
          bookingRow(organizationId, at, { reference: `FILL-${organizationId}-${n}`, name: `Filler ${n}` }),
        ),
      )
      .execute();
    for (const { n, at } of batch) {
      await insertAccount(db, { organizationId, name: `Filler ${n}`, createdAt: at });
    }
    await db
      .insertInto('contacts')
      .values(
        batch.map(({ n, at }) => ({
          id: newId(),
          organization_id: organizationId,
          account_id: null,
          first_name: 'Filler',
          last_name: `${n}`,
          email: null,
          phone: null,
          title: null,
          custom_fields: '{}',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
}

/** Parameters inlined for EXPLAIN (test values only: fixed strings). */
function inline(text: string, parameters: readonly unknown[]): string {
  let index = 0;
  const literal = (value: unknown): string =>
    typeof value === 'number'
      ? String(value)
      : Array.isArray(value)
        ? `array[${value.map(literal).join(', ')}]`
        : `'${String(value).replace(/'/g, "''")}'`;
  return text.replace(/\?|\$\d+/g, (token) =>
    literal(token === '?' ? parameters[index++] : parameters[Number(token.slice(1)) - 1]),
  );
}
