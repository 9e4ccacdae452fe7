/**
 * The filters a sync needs (SPEC §7): `filter[search]` (a case-insensitive part of the name,
 * reference or e-mail, answered from a trigram index) and `filter[space_id][eq|in]` on bookings.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { searchCondition } from '../../src/db/search-index.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
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

  it('answers a search of three or more characters from the trigram index', async () => {
    // The condition a list uses, planned on its own: it must be one the index answers.
    const condition = searchCondition(suite.db, 'bookings', 'gala');
    const compiled = sql`select id from bookings where ${condition}`.compile(suite.db);
    const explain = suite.database.dialect === 'sqlite' ? sql`explain query plan ` : sql`explain `;
    const plan = await suite.db.transaction().execute(async (trx) => {
      if (suite.database.dialect === 'postgres') {
        // Tiny test tables make a scan cheapest; ask whether the trigram index can answer at all.
        await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
      }
      const text = inline(compiled.sql, compiled.parameters);
      const rows = await sql<Record<string, string>>`${explain}${sql.raw(text)}`.execute(trx);
      return rows.rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    assert.match(
      plan,
      suite.database.dialect === 'sqlite' ? /bookings_search VIRTUAL TABLE/ : /bookings_search_idx/,
      plan,
    );
  });
});

/** Parameters inlined for EXPLAIN (test values only: fixed strings). */
function inline(text: string, parameters: readonly unknown[]): string {
  let index = 0;
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  return text.replace(/\?|\$\d+/g, (token) =>
    literal(token === '?' ? parameters[index++] : parameters[Number(token.slice(1)) - 1]),
  );
}
