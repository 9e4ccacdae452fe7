/**
 * Self-registration (RFC 7591) at POST /oauth/register, on both databases: public clients with
 * PKCE only, every bad field named in one RFC 7591 error; a flood from one address is throttled
 * and stores a bounded number of rows; registrations never used are pruned after a day; the
 * consent page marks such a client as self-registered and not verified and asks for exactly one
 * organization; an admin turns self-registration off under Settings → Developers → Assistants,
 * after which consent and the assistant's token are refused in that organization.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { pruneExpired } from '../../src/background/prune.js';
import { insertMembership } from '../../src/identity/membership.repository.js';
import { s256 } from '../../src/oauth/steps/pkce.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { connectAssistant, connectClient } from '../helpers/mcp.js';
import { signIn } from '../helpers/oauth.js';

const VERIFIER = 'v'.repeat(50);

eachDatabase((suite) => {
  let server: TestServer;
  let orgId: string;
  let secondOrgId: string;
  let admin: { id: string; email: string };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    orgId = (await makeOrganization(suite.db, 'Harbour Hall')).id;
    secondOrgId = (await makeOrganization(suite.db, 'Second Venue')).id;
    admin = await makeUser(suite.db, orgId, { role: 'admin' });
    await suite.db.transaction().execute((trx) => insertMembership(trx, secondOrgId, admin.id, 'admin'));
  });
  after(() => server.close());

  const register = (body: unknown, address?: string) =>
    fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
      body: JSON.stringify(body),
    });
  const registered = () =>
    suite.db.selectFrom('integrations').select('id').where('registered_at', 'is not', null).execute();

  it('refuses anything but a public client with safe redirect URIs, naming every problem at once', async () => {
    const response = await register({
      client_name: 'x'.repeat(101),
      redirect_uris: ['http://assistant.example/callback', 'https://ok.example/cb#fragment'],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['client_credentials'],
    });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { error: string; error_description: string };
    assert.equal(body.error, 'invalid_client_metadata');
    for (const words of [
      /client_name may be at most 100/,
      /"none"/,
      /grant_types/,
      /must use https/,
      /fragment/,
    ])
      assert.match(body.error_description, words);
    const uris = await register({ redirect_uris: ['ftp://x.example/cb'] });
    assert.equal(uris.status, 400);
    assert.equal(((await uris.json()) as { error: string }).error, 'invalid_redirect_uri');
    assert.equal((await register({ redirect_uris: [] })).status, 400);
    assert.deepEqual(await registered(), []);
  });

  it('marks a self-registered client on consent and asks for one organization', async () => {
    const response = await register({
      client_name: 'Claude',
      redirect_uris: ['http://127.0.0.1:9/cb'],
      token_endpoint_auth_method: 'none',
    });
    assert.equal(response.status, 201);
    const client = (await response.json()) as Record<string, unknown>;
    assert.equal(client.token_endpoint_auth_method, 'none');
    assert.match(String(client.client_id), /^mqc_/);
    const session = new BrowserSession(server.url, server.fetch);
    await signIn(server, session, admin.email);
    const params = new URLSearchParams({
      client_id: String(client.client_id),
      redirect_uri: 'http://127.0.0.1:9/cb',
      response_type: 'code',
      scope: 'crm_read crm_manage',
      resource: `${server.url}/mcp`,
    });
    const withoutPkce = await session.request(`/oauth/authorize?${params}`);
    assert.equal(withoutPkce.status, 303);
    assert.match(withoutPkce.location!, /error=invalid_request/);
    params.set('code_challenge', s256(VERIFIER));
    params.set('code_challenge_method', 'S256');
    const page = await session.request(`/oauth/authorize?${params}`);
    assert.equal(page.status, 200, page.body.slice(0, 300));
    assert.match(page.body, /Self-registered, not verified/);
    assert.equal([...page.body.matchAll(/type="radio"\s+name="organization_id"/g)].length, 2);
    const fields = formFields(page.body, '/oauth/authorize');
    const both = await session.request('/oauth/authorize', {
      form: { ...fields, decision: 'approve', organization_id: [orgId, secondOrgId] },
    });
    assert.equal(both.status, 422);
    assert.match(both.body, /Choose one of your organizations/);
  });

  it('throttles a registration flood from one address and keeps what it stores bounded', async () => {
    const before = (await registered()).length;
    const statuses: number[] = [];
    for (let batch = 0; batch < 20; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          register({ client_name: `Flood ${batch}-${i}`, redirect_uris: ['https://flood.example/cb'] }),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
      await Promise.all(answers.map((a) => a.arrayBuffer()));
    }
    const made = statuses.filter((s) => s === 201).length;
    assert.ok(made <= 10, `${made} registrations from one address in an hour`);
    assert.equal(statuses.filter((s) => s === 429).length, 1000 - made);
    assert.ok((await registered()).length - before <= 10);
    // An hour later the address may register again.
    server.clock.advance(3601 * 1000);
  });

  it('prunes registrations never used after a day, keeping those with a grant', async () => {
    const { client } = await connectAssistant(server, { email: admin.email, organizationId: orgId });
    await client.close();
    const used = await suite.db
      .selectFrom('integrations')
      .select('id')
      .where('registered_at', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('oauth_grants').select('id').whereRef('integration_id', '=', 'integrations.id'),
        ),
      )
      .execute();
    assert.equal(used.length, 1);
    const result = await pruneExpired(suite.db, server.clock.now() + 25 * 3600 * 1000);
    assert.ok(result.registrations >= 1);
    assert.deepEqual(await registered(), used);
  });

  it('lists an assistant under Connected apps, where revoking it stops its token at once', async () => {
    const { client, auth } = await connectAssistant(server, { email: admin.email, organizationId: orgId });
    await client.close();
    const session = new BrowserSession(server.url, server.fetch);
    await signIn(server, session, admin.email);
    const apps = await session.request('/settings/connected-apps');
    assert.match(apps.body, /Test assistant/);
    assert.match(apps.body, /Assistant, self-registered \(not verified\)/);
    const clientId = (auth.client as { client_id: string }).client_id;
    const { id } = await suite.db
      .selectFrom('integrations')
      .select('id')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    const confirm = await session.request(`/settings/connected-apps/${id}/revoke`);
    const path = `/settings/connected-apps/${id}/revoke`;
    const revoked = await session.request(path, { form: formFields(confirm.body, path) });
    assert.equal(revoked.status, 303);
    const call = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${auth.saved!.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(call.status, 401);
    // Its refresh token went with it: the SDK cannot get a new one.
    await assert.rejects(connectClient(server, auth), /refresh token is invalid/);
  });

  it('an admin turns self-registration off: consent and the assistant’s token are refused there', async () => {
    const { client, auth } = await connectAssistant(server, { email: admin.email, organizationId: orgId });
    await client.listTools();
    await client.close();
    const session = new BrowserSession(server.url, server.fetch);
    await signIn(server, session, admin.email);
    const path = `/orgs/${orgId}/settings/developers/assistants`;
    const page = await session.request(path);
    assert.equal(page.status, 200);
    assert.match(page.body, new RegExp(`${server.url}/mcp`));
    assert.match(page.body, /Self-registration is\s+<strong>on<\/strong>/);
    const turned = await session.request(path, {
      form: { ...formFields(page.body, path), self_registration: 'off' },
    });
    assert.equal(turned.status, 303);
    assert.match((await session.request(turned.location!)).body, /<strong>off<\/strong>/);
    await assert.rejects(connectClient(server, auth), /Unauthorized|401/);
    // The other organization still accepts them: the consent page offers only that one.
    const params = new URL(`${server.url}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      client_id: String((auth.client as { client_id: string }).client_id),
      redirect_uri: auth.redirectUrl,
      response_type: 'code',
      scope: 'crm_read',
      code_challenge: s256(VERIFIER),
      code_challenge_method: 'S256',
    }))
      params.searchParams.set(k, v);
    const consent = await session.request(params.pathname + params.search);
    assert.equal(consent.status, 200);
    assert.match(consent.body, /Second Venue/);
    assert.doesNotMatch(consent.body, /Harbour Hall<\/span>|value="${orgId}"/);
  });
});
