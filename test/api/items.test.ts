/**
 * The catalogue (SPEC §12): `/v2/items`, read by every member and written by the organization's
 * admins; a name, a category, a unit (each by default), a unit price in minor units (negative for
 * a discount), the service-charge flag (off by default), active (on by default) and the tax rates
 * it carries (the organization's, each once; `include=tax_rates`); lists filtered by `active` and
 * `category`; every bad field told at once; writes told as `item.*`.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  type Api,
  apiFor,
  changeDocument,
  created,
  type ErrorBody,
  type Many,
  pointers,
} from '../helpers/writes.js';

const item = (attributes: Record<string, unknown>, taxRates?: string[]) => ({
  data: {
    type: 'items',
    attributes,
    ...(taxRates
      ? { relationships: { tax_rates: { data: taxRates.map((id) => ({ type: 'tax_rates', id })) } } }
      : {}),
  },
});

interface One {
  data: {
    attributes: Record<string, unknown>;
    relationships: { tax_rates: { data: Array<{ type: string; id: string }> } };
  };
  included?: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let elsewhere: Api;
  let salesTax: string;
  let cityTax: string;
  let foreignRate: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
    const other = await makeVenue(suite.db);
    elsewhere = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const rate = (name: string, percentage: string) => ({
      data: { type: 'tax_rates', attributes: { name, percentage } },
    });
    salesTax = await created(admin, '/v2/tax_rates', rate('Sales tax', '8.875'));
    cityTax = await created(admin, '/v2/tax_rates', rate('City tax', '2'));
    foreignRate = await created(elsewhere, '/v2/tax_rates', rate('Their tax', '5'));
  });
  after(() => server.close());

  it('lets admins keep a catalogue that every member reads, with its tax rates', async () => {
    const dinner = await created(
      admin,
      '/v2/items',
      item(
        {
          name: ' Gold dinner menu ',
          description: 'Three courses.\nCoffee.',
          category: 'food',
          unit: 'per_person',
          unit_price: 8500,
          service_charge: true,
        },
        [cityTax, salesTax, cityTax],
      ),
    );
    const discount = await created(
      admin,
      '/v2/items',
      item({ name: 'Friends discount', category: 'fee', unit_price: -5000 }),
    );
    const read = await member<One>(`/v2/items/${dinner}?include=tax_rates`);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.deepEqual(read.body.data.attributes, {
      ...read.body.data.attributes,
      name: 'Gold dinner menu',
      description: 'Three courses.\nCoffee.',
      category: 'food',
      unit: 'per_person',
      unit_price: 8500,
      service_charge: true,
      active: true,
    });
    assert.deepEqual(
      read.body.data.relationships.tax_rates.data.map((r) => r.id),
      [cityTax, salesTax],
      'each rate once, in the order given',
    );
    assert.deepEqual(read.body.included?.map((r) => r.attributes.name).sort(), ['City tax', 'Sales tax']);

    const plain = await member<One>(`/v2/items/${discount}`);
    assert.deepEqual(
      [
        plain.body.data.attributes.unit,
        plain.body.data.attributes.unit_price,
        plain.body.data.attributes.service_charge,
        plain.body.data.attributes.description,
        plain.body.data.relationships.tax_rates.data,
      ],
      ['each', -5000, false, null, []],
      'each, no service charge, no description, no rates by default',
    );

    const retired = await admin(`/v2/items/${discount}`, {
      method: 'PATCH',
      body: changeDocument('items', discount, { active: false }),
    });
    assert.equal(retired.status, 200, JSON.stringify(retired.body));
    const active = await member<Many>('/v2/items?filter[active][eq]=true');
    assert.deepEqual(
      active.body.data.map((r) => r.id),
      [dinner],
    );
    const food = await member<Many>('/v2/items?filter[category][eq]=food');
    assert.deepEqual(
      food.body.data.map((r) => r.id),
      [dinner],
    );
    const untaxed = await admin<One>(`/v2/items/${dinner}`, {
      method: 'PATCH',
      body: { data: { type: 'items', id: dinner, relationships: { tax_rates: { data: [] } } } },
    });
    assert.equal(untaxed.status, 200, JSON.stringify(untaxed.body));
    assert.deepEqual(untaxed.body.data.relationships.tax_rates.data, []);
    assert.equal(untaxed.body.data.attributes.unit_price, 8500, 'what was not given stays');

    const byMember = await member<ErrorBody>('/v2/items', {
      method: 'POST',
      body: item({ name: 'Sneaky', category: 'fee', unit_price: 1 }),
    });
    assert.equal(byMember.status, 403);
    assert.equal(
      (await elsewhere(`/v2/items/${dinner}`)).status,
      404,
      'another organization’s item is not found',
    );

    assert.equal((await admin(`/v2/items/${discount}`, { method: 'DELETE' })).status, 204);
    const told = await admin<Many>(
      '/v2/changes?filter[type][in]=item.created,item.updated,item.deleted&page[size]=100',
    );
    assert.deepEqual(told.body.data.map((c) => c.attributes.change_type).sort(), [
      'item.created',
      'item.created',
      'item.deleted',
      'item.updated',
      'item.updated',
    ]);
  });

  it('tells every bad field of an item at once', async () => {
    const missing = await admin<ErrorBody>('/v2/items', { method: 'POST', body: item({}) });
    assert.equal(missing.status, 422, JSON.stringify(missing.body));
    assert.deepEqual(pointers(missing.body).sort(), [
      '/data/attributes/category',
      '/data/attributes/name',
      '/data/attributes/unit_price',
    ]);
    const bad = await admin<ErrorBody>('/v2/items', {
      method: 'POST',
      body: item({ name: 'Bar\u0007', category: 'drinks', unit: 'per_guest', unit_price: 12.5 }, [
        foreignRate,
      ]),
    });
    assert.equal(bad.status, 422, JSON.stringify(bad.body));
    assert.deepEqual([...new Set(pointers(bad.body))].sort(), [
      '/data/attributes/category',
      '/data/attributes/name',
      '/data/attributes/unit',
      '/data/attributes/unit_price',
      '/data/relationships/tax_rates/data',
    ]);
    assert.match(
      bad.body.errors.map((e) => e.detail).join(' '),
      new RegExp(`No tax rate with the id "${foreignRate}" exists in this organization`),
      'another organization’s rate is not this one’s',
    );
  });
});
