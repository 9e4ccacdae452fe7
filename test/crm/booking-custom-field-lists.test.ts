/**
 * The bookings list by a venue's own fields (SPEC §19): `filter[custom_fields.<key>][OP]` with the
 * operators of each type (a multi_select matching when any of its values does, `contains` of text
 * whatever its case), a 400 for an undefined key or an operator the type lacks; and
 * `sort=custom_fields.<key>` with the bookings without a value last in both directions, ties by
 * id, paged forwards and back by cursor alike on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue } from '../helpers/oauth.js';
import { accountDocument, type Api, apiFor, bookingDocument, created, type Many } from '../helpers/writes.js';

const OPTIONS = ['web', 'friend', 'fair'].map((value) => ({ value, label: value }));

/** Each booking's name and values; the names say where each stands in the orders tested. */
const BOOKINGS: Array<[string, Record<string, unknown>]> = [
  ['b1', { budget: 300, how_heard: 'web', diets: ['web'], planner: 'Ana Lopez' }],
  ['b2', { budget: '-12.5', how_heard: 'friend', diets: ['friend', 'fair'], planner: 'BEN' }],
  ['b3', { how_heard: 'fair', planner: 'ana maria' }],
  ['b4', { budget: 300, how_heard: 'web' }],
  ['b5', { budget: '1000000' }],
  ['b6', {}],
];

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  const ids = new Map<string, string>();

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const define = (key: string, field_type: string, more = {}) =>
      created(api, '/v2/custom_fields', {
        data: {
          type: 'custom_fields',
          attributes: { record_type: 'bookings', key, label: key, field_type, ...more },
        },
      });
    await define('budget', 'number');
    await define('how_heard', 'select', { options: OPTIONS });
    await define('diets', 'multi_select', { options: OPTIONS });
    await define('planner', 'text');
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Northwind' }));
    for (const [name, custom_fields] of BOOKINGS) {
      ids.set(
        name,
        await created(api, '/v2/bookings', bookingDocument(account, { name, custom_fields } as never)),
      );
    }
  });
  after(() => server.close());

  async function names(query: string): Promise<string[]> {
    const response = await api<Many>(`/v2/bookings?${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data.map((b) => String(b.attributes.name));
  }
  const sorted = async (query: string) => (await names(`${query}&sort=name`)).sort();

  it('filters by each type’s operators', async () => {
    assert.deepEqual(await sorted('filter[custom_fields.how_heard][eq]=web'), ['b1', 'b4']);
    assert.deepEqual(await sorted('filter[custom_fields.how_heard][in]=friend,fair'), ['b2', 'b3']);
    assert.deepEqual(await sorted('filter[custom_fields.how_heard][not_eq]=web'), ['b2', 'b3']);
    assert.deepEqual(await sorted('filter[custom_fields.how_heard][null]=true'), ['b5', 'b6']);
    assert.deepEqual(await sorted('filter[custom_fields.budget][gt]=299.5'), ['b1', 'b4', 'b5']);
    assert.deepEqual(await sorted('filter[custom_fields.budget][lteq]=-12.5'), ['b2']);
    assert.deepEqual(await sorted('filter[custom_fields.budget][eq]=300'), ['b1', 'b4']);
    assert.deepEqual(await sorted('filter[custom_fields.diets][eq]=fair'), ['b2']);
    assert.deepEqual(await sorted('filter[custom_fields.diets][in]=web,fair'), ['b1', 'b2']);
    assert.deepEqual(await sorted('filter[custom_fields.planner][contains]=ANA'), ['b1', 'b3']);
    assert.deepEqual(await sorted('filter[custom_fields.planner][contains]=%25'), []);
  });

  it('answers 400 to an undefined key, an operator the type lacks, or a bad value', async () => {
    for (const query of [
      'filter[custom_fields.nothing][eq]=1',
      'filter[custom_fields.budget][contains]=1',
      'filter[custom_fields.how_heard][gt]=web',
      'filter[custom_fields.budget][gt]=lots',
      'sort=custom_fields.nothing',
      'sort=custom_fields.diets',
    ]) {
      const response = await api(`/v2/bookings?${query}`);
      assert.equal(response.status, 400, query);
    }
  });

  it('sorts with the bookings without a value last both ways, ties by id, paged alike by cursor', async () => {
    const [first, second] = [ids.get('b1')!, ids.get('b4')!].sort();
    const tie = [first, second].map((id) => BOOKINGS.find(([n]) => ids.get(n) === id)![0]);
    const unset = ['b3', 'b6'].sort((a, b) => ids.get(a)!.localeCompare(ids.get(b)!));
    const ascending = ['b2', ...tie, 'b5', ...unset];
    const descending = ['b5', ...[...tie].reverse(), 'b2', ...[...unset].reverse()];
    assert.deepEqual(await names('sort=custom_fields.budget'), ascending);
    assert.deepEqual(await names('sort=-custom_fields.budget'), descending);
    for (const [sort, order] of [
      ['custom_fields.budget', ascending],
      ['-custom_fields.budget', descending],
    ] as const) {
      const paged: string[] = [];
      let after: string | null = null;
      let last: { meta: { before_cursor: string | null } } | undefined;
      do {
        const cursor: string = after ? `&page[after]=${encodeURIComponent(after)}` : '';
        const page = await api<
          Many & { meta: { after_cursor: string | null; has_more: boolean; before_cursor: string | null } }
        >(`/v2/bookings?sort=${sort}&page[size]=2${cursor}`);
        assert.equal(page.status, 200, JSON.stringify(page.body));
        paged.push(...page.body.data.map((b) => String(b.attributes.name)));
        after = page.body.meta.has_more ? page.body.meta.after_cursor : null;
        last = page.body;
      } while (after);
      assert.deepEqual(paged, order, sort);
      const back = await api<Many>(
        `/v2/bookings?sort=${sort}&page[size]=2&page[before]=${encodeURIComponent(last!.meta.before_cursor!)}`,
      );
      assert.deepEqual(
        back.body.data.map((b) => String(b.attributes.name)),
        order.slice(2, 4),
        `${sort} backwards`,
      );
    }
  });
});
