/**
 * Custom fields' values on contacts, accounts and events (SPEC §19), as on bookings: every defined
 * key of the record's own kind shown (null when unset); a write names only the keys it changes and
 * null clears one; every bad value refused at its own pointer with the document's other bad
 * fields, a key of another kind among them; the contacts list filtered and sorted by a field, the
 * contacts without a value last both ways; a definition deleted only once no contact holds a value
 * of it, and a change of its type converting the contacts' values.
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
  contactDocument,
  created,
  type ErrorBody,
  eventDocument,
  type Many,
  problemsAt,
} from '../helpers/writes.js';

const TIERS = ['gold', 'silver', 'bronze'].map((value) => ({ value, label: value }));

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let account: string;
  let booking: string;
  const fieldIds: Record<string, string> = {};

  async function define(record_type: string, key: string, field_type: string, more = {}) {
    fieldIds[`${record_type}.${key}`] = await created(api, '/v2/custom_fields', {
      data: { type: 'custom_fields', attributes: { record_type, key, label: key, field_type, ...more } },
    });
  }

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await define('contacts', 'tier', 'select', { options: TIERS });
    await define('contacts', 'member_no', 'text');
    await define('contacts', 'spend', 'number');
    await define('accounts', 'tier', 'select', { options: TIERS });
    await define('accounts', 'vip', 'boolean');
    await define('events', 'menu_ok', 'date');
    await define('events', 'covers', 'number');
    await define('bookings', 'how_heard', 'text');
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Northwind' }));
    booking = await created(api, '/v2/bookings', bookingDocument(account, { name: 'Gala' }));
  });
  after(() => server.close());

  const KINDS = [
    {
      path: '/v2/contacts',
      type: 'contacts',
      document: (custom_fields: object) => contactDocument({ first_name: 'Ana', custom_fields }),
      values: { tier: 'gold', member_no: 'M-7', spend: '0125.50' },
      shown: { tier: 'gold', member_no: 'M-7', spend: '125.5' },
      change: { member_no: null, spend: 7 },
      changed: { tier: 'gold', member_no: null, spend: '7' },
    },
    {
      path: '/v2/accounts',
      type: 'accounts',
      document: (custom_fields: object) => accountDocument({ name: 'Contoso', custom_fields }),
      values: { tier: 'silver', vip: true },
      shown: { tier: 'silver', vip: true },
      change: { vip: null },
      changed: { tier: 'silver', vip: null },
    },
    {
      path: '/v2/events',
      type: 'events',
      document: (custom_fields: object) => eventDocument(booking, { custom_fields }),
      values: { menu_ok: '2027-05-01', covers: 120 },
      shown: { menu_ok: '2027-05-01', covers: '120' },
      change: { menu_ok: null },
      changed: { menu_ok: null, covers: '120' },
    },
  ];

  for (const kind of KINDS) {
    it(`writes, reads and clears the values of ${kind.type}, each of its kind’s keys shown`, async () => {
      const plain = await created(api, kind.path, kind.document({}));
      const unset = (await api(`${kind.path}/${plain}`)).body.data.attributes.custom_fields;
      assert.deepEqual(unset, Object.fromEntries(Object.keys(kind.shown).map((key) => [key, null])));
      const made = await api(kind.path, { method: 'POST', body: kind.document(kind.values) });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      assert.deepEqual(made.body.data.attributes.custom_fields, kind.shown);
      const id = made.body.data.id;
      const body = changeDocument(kind.type, id, { custom_fields: kind.change });
      const changed = await api(`${kind.path}/${id}`, { method: 'PATCH', body });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.deepEqual(changed.body.data.attributes.custom_fields, kind.changed);
      const read = await api(`${kind.path}/${id}`);
      assert.deepEqual(read.body.data.attributes.custom_fields, kind.changed);
      const listed = await api<Many>(`${kind.path}?page[size]=100`);
      const row = listed.body.data.find((r) => r.id === id);
      assert.deepEqual(row?.attributes.custom_fields, kind.changed);
    });
  }

  it('refuses every bad value at its own pointer, a key of another kind too, with the other bad fields', async () => {
    const response = await api('/v2/contacts', {
      method: 'POST',
      body: contactDocument({
        first_name: 'Ana',
        email: 'not an address',
        custom_fields: { tier: 'platinum', spend: 'lots', vip: true, how_heard: 'web' },
      }),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(problemsAt(response.body as unknown as ErrorBody), [
      ['/data/attributes/custom_fields/how_heard', 'unknown_field'],
      ['/data/attributes/custom_fields/spend', 'invalid_value'],
      ['/data/attributes/custom_fields/tier', 'invalid_value'],
      ['/data/attributes/custom_fields/vip', 'unknown_field'],
      ['/data/attributes/email', 'invalid_value'],
    ]);
    const event = await created(api, '/v2/events', eventDocument(booking, {}));
    const refused = await api(`/v2/events/${event}`, {
      method: 'PATCH',
      body: changeDocument('events', event, { custom_fields: { covers: 'many', tier: 'gold' } }),
    });
    assert.deepEqual(problemsAt(refused.body as unknown as ErrorBody), [
      ['/data/attributes/custom_fields/covers', 'invalid_value'],
      ['/data/attributes/custom_fields/tier', 'unknown_field'],
    ]);
  });

  it('filters and sorts contacts by a field, those without a value last both ways', async () => {
    const names: Record<string, string> = {};
    for (const [last_name, custom_fields] of [
      ['c1', { tier: 'gold', spend: 300 }],
      ['c2', { tier: 'silver', spend: -12.5 }],
      ['c3', { tier: 'gold' }],
      ['c4', { spend: 1000 }],
    ] as const) {
      const id = await created(
        api,
        '/v2/contacts',
        contactDocument({ first_name: 'Sort', last_name, custom_fields }),
      );
      names[id] = last_name;
    }
    const listed = async (query: string) => {
      const response = await api<Many>(`/v2/contacts?page[size]=100&${query}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data.map((r) => names[r.id]).filter(Boolean);
    };
    assert.deepEqual((await listed('filter[custom_fields.tier][eq]=gold')).sort(), ['c1', 'c3']);
    assert.deepEqual((await listed('filter[custom_fields.spend][gt]=0')).sort(), ['c1', 'c4']);
    assert.deepEqual(await listed('sort=custom_fields.spend'), ['c2', 'c1', 'c4', 'c3']);
    assert.deepEqual(await listed('sort=-custom_fields.spend'), ['c4', 'c1', 'c2', 'c3']);
    for (const query of ['filter[custom_fields.vip][eq]=true', 'sort=custom_fields.how_heard']) {
      assert.equal((await api(`/v2/contacts?${query}`)).status, 400, query);
    }
  });

  it('converts the contacts’ values with their field’s type, and deletes a field only once none holds it', async () => {
    await define('contacts', 'floor', 'text');
    const contact = await created(
      api,
      '/v2/contacts',
      contactDocument({ first_name: 'Held', custom_fields: { floor: '12' } }),
    );
    const field = fieldIds['contacts.floor']!;
    const retyped = await api(`/v2/custom_fields/${field}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', field, { field_type: 'number' }),
    });
    assert.equal(retyped.status, 200, JSON.stringify(retyped.body));
    const converted = await api(`/v2/contacts/${contact}`);
    assert.equal((converted.body.data.attributes.custom_fields as Record<string, unknown>).floor, '12');
    const refused = await api(`/v2/custom_fields/${field}`, { method: 'DELETE' });
    assert.equal(refused.status, 409);
    assert.equal((refused.body as unknown as ErrorBody).errors[0]?.code, 'has_values');
    const clear = changeDocument('contacts', contact, { custom_fields: { floor: null } });
    assert.equal((await api(`/v2/contacts/${contact}`, { method: 'PATCH', body: clear })).status, 200);
    assert.equal((await api(`/v2/custom_fields/${field}`, { method: 'DELETE' })).status, 204);
    const after = await api(`/v2/contacts/${contact}`);
    assert.ok(!('floor' in (after.body.data.attributes.custom_fields as object)));
  });
});
