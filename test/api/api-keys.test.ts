/**
 * API keys (SPEC §15) over a real HTTP server: an admin makes a key on Settings → Developers → API
 * keys (a member cannot), its secret shown once; the key reads the venue with X-API-ORG as its user,
 * within its scopes; both credentials at once, bad, revoked and removed members' keys are 401s;
 * another organization is refused; each key has its own rate-limit budget; its last use is shown
 * and noted at most once a minute; GET /v2/organizations answers keys and tokens; the OpenAPI
 * document and /docs name the scheme; and no key ever reaches the log.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { addMember } from '../../src/identity/identity.service.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, noteBody } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { makeVenue } from '../helpers/oauth.js';
import {
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import type { BrowserSession } from '../helpers/browser-session.js';

const KEY = /<code class="secret" id="api-key">(mqk_[0-9a-z]{26}[A-Za-z0-9_-]{43})<\/code>/;
/** Requests a minute per key (and per integration) on this file's server. */
const LIMIT = 6;

interface Errors {
  errors: Array<{ status: string; code: string; source?: Record<string, string> }>;
}
const firstError = (response: { body: unknown }) => (response.body as Errors).errors[0];

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let session: BrowserSession;
  let csrf: string;
  let page: string;

  before(async () => {
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: String(LIMIT), LOG_LEVEL: 'trace' },
      { listen: true },
    );
    server.clock.setTo(Date.parse('2027-01-10T12:00:00Z'));
    venue = await makeWorkspaceVenue(suite.db, 'Key Street Hall');
    page = `/orgs/${venue.orgId}/settings/developers/api-keys`;
    ({ session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId));
  });
  after(() => server.close());

  async function makeKey(
    name: string,
    scopes: string[] = ['crm_read'],
    as: { session: BrowserSession; csrf: string } = { session, csrf },
  ): Promise<string> {
    const made = await as.session.request(page, { form: { _csrf: as.csrf, name, scopes } });
    assert.equal(made.status, 201, made.body.slice(0, 500));
    const key = KEY.exec(made.body)?.[1];
    assert.ok(key, 'the new key is shown');
    return key;
  }

  const withKey = (key: string, path: string, options: Parameters<typeof call>[2] = {}) =>
    call(server, path, { org: venue.orgId, ...options, headers: { 'x-api-key': key, ...options.headers } });

  it('lets an admin make a key on Settings → Developers → API keys, shown once; members may not', async () => {
    const empty = await session.request(page);
    assert.equal(empty.status, 200);
    assert.match(empty.body, /aria-current="page">Developers: API keys</, 'its own settings tab');
    assert.match(empty.body, /<label for="field-name">Name/);
    assert.match(empty.body, /<legend>May<\/legend>/);

    const made = await session.request(page, {
      form: { _csrf: csrf, name: 'Website form', scopes: ['crm_read', 'crm_manage'] },
    });
    assert.equal(made.status, 201);
    assert.match(made.body, KEY);
    assert.match(made.body, new RegExp(`X-API-ORG: <code id="api-org">${venue.orgId}</code>`));

    const listed = await session.request(page);
    assert.doesNotMatch(listed.body, /mqk_/, 'the secret is shown once only');
    assert.match(listed.body, /<td>Website form<\/td>/);
    assert.match(listed.body, /<td data-label="May">Read and change<\/td>/);
    assert.match(listed.body, new RegExp(`<td data-label="Acts as">${venue.admin.email}</td>`));
    assert.match(listed.body, /<td data-label="Last used">never<\/td>/);

    const bad = await session.request(page, { form: { _csrf: csrf, name: '  ' } });
    assert.equal(bad.status, 422);
    assert.match(fieldError(bad.body, 'name'), /Name the key/);
    assert.match(fieldError(bad.body, 'scopes'), /Choose what the key may do/);
    const unknownScope = await session.request(page, { form: { _csrf: csrf, name: 'X', scopes: 'admin' } });
    assert.equal(unknownScope.status, 422);

    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const bookings = await member.session.request(`/orgs/${venue.orgId}/bookings`);
    assert.doesNotMatch(bookings.body, /api-keys/, 'no tab for members');
    const calendar = await member.session.request(`/orgs/${venue.orgId}/settings/calendar-feeds`);
    assert.doesNotMatch(calendar.body, /api-keys/, 'no tab on the settings a member sees');
    assert.equal((await member.session.request(page)).status, 403);
    const refused = await member.session.request(page, {
      form: { _csrf: member.csrf, name: 'Mine', scopes: 'crm_read' },
    });
    assert.equal(refused.status, 403);
    assert.doesNotMatch(refused.body, /mqk_/);
  });

  it('reads the venue with X-API-ORG as its user, within its scopes', async () => {
    const reader = await makeKey('Signage');
    const bookings = await withKey(reader, '/v2/bookings');
    assert.equal(bookings.status, 200);
    const data = (bookings.body as { data: Array<{ id: string }> }).data;
    assert.deepEqual(
      data.map((b) => b.id),
      [venue.bookingId],
    );

    const write = await withKey(reader, '/notes', {
      method: 'POST',
      body: noteBody('bookings', venue.bookingId),
    });
    assert.equal(write.status, 403);
    assert.equal(firstError(write)?.code, 'insufficient_scope');
    assert.match(write.headers.get('www-authenticate') ?? '', /^ApiKey realm="marquee".*scope="crm_manage"/);

    const manager = await makeKey('Lead form', ['crm_manage']);
    const note = await withKey(manager, '/notes', {
      method: 'POST',
      body: noteBody('bookings', venue.bookingId),
      headers: { 'idempotency-key': 'lead-1' },
    });
    assert.equal(note.status, 201, JSON.stringify(note.body));
    const author = (note.body as { data: { relationships: { author: { data: { id: string } } } } }).data
      .relationships.author.data.id;
    assert.equal(author, venue.admin.id, 'the key acts as the admin who made it');

    const me = await withKey(reader, '/v2/me', { org: null });
    assert.equal(me.status, 200);
    const meta = (me.body as { meta: Record<string, unknown> }).meta;
    assert.equal(meta.grant_type, 'api_key');
    assert.deepEqual(meta.scopes, ['crm_read']);
    assert.deepEqual(meta.organizations, [
      { id: venue.orgId, name: 'Key Street Hall', role: 'admin', task_emails: 'each' },
    ]);

    const missing = await withKey(reader, '/v2/bookings', { org: null });
    assert.equal(missing.status, 400);
    assert.deepEqual(firstError(missing)?.source, { header: 'X-API-ORG' });
    const elsewhere = await makeOrganization(suite.db, 'Another Venue');
    await addMember(suite.db, elsewhere.id, venue.admin.email);
    const other = await withKey(reader, '/v2/bookings', { org: elsewhere.id });
    assert.equal(other.status, 403, 'a key works in its own organization only');
    assert.equal(firstError(other)?.code, 'organization_not_granted');

    const webhooks = await withKey(manager, '/v2/webhook_endpoints');
    assert.equal(webhooks.status, 403, 'webhook endpoints belong to integrations');
  });

  it('answers 401 to both credentials at once, bad keys, revoked keys and a removed member’s keys', async () => {
    const key = await makeKey('Short-lived');
    assert.equal((await withKey(key, '/v2/bookings')).status, 200);
    const token = await clientCredentialsToken(server, await makeVenue(suite.db));
    const both = await withKey(key, '/v2/bookings', { token });
    assert.equal(both.status, 401);
    assert.equal(firstError(both)?.code, 'ambiguous_credentials');
    assert.match(
      both.headers.get('www-authenticate') ?? '',
      /^Bearer realm="marquee", ApiKey realm="marquee"/,
    );

    const wrongSecret = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      'mqk_unknown',
      'not a key',
      '',
      wrongSecret,
      `mqk_${'0'.repeat(26)}${'x'.repeat(43)}`,
    ]) {
      const refused = await withKey(bad, '/v2/bookings');
      assert.equal(refused.status, 401, bad);
      assert.equal(firstError(refused)?.code, 'invalid_api_key');
      assert.equal(
        refused.headers.get('www-authenticate'),
        'ApiKey realm="marquee", header="X-API-KEY", error="invalid_key"',
      );
    }

    const listed = await session.request(page);
    const id =
      /\/settings\/developers\/api-keys\/([0-9a-z]{26})\/revoke"[^]*?Revoke<span class="visually-hidden"> Short-lived/.exec(
        listed.body,
      )?.[1];
    assert.ok(id);
    const revoked = await session.request(`${page}/${id}/revoke`, { form: { _csrf: csrf } });
    assert.equal(revoked.status, 303);
    assert.equal((await withKey(key, '/v2/bookings')).status, 401, 'a revoked key stops at once');
    assert.doesNotMatch((await session.request(page)).body, new RegExp(id));
    assert.equal((await session.request(`${page}/${id}/revoke`, { form: { _csrf: csrf } })).status, 404);

    // A second admin makes a key, then is removed from the team: their keys stop.
    const leaver = await makeUser(suite.db, venue.orgId, { role: 'admin' });
    const theirs = await makeKey(
      'Leaver’s script',
      ['crm_read'],
      await workspaceSession(server, leaver.email, venue.orgId),
    );
    assert.equal((await withKey(theirs, '/v2/bookings')).status, 200);
    const removed = await session.request(`/orgs/${venue.orgId}/settings/team/${leaver.id}/remove`, {
      form: { _csrf: csrf },
    });
    assert.equal(removed.status, 303);
    assert.equal((await withKey(theirs, '/v2/bookings')).status, 401, 'a removed member’s key stops');
    assert.equal((await withKey(theirs, '/v2/organizations', { org: null })).status, 401);
  });

  it('counts the rate limit per key', async () => {
    const first = await makeKey('Busy');
    const second = await makeKey('Quiet');
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await withKey(first, '/v2/bookings')).status);
    assert.deepEqual(statuses, [...Array<number>(LIMIT).fill(200), 429]);
    const quiet = await withKey(second, '/v2/bookings');
    assert.equal(quiet.status, 200, 'another key has its own budget');
    assert.equal(quiet.headers.get('ratelimit-remaining'), String(LIMIT - 1));
  });

  it('shows when a key was last used, noted at most once a minute', async () => {
    const key = await makeKey('Reporting');
    const lastUsed = async () =>
      (
        await suite.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('name', '=', 'Reporting')
          .executeTakeFirstOrThrow()
      ).last_used_at;
    assert.equal(await lastUsed(), null);
    server.clock.setTo(Date.parse('2027-01-10T15:00:00Z'));
    const before = server.clock.now();
    await withKey(key, '/v2/bookings');
    const first = Date.parse((await lastUsed()) ?? '');
    assert.ok(first >= before && first <= server.clock.now(), 'noted on use');
    server.clock.advance(30_000);
    await withKey(key, '/v2/bookings');
    assert.equal(Date.parse((await lastUsed()) ?? ''), first, 'not written again within the minute');
    server.clock.advance(31_000);
    await withKey(key, '/v2/bookings');
    assert.ok(Date.parse((await lastUsed()) ?? '') >= first + 61_000, 'noted again after a minute');
    const listed = await session.request(page);
    const row = /<td>Reporting<\/td>[^]*?<\/tr>/.exec(listed.body)?.[0] ?? '';
    // 15:01:01 UTC on 10 January is 15:01 in London.
    assert.match(row, /<td data-label="Last used">[^<]*15:01<\/td>/);
  });

  it('lists the organizations the credentials may use at GET /v2/organizations, without X-API-ORG', async () => {
    const key = await makeKey('Directory');
    const byKey = await withKey(key, '/v2/organizations', { org: null });
    assert.equal(byKey.status, 200);
    assert.match(byKey.headers.get('content-type') ?? '', /^application\/vnd\.api\+json/);
    assert.deepEqual((byKey.body as { data: unknown }).data, [
      {
        type: 'organizations',
        id: venue.orgId,
        attributes: { name: 'Key Street Hall' },
        meta: { role: 'admin' },
      },
    ]);

    const integration = await makeVenue(suite.db);
    const notGranted = await makeOrganization(suite.db, 'Not Granted');
    await addMember(suite.db, notGranted.id, integration.user.email);
    const token = await clientCredentialsToken(server, integration);
    const byToken = await call<{ data: Array<{ id: string; type: string }>; links: { self: string } }>(
      server,
      '/v2/organizations',
      { token },
    );
    assert.equal(byToken.status, 200);
    assert.deepEqual(
      byToken.body.data.map((o) => [o.type, o.id]),
      [['organizations', integration.orgId]],
      'the organizations granted to the token only',
    );
    assert.equal((await call(server, '/v2/organizations')).status, 401);
  });

  it('documents the API key scheme in the OpenAPI document and on /docs', async () => {
    const document = (await (await server.fetch(`${server.url}/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    assert.deepEqual(
      { ...(document.components.securitySchemes.apiKey as Record<string, unknown>), description: undefined },
      { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: undefined },
    );
    const organizations = document.paths['/v2/organizations']?.get;
    assert.ok(organizations?.responses['200'], 'a schema like every route');
    assert.deepEqual(document.paths['/v2/bookings']?.get?.security?.at(-1), { apiKey: [] });
    const docs = await (await server.fetch(`${server.url}/docs`)).text();
    assert.match(docs, /X-API-KEY/);
    assert.match(docs, /GET \/v2\/organizations/);
  });

  it('never writes a key to the log', () => {
    assert.ok(server.logs.length > 0, 'the request log was kept');
    assert.ok(!server.logs.join('\n').includes('mqk_'), 'no API key in the log');
  });
});
