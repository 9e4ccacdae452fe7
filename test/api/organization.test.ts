/**
 * The organization's own settings over the API (SPEC §12): GET /v2/organization shows the
 * X-API-ORG organization's name, time zone and currency with an ETag (If-None-Match → 304) to any
 * member's token with crm_read; PATCH /v2/organization changes them for its admins only (a
 * member's token, or a token without crm_manage, is refused), honours If-Match (412 on a stale
 * tag), insists that data.id is the X-API-ORG organization, reports a bad time zone and a bad
 * currency together in one 422, and tells each change once as `organization.updated` with the
 * old values of what changed.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
import {
  type Api,
  apiFor,
  changeDocument,
  type ErrorBody,
  pointers,
  type ResourceBody,
} from '../helpers/writes.js';

interface EventList {
  data: Array<{
    id: string;
    attributes: {
      change_type: string;
      organization_id: string;
      data: { object: ResourceBody['data']; previous_attributes?: Record<string, unknown> };
    };
  }>;
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  /** The admin's own token (authorization code, crm_read and crm_manage). */
  let admin: Api;
  /** A member's token with the same scopes. */
  let member: Api;
  /** The admin's token with crm_read alone. */
  let readOnly: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    const memberUser = await makeUser(suite.db, venue.orgId, { role: 'member' });
    admin = apiFor(server, (await codeFlowTokens(server, venue)).tokens.access_token, venue.orgId);
    member = apiFor(
      server,
      (await codeFlowTokens(server, venue, { email: memberUser.email })).tokens.access_token,
      venue.orgId,
    );
    readOnly = apiFor(
      server,
      (await codeFlowTokens(server, venue, { scope: 'crm_read' })).tokens.access_token,
      venue.orgId,
    );
  });
  after(() => server.close());

  const patch = (api: Api, attributes: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api<ResourceBody>('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, attributes),
      headers,
    });

  const settingsEvents = async () => {
    const response = await admin<EventList>(
      '/v2/changes?filter[type][in]=organization.updated&page[size]=100',
    );
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data;
  };

  const storedRow = () =>
    suite.db.selectFrom('organizations').selectAll().where('id', '=', venue.orgId).executeTakeFirstOrThrow();

  it('shows the X-API-ORG organization’s settings with an ETag, and 304 for a matching If-None-Match', async () => {
    const row = await storedRow();
    const response = await member<ResourceBody>('/v2/organization');
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.match(response.headers.get('content-type') ?? '', /^application\/vnd\.api\+json/);
    assert.equal(response.body.data.type, 'organizations');
    assert.equal(response.body.data.id, venue.orgId);
    assert.deepEqual(response.body.data.attributes, {
      name: row.name,
      timezone: 'UTC',
      currency: 'USD',
      locale: 'en-GB',
      service_charge_percentage: '0',
      service_charge_taxable: false,
      fnb_categories: ['food', 'beverage'],
      inquiry_form: {
        enabled: false,
        slug: null,
        intro: '',
        thank_you: 'Thank you for your inquiry: we will be in touch shortly.',
        event_types: [],
        embed_origins: [],
      },
      mailbox: null,
      sending_window: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
    const etag = response.headers.get('etag');
    assert.ok(etag, 'an ETag');
    // The client-credentials token of the admin's private integration reads the same document.
    const machine = apiFor(server, await clientCredentialsToken(server, venue, 'crm_read'), venue.orgId);
    const same = await machine<ResourceBody>('/v2/organization');
    assert.equal(same.status, 200);
    assert.equal(same.headers.get('etag'), etag);

    const notModified = await member('/v2/organization', { headers: { 'if-none-match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, null, 'no body');
    assert.equal(notModified.headers.get('etag'), etag);
    const other = await member('/v2/organization', { headers: { 'if-none-match': '"something-else"' } });
    assert.equal(other.status, 200);

    // Another organization's settings are not readable with this token.
    const elsewhere = await makeOrganization(suite.db);
    assert.equal((await apiFor(server, '', elsewhere.id)('/v2/organization')).status, 401);
    const notGranted = await member('/v2/organization', { org: elsewhere.id });
    assert.equal(notGranted.status, 403);
  });

  it('lets an admin change the settings and tells the change once, with the old values', async () => {
    const before = await settingsEvents();
    const read = await admin<ResourceBody>('/v2/organization');
    const changed = await patch(
      admin,
      { name: 'Harbour Hall', timezone: 'America/New_York', currency: 'usd' },
      { 'if-match': read.headers.get('etag')! },
    );
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.id, venue.orgId);
    assert.equal(changed.body.data.attributes.name, 'Harbour Hall');
    assert.equal(changed.body.data.attributes.timezone, 'America/New_York');
    assert.equal(changed.body.data.attributes.currency, 'USD', 'upper-cased; unchanged');
    const etag = changed.headers.get('etag');
    assert.ok(etag);
    assert.notEqual(etag, read.headers.get('etag'), 'a new version');
    const stored = await storedRow();
    assert.equal(stored.name, 'Harbour Hall');
    assert.equal(stored.timezone, 'America/New_York');
    assert.equal(stored.currency, 'USD');
    const again = await admin<ResourceBody>('/v2/organization');
    assert.equal(again.headers.get('etag'), etag);
    assert.deepEqual(again.body.data.attributes, changed.body.data.attributes);

    const after = await settingsEvents();
    assert.equal(after.length, before.length + 1, 'exactly one organization.updated event');
    const event = after.find((e) => !before.some((b) => b.id === e.id))!;
    assert.equal(event.attributes.change_type, 'organization.updated');
    assert.equal(event.attributes.organization_id, venue.orgId);
    assert.equal(event.attributes.data.object.type, 'organizations');
    assert.equal(event.attributes.data.object.id, venue.orgId);
    assert.equal(event.attributes.data.object.attributes.timezone, 'America/New_York');
    assert.deepEqual(
      event.attributes.data.previous_attributes,
      // Its locale follows the time zone's country while it has none of its own.
      { name: read.body.data.attributes.name, timezone: 'UTC', locale: 'en-GB' },
      'the old values of what changed, and of nothing else',
    );

    // Repeating the settings saved changes nothing: no new version, nothing told.
    const same = await patch(admin, { timezone: 'America/New_York', currency: 'usd', name: 'Harbour Hall' });
    assert.equal(same.status, 200);
    assert.equal(same.headers.get('etag'), etag, 'the same version');
    assert.equal((await storedRow()).updated_at, stored.updated_at);
    assert.equal((await settingsEvents()).length, before.length + 1);

    // A PATCH without If-Match is accepted too (If-Match is optional), and is told once more.
    const unconditional = await patch(admin, { currency: 'EUR' });
    assert.equal(unconditional.status, 200);
    const last = await settingsEvents();
    assert.equal(last.length, before.length + 2);
    assert.equal(last[0]!.attributes.data.previous_attributes?.currency, 'USD');
  });

  it('refuses a member’s token (403) and a token without crm_manage (403), changing nothing', async () => {
    const before = await storedRow();
    const eventsBefore = (await settingsEvents()).length;
    const byMember = await patch(member, { name: 'Taken over' });
    assert.equal(byMember.status, 403, JSON.stringify(byMember.body));
    assert.equal((byMember.body as unknown as ErrorBody).errors[0]?.code, 'admin_only');
    assert.match((byMember.body as unknown as ErrorBody).errors[0]!.detail, /admins/);
    const byReadOnly = await patch(readOnly, { name: 'Taken over' });
    assert.equal(byReadOnly.status, 403, JSON.stringify(byReadOnly.body));
    assert.match(byReadOnly.headers.get('www-authenticate') ?? '', /insufficient_scope/);
    assert.equal((await readOnly('/v2/organization')).status, 200, 'crm_read still reads');
    assert.deepEqual(await storedRow(), before);
    assert.equal((await settingsEvents()).length, eventsBefore);
  });

  it('honours If-Match: a stale tag is 412 and changes nothing', async () => {
    const read = await admin<ResourceBody>('/v2/organization');
    const staleTag = read.headers.get('etag')!;
    assert.equal((await patch(admin, { name: 'First change' }, { 'if-match': staleTag })).status, 200);
    const eventsBefore = (await settingsEvents()).length;
    const stale = await patch(admin, { name: 'Second change' }, { 'if-match': staleTag });
    assert.equal(stale.status, 412, JSON.stringify(stale.body));
    assert.equal((await storedRow()).name, 'First change');
    assert.equal((await settingsEvents()).length, eventsBefore, 'no event for a refused change');
    const current = (await admin('/v2/organization')).headers.get('etag')!;
    const fresh = await patch(admin, { name: 'Second change' }, { 'if-match': current });
    assert.equal(fresh.status, 200);
    assert.equal((await storedRow()).name, 'Second change');
  });

  it('insists that data.id is the X-API-ORG organization’s', async () => {
    const elsewhere = await makeOrganization(suite.db);
    const before = await storedRow();
    for (const id of [elsewhere.id, 'not-an-organization']) {
      const response = await admin('/v2/organization', {
        method: 'PATCH',
        body: changeDocument('organizations', id, { name: 'Renamed by mistake' }),
      });
      assert.equal(response.status, 409, JSON.stringify(response.body));
      assert.deepEqual(pointers(response.body), ['/data/id']);
    }
    assert.deepEqual(await storedRow(), before);
    const other = await suite.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', elsewhere.id)
      .executeTakeFirstOrThrow();
    assert.equal(other.name, elsewhere.name, 'the other organization is untouched');
  });

  it('reports a bad time zone and a bad currency together in one 422', async () => {
    const before = await storedRow();
    const eventsBefore = (await settingsEvents()).length;
    const both = await patch(admin, { timezone: 'Mars/Olympus', currency: 'XYZ' });
    assert.equal(both.status, 422, JSON.stringify(both.body));
    assert.deepEqual(pointers(both.body).sort(), ['/data/attributes/currency', '/data/attributes/timezone']);
    const details = (both.body as unknown as ErrorBody).errors.map((e) => e.detail).join(' ');
    assert.match(details, /"Mars\/Olympus" is not an IANA time zone/);
    assert.match(details, /"XYZ" is not an ISO 4217 currency/);

    // A field the schema refuses (too long) and one the rules refuse are still reported together.
    const mixed = await patch(admin, { timezone: `Europe/${'x'.repeat(80)}`, currency: 'XYZ', name: '' });
    assert.equal(mixed.status, 422, JSON.stringify(mixed.body));
    assert.deepEqual([...new Set(pointers(mixed.body))].sort(), [
      '/data/attributes/currency',
      '/data/attributes/name',
      '/data/attributes/timezone',
    ]);
    assert.deepEqual(await storedRow(), before, 'nothing was changed');
    assert.equal((await settingsEvents()).length, eventsBefore);
  });

  it('accepts a retired IANA name (a link) from an integration, as src/crm/time-zones.ts says', async () => {
    // The workspace lists zones by their current names, but an integration may send an old one:
    // it is still an IANA time zone, so the rules take it as sent.
    const response = await patch(admin, { timezone: 'Asia/Calcutta' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.data.attributes.timezone, 'Asia/Calcutta');
    const current = await patch(admin, { timezone: 'Asia/Kolkata' });
    assert.equal(current.status, 200);
    assert.equal((await storedRow()).timezone, 'Asia/Kolkata');
  });

  it('keeps the service charge and the food and beverage categories, written plainly (SPEC §12)', async () => {
    const before = await admin<ResourceBody>('/v2/organization');
    const changed = await patch(admin, {
      service_charge_percentage: '020.50',
      service_charge_taxable: true,
      fnb_categories: ['beverage', 'food', 'food', 'rental'],
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const { attributes } = changed.body.data;
    assert.equal(attributes.service_charge_percentage, '20.5');
    assert.equal(attributes.service_charge_taxable, true);
    assert.deepEqual(attributes.fnb_categories, ['food', 'beverage', 'rental'], 'each once, in their order');
    const stored = await storedRow();
    assert.equal(stored.service_charge_percentage, '20.5');
    const [event] = await settingsEvents();
    assert.deepEqual(event!.attributes.data.previous_attributes, {
      service_charge_percentage: before.body.data.attributes.service_charge_percentage,
      service_charge_taxable: before.body.data.attributes.service_charge_taxable,
      fnb_categories: before.body.data.attributes.fnb_categories,
    });
    for (const [given, kept] of [
      ['8.875', '8.875'],
      ['100', '100'],
      ['0.0000', '0'],
    ] as const) {
      const response = await patch(admin, { service_charge_percentage: given });
      assert.equal(response.body.data.attributes.service_charge_percentage, kept, given);
    }
    assert.deepEqual((await patch(admin, { fnb_categories: [] })).body.data.attributes.fnb_categories, []);
  });

  it('reports a bad service charge, a bad category and a non-boolean together in one 422', async () => {
    const before = await storedRow();
    for (const percentage of ['120', '-1', '8.87501', 'twenty', '1e2', '']) {
      const response = await patch(admin, { service_charge_percentage: percentage });
      assert.equal(response.status, 422, `${percentage}: ${JSON.stringify(response.body)}`);
      assert.match(
        (response.body as unknown as ErrorBody).errors[0]!.detail,
        /is not a percentage from 0 to 100 with at most four decimals/,
      );
    }
    const all = await patch(admin, {
      service_charge_percentage: '101',
      service_charge_taxable: 'yes',
      fnb_categories: ['food', 'drinks', 'snacks'],
    });
    assert.equal(all.status, 422, JSON.stringify(all.body));
    assert.deepEqual([...new Set(pointers(all.body))].sort(), [
      '/data/attributes/fnb_categories',
      '/data/attributes/service_charge_percentage',
      '/data/attributes/service_charge_taxable',
    ]);
    const details = (all.body as unknown as ErrorBody).errors.map((e) => e.detail).join(' ');
    assert.match(details, /"drinks", "snacks" are not categories; the categories are food, beverage, rental/);
    assert.deepEqual(await storedRow(), before, 'nothing was changed');
  });
});
