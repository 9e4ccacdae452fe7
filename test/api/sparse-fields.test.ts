import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, makeCrm, noteBody, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';

interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
  links?: { self: string };
}
interface Document {
  data: Resource | Resource[];
  included?: Resource[];
  errors?: Array<{ status: string; code: string; detail: string; source?: { parameter?: string } }>;
  meta?: { request_id?: string; after_cursor?: string | null };
}

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let token: string;
  const api = (path: string, options: Parameters<typeof call>[2] = {}) =>
    call<Document>(server, path, { token, org: crm.venue.orgId, ...options });
  const many = (document: Document) => document.data as Resource[];

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 4);
    token = await clientCredentialsToken(server, crm.venue);
  });
  after(() => server.close());

  it('narrows a list to the attributes and relationships asked for; id and type always come', async () => {
    const page = await api('/v2/bookings?fields[bookings]=name,start_at,account&page[size]=2');
    assert.equal(page.status, 200);
    for (const booking of many(page.body)) {
      assert.equal(booking.type, 'bookings');
      assert.ok(booking.id);
      assert.deepEqual(Object.keys(booking.attributes).sort(), ['name', 'start_at']);
      assert.deepEqual(Object.keys(booking.relationships ?? {}), ['account']);
    }
    assert.ok(page.body.meta?.after_cursor, 'paging still works');
    const attributesOnly = await api('/v2/bookings?fields[bookings]=status');
    assert.equal(many(attributesOnly.body)[0]?.relationships, undefined);
    const nothing = await api('/v2/bookings?fields[bookings]=');
    assert.equal(nothing.status, 200);
    assert.deepEqual(many(nothing.body)[0]?.attributes, {});
  });

  it('narrows included resources by their own type, and single resources too', async () => {
    const page = await api(
      '/v2/bookings?include=account,owner&fields[accounts]=name&fields[users]=email&fields[bookings]=account',
    );
    assert.equal(page.status, 200);
    const accounts = page.body.included!.filter((r) => r.type === 'accounts');
    const users = page.body.included!.filter((r) => r.type === 'users');
    assert.ok(accounts.length > 0 && users.length > 0);
    for (const account of accounts) assert.deepEqual(Object.keys(account.attributes), ['name']);
    for (const user of users) assert.deepEqual(Object.keys(user.attributes), ['email']);
    for (const booking of many(page.body)) assert.deepEqual(booking.attributes, {});

    const one = await api(`/v2/bookings/${crm.bookingIds[0]}?fields[bookings]=reference&include=contact`);
    assert.equal(one.status, 200);
    const booking = one.body.data as Resource;
    assert.deepEqual(booking.attributes, { reference: 'BK-00001' });
    assert.equal(booking.relationships, undefined);
    assert.deepEqual(
      Object.keys(one.body.included![0]!.attributes).length > 2,
      true,
      'contacts not narrowed',
    );
  });

  it('refuses an unknown field or type with a 400 naming the parameter', async () => {
    for (const [path, parameter] of [
      ['/v2/bookings?fields[bookings]=name,colour', 'fields[bookings]'],
      ['/v2/bookings/x?fields[bookings]=colour', 'fields[bookings]'],
      ['/v2/bookings?fields[accounts]=valueOf', 'fields[accounts]'],
      ['/notes?fields[users]=password_hash', 'fields[users]'],
      ['/v2/bookings?fields[widgets]=name', 'fields[widgets]'],
    ] as const) {
      const response = await api(path);
      assert.equal(response.status, 400, path);
      const error = response.body.errors?.[0];
      assert.equal(error?.status, '400');
      assert.equal(error?.source?.parameter, parameter, path);
      assert.ok(response.body.meta?.request_id);
    }
  });

  it('gives each fieldset its own cached page and its own weak ETag', async () => {
    const full = await api('/v2/accounts');
    const narrow = await api('/v2/accounts?fields[accounts]=name');
    const again = await api('/v2/accounts');
    assert.ok(Object.keys(many(full.body)[0]!.attributes).length > 1);
    assert.deepEqual(Object.keys(many(narrow.body)[0]!.attributes), ['name']);
    assert.deepEqual(again.body, full.body);

    const id = crm.accountIds[0]!;
    const strong = (await api(`/v2/accounts/${id}`)).headers.get('etag')!;
    const byName = (await api(`/v2/accounts/${id}?fields[accounts]=name`)).headers.get('etag')!;
    const byEmail = (await api(`/v2/accounts/${id}?fields[accounts]=email`)).headers.get('etag')!;
    assert.ok(!strong.startsWith('W/'));
    assert.ok(byName.startsWith('W/') && byEmail.startsWith('W/'));
    assert.notEqual(byName.slice(2), strong);
    assert.notEqual(byName, byEmail);
    const notModified = await api(`/v2/accounts/${id}?fields[accounts]=name`, {
      headers: { 'if-none-match': byName },
    });
    assert.equal(notModified.status, 304);
    const otherFields = await api(`/v2/accounts/${id}?fields[accounts]=email`, {
      headers: { 'if-none-match': byName },
    });
    assert.equal(otherFields.status, 200);
  });

  it('serves notes at /v2/notes with the same handlers as /notes', async () => {
    const created = await api('/v2/notes', {
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[1]!),
    });
    assert.equal(created.status, 201);
    const id = (created.body.data as Resource).id;
    const viaSeedPath = await api(`/notes/${id}?fields[notes]=body`);
    assert.deepEqual((viaSeedPath.body.data as Resource).attributes, {
      body: 'Called the client about catering.',
    });
    const listed = await api('/v2/notes?fields[notes]=notable&include=notable&fields[bookings]=name');
    assert.equal(listed.status, 200);
    assert.deepEqual(Object.keys(many(listed.body)[0]!.relationships ?? {}), ['notable']);
    assert.deepEqual(Object.keys(listed.body.included![0]!.attributes), ['name']);
    const patched = await api(`/v2/notes/${id}`, {
      method: 'PATCH',
      body: { data: { type: 'notes', id, attributes: { body: 'Changed' } } },
    });
    assert.equal(patched.status, 200);
    assert.equal(((await api(`/notes/${id}`)).body.data as Resource).attributes.body, 'Changed');
    assert.equal((await api(`/v2/notes/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/notes/${id}`)).status, 404);
    const openapi = (await call<{ paths: Record<string, unknown> }>(server, '/openapi.json')).body;
    for (const path of ['/notes', '/notes/{id}', '/v2/notes', '/v2/notes/{id}'])
      assert.ok(openapi.paths[path], path);
  });
});
