/**
 * Tax rates (SPEC §12): `/v2/tax_rates`, read by every member and written by the organization's
 * admins; a name unique whatever its case, a percentage from 0 to 100 with at most four decimals
 * kept written plainly, inclusive (false by default) and active (true by default); every bad field
 * told at once; lists filtered by `active`; each write told as `tax_rate.*`; another
 * organization's rates are not found.
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

const rate = (attributes: Record<string, unknown>) => ({ data: { type: 'tax_rates', attributes } });

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let elsewhere: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
    const other = await makeVenue(suite.db);
    elsewhere = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
  });
  after(() => server.close());

  it('lets admins make, change and delete rates that every member reads, filtered by active', async () => {
    const sales = await created(
      admin,
      '/v2/tax_rates',
      rate({ name: 'NY sales tax', percentage: '08.8750' }),
    );
    const vat = await created(
      admin,
      '/v2/tax_rates',
      rate({ name: 'VAT', percentage: '20', inclusive: true }),
    );
    const read = await member<{ data: { attributes: Record<string, unknown> } }>(`/v2/tax_rates/${sales}`);
    assert.equal(read.status, 200);
    assert.deepEqual(
      [
        read.body.data.attributes.name,
        read.body.data.attributes.percentage,
        read.body.data.attributes.inclusive,
        read.body.data.attributes.active,
      ],
      ['NY sales tax', '8.875', false, true],
      'written plainly; exclusive and active by default',
    );
    const list = await member<Many>('/v2/tax_rates');
    assert.deepEqual(
      list.body.data.map((r) => [r.attributes.name, r.attributes.inclusive]),
      [
        ['NY sales tax', false],
        ['VAT', true],
      ],
    );

    const retired = await admin(`/v2/tax_rates/${vat}`, {
      method: 'PATCH',
      body: changeDocument('tax_rates', vat, { active: false }),
    });
    assert.equal(retired.status, 200, JSON.stringify(retired.body));
    const active = await member<Many>('/v2/tax_rates?filter[active][eq]=true');
    assert.equal(active.status, 200, JSON.stringify(active.body));
    assert.deepEqual(
      active.body.data.map((r) => r.id),
      [sales],
    );
    const inactive = await member<Many>('/v2/tax_rates?filter[active][eq]=false');
    assert.deepEqual(
      inactive.body.data.map((r) => r.id),
      [vat],
    );
    const badFilter = await member<ErrorBody>('/v2/tax_rates?filter[active][eq]=yes');
    assert.equal(badFilter.status, 400);
    assert.equal(badFilter.body.errors[0]?.code, 'invalid_filter');

    const byMember = await member<ErrorBody>('/v2/tax_rates', {
      method: 'POST',
      body: rate({ name: 'Sneaky', percentage: '1' }),
    });
    assert.equal(byMember.status, 403);
    assert.equal(
      (await elsewhere(`/v2/tax_rates/${sales}`)).status,
      404,
      'another organization’s rate is not found',
    );

    assert.equal((await admin(`/v2/tax_rates/${vat}`, { method: 'DELETE' })).status, 204);
    const told = await admin<Many>(
      '/v2/changes?filter[type][in]=tax_rate.created,tax_rate.updated,tax_rate.deleted&page[size]=100',
    );
    assert.equal(told.status, 200, JSON.stringify(told.body));
    assert.deepEqual(told.body.data.map((c) => c.attributes.change_type).sort(), [
      'tax_rate.created',
      'tax_rate.created',
      'tax_rate.deleted',
      'tax_rate.updated',
    ]);
  });

  it('tells every bad field of a rate at once', async () => {
    await created(admin, '/v2/tax_rates', rate({ name: 'City tax', percentage: '2' }));
    const missing = await admin<ErrorBody>('/v2/tax_rates', { method: 'POST', body: rate({}) });
    assert.equal(missing.status, 422, JSON.stringify(missing.body));
    assert.deepEqual(pointers(missing.body).sort(), ['/data/attributes/name', '/data/attributes/percentage']);
    const bad = await admin<ErrorBody>('/v2/tax_rates', {
      method: 'POST',
      body: rate({ name: 'CITY TAX', percentage: '100.5', inclusive: 'yes' }),
    });
    assert.equal(bad.status, 422, JSON.stringify(bad.body));
    assert.deepEqual([...new Set(pointers(bad.body))].sort(), [
      '/data/attributes/inclusive',
      '/data/attributes/name',
      '/data/attributes/percentage',
    ]);
    const details = bad.body.errors.map((e) => e.detail).join(' ');
    assert.match(details, /There is a tax rate "CITY TAX" already\./);
    assert.match(details, /"100\.5" is not a percentage from 0 to 100/);
  });
});
