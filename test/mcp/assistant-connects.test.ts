/**
 * An assistant connects to Marquee's MCP server with the SDK's own client over HTTP (SPEC §16):
 * the 401 names the protected-resource metadata, which names Marquee as the authorization
 * server; the client registers itself (RFC 7591), sends the person through sign-in and consent
 * with PKCE and resource=/mcp, and gets a token for one organization that works at /mcp only.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { connectAssistant } from '../helpers/mcp.js';

eachDatabase((suite) => {
  let server: TestServer;
  let orgId: string;
  let user: { id: string; email: string };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    orgId = (await makeOrganization(suite.db)).id;
    user = await makeUser(suite.db, orgId, { role: 'admin' });
  });
  after(() => server.close());

  it('answers /mcp without a token with a 401 pointing to its metadata (RFC 9728)', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(response.status, 401);
    assert.equal(
      response.headers.get('www-authenticate'),
      `Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    const metadata = (await (
      await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`)
    ).json()) as Record<string, unknown>;
    assert.equal(metadata.resource, `${server.url}/mcp`);
    assert.deepEqual(metadata.authorization_servers, [server.url]);
    assert.deepEqual(metadata.scopes_supported, ['crm_read', 'crm_manage']);
    assert.deepEqual(metadata.bearer_methods_supported, ['header']);
    const as = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    assert.equal(as.registration_endpoint, `${server.url}/oauth/register`);
  });

  it('refuses a resource other than /mcp (RFC 8707 invalid_target)', async () => {
    const registered = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Elsewhere', redirect_uris: ['http://127.0.0.1:9/cb'] }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    const params = new URLSearchParams({
      client_id,
      redirect_uri: 'http://127.0.0.1:9/cb',
      response_type: 'code',
      scope: 'crm_read',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      resource: 'https://other.example/mcp',
    });
    const answer = await fetch(`${server.url}/oauth/authorize?${params}`, { redirect: 'manual' });
    assert.equal(answer.status, 303);
    const location = new URL(answer.headers.get('location')!);
    assert.equal(location.searchParams.get('error'), 'invalid_target');
  });

  it('connects with the SDK client: registration, PKCE, consent as a person; the tools are listed', async () => {
    const { client, auth } = await connectAssistant(server, { email: user.email });
    const tools = await client.listTools();
    assert.deepEqual(tools.tools.map((t) => t.name).sort(), [
      'add_note',
      'check_availability',
      'create_lead',
      'create_task',
      'draft_reply',
      'get_booking',
      'list_messages',
      'list_tasks',
      'payments_due',
      'search_bookings',
      'update_booking_custom_fields',
      'update_booking_status',
    ]);
    assert.ok(auth.client && 'client_id' in auth.client);
    // The token works at /mcp only: the API refuses it.
    const api = await fetch(`${server.url}/v2/bookings`, {
      headers: { authorization: `Bearer ${auth.saved!.access_token}`, 'x-api-org': orgId },
    });
    assert.equal(api.status, 401);
    await client.close();
  });
});
