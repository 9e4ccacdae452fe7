import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, introspect, makeVenue, postForm, type Venue } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database);
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  const revoke = (token: string, extra: Record<string, string> = {}, json = true) =>
    postForm(
      server,
      '/oauth/revoke',
      {
        client_id: venue.publicClient.clientId,
        client_secret: venue.publicClient.clientSecret,
        token,
        ...extra,
      },
      { json },
    );

  it('revoking the access token revokes the whole family', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const response = await revoke(tokens.access_token, { token_type_hint: 'refresh_token' });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {});
    assert.equal((await introspect(server, venue, tokens.access_token)).active, false);
    assert.equal((await introspect(server, venue, tokens.refresh_token)).active, false);
    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    assert.equal(refreshed.body.error, 'invalid_grant');
  });

  it('revoking a client-credentials token revokes that token alone, not its siblings', async () => {
    const issue = async () =>
      String(
        (
          await postForm(server, '/oauth/token', {
            grant_type: 'client_credentials',
            client_id: venue.privateClient.clientId,
            client_secret: venue.privateClient.clientSecret,
          })
        ).body.access_token,
      );
    const [one, other] = [await issue(), await issue()];
    const response = await postForm(server, '/oauth/revoke', {
      client_id: venue.privateClient.clientId,
      client_secret: venue.privateClient.clientSecret,
      token: one,
    });
    assert.equal(response.status, 200);
    const active = async (token: string) =>
      (
        await postForm(server, '/oauth/introspect', {
          client_id: venue.privateClient.clientId,
          client_secret: venue.privateClient.clientSecret,
          token,
        })
      ).body.active;
    assert.equal(await active(one), false);
    assert.equal(await active(other), true, 'another process of the integration keeps its token');
    assert.equal(await active(await issue()), true, 'new tokens still work');
  });

  it('revoking the refresh token (form body) revokes its access token', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    assert.equal(
      (await revoke(tokens.refresh_token, { token_type_hint: 'access_token' }, false)).status,
      200,
    );
    assert.equal((await introspect(server, venue, tokens.access_token)).active, false);
  });

  it('answers 200 with an empty object for unknown and already-revoked tokens', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    assert.deepEqual((await revoke('mqa_unknown-token')).body, {});
    assert.equal((await revoke(tokens.access_token)).status, 200);
    const again = await revoke(tokens.access_token);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, {});
  });

  it("refuses to revoke another client's token, and leaves it working", async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const other = await makeVenue(suite.db);
    const response = await postForm(server, '/oauth/revoke', {
      client_id: other.publicClient.clientId,
      client_secret: other.publicClient.clientSecret,
      token: tokens.access_token,
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'invalid_request');
    assert.equal((await introspect(server, venue, tokens.access_token)).active, true);
  });

  it('answers 401 invalid_client for bad or missing client credentials, and 400 without a token', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const bad = await postForm(server, '/oauth/revoke', {
      client_id: venue.publicClient.clientId,
      client_secret: 'x',
      token: tokens.access_token,
    });
    assert.equal(bad.status, 401);
    assert.equal(bad.body.error, 'invalid_client');
    assert.ok(bad.headers.get('www-authenticate'));
    const missing = await postForm(server, '/oauth/revoke', { token: tokens.access_token });
    assert.equal(missing.status, 401);
    assert.equal((await introspect(server, venue, tokens.access_token)).active, true);
    const noToken = await revoke('');
    assert.equal(noToken.status, 400);
    assert.equal(noToken.body.error, 'invalid_request');
  });

  it('introspects live tokens for their own client only', async () => {
    const { tokens } = await codeFlowTokens(server, venue, { scope: 'crm_read' });
    const info = await introspect(server, venue, tokens.access_token);
    assert.equal(info.active, true);
    assert.equal(info.scope, 'crm_read');
    assert.equal(info.client_id, venue.publicClient.clientId);
    assert.equal(info.username, venue.user.email);
    assert.equal(info.sub, venue.user.id);
    assert.equal(info.token_type, 'Bearer');
    assert.equal(info.iss, server.config.baseUrl);
    assert.equal(Number(info.exp) - Number(info.iat), 7200);
    assert.deepEqual(info.organization_ids, [venue.orgId]);

    const other = await makeVenue(suite.db);
    const foreign = await postForm(server, '/oauth/introspect', {
      client_id: other.publicClient.clientId,
      client_secret: other.publicClient.clientSecret,
      token: tokens.access_token,
    });
    assert.deepEqual(foreign.body, { active: false });
    assert.deepEqual(await introspect(server, venue, 'mqa_unknown'), { active: false });
    const unauthenticated = await postForm(server, '/oauth/introspect', { token: tokens.access_token });
    assert.equal(unauthenticated.status, 401);
  });

  it('describes the bearer token at /oauth/token/info', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const response = await server.fetch(`${server.url}/oauth/token/info`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as Record<string, unknown>;
    assert.deepEqual(body, await introspect(server, venue, tokens.access_token));

    const none = await server.fetch(`${server.url}/oauth/token/info`);
    assert.equal(none.status, 401);
    assert.equal(none.headers.get('www-authenticate'), 'Bearer realm="marquee"');
    await revoke(tokens.access_token);
    const revoked = await server.fetch(`${server.url}/oauth/token/info`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(revoked.status, 401);
    assert.equal(revoked.headers.get('www-authenticate'), 'Bearer realm="marquee", error="invalid_token"');
    assert.equal(((await revoked.json()) as { error: string }).error, 'invalid_token');
    const inQuery = await server.fetch(`${server.url}/oauth/token/info?access_token=${tokens.refresh_token}`);
    assert.equal(inQuery.status, 401, 'tokens in the query string are not accepted');
  });

  it('publishes authorization server metadata (RFC 8414)', async () => {
    const response = await server.fetch(`${server.url}/.well-known/oauth-authorization-server`);
    assert.equal(response.status, 200);
    const metadata = (await response.json()) as Record<string, unknown>;
    assert.equal(metadata.issuer, server.config.baseUrl);
    assert.equal(metadata.authorization_endpoint, `${server.config.authUrl}/oauth/authorize`);
    assert.equal(metadata.token_endpoint, `${server.url}/oauth/token`);
    assert.equal(metadata.revocation_endpoint, `${server.url}/oauth/revoke`);
    assert.equal(metadata.introspection_endpoint, `${server.url}/oauth/introspect`);
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(metadata.grant_types_supported, [
      'authorization_code',
      'refresh_token',
      'client_credentials',
    ]);
    assert.deepEqual(metadata.scopes_supported, ['crm_read', 'crm_manage']);
    assert.deepEqual(metadata.token_endpoint_auth_methods_supported, [
      'client_secret_basic',
      'client_secret_post',
      'none',
    ]);
    assert.deepEqual(metadata.response_types_supported, ['code']);
  });
});
