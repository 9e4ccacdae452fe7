/**
 * The flows as integrators meet them: through oauth4webapi, a widely used, standards-strict
 * OAuth client. Discovery, authorization code with PKCE (and RFC 9207 `iss` checking),
 * refresh, introspection, revocation and client credentials, with both client
 * authentication methods.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, REDIRECT_URI, runAuthorize, type Venue } from '../helpers/oauth.js';

const insecure = { [oauth.allowInsecureRequests]: true };

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let as: oauth.AuthorizationServer;
  before(async () => {
    server = await startTestServer(suite.database, {}, { listen: true });
    venue = await makeVenue(suite.db);
    const issuer = new URL(server.config.baseUrl);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
  });
  after(() => server.close());

  for (const method of ['client_secret_post', 'client_secret_basic'] as const) {
    it(`runs authorization code with PKCE, refresh, introspection and revocation (${method})`, async () => {
      const client: oauth.Client = { client_id: venue.publicClient.clientId };
      const auth =
        method === 'client_secret_post'
          ? oauth.ClientSecretPost(venue.publicClient.clientSecret)
          : oauth.ClientSecretBasic(venue.publicClient.clientSecret);

      const codeVerifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint!);
      url.searchParams.set('client_id', client.client_id);
      url.searchParams.set('redirect_uri', REDIRECT_URI);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'crm_read crm_manage');
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');

      const { redirect } = await runAuthorize(server, {
        url: url.href,
        clientId: client.client_id,
        email: venue.user.email,
      });
      const params = oauth.validateAuthResponse(as, client, redirect, state);
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth,
          params,
          REDIRECT_URI,
          codeVerifier,
          insecure,
        ),
      );
      assert.equal(tokens.token_type, 'bearer');
      assert.equal(tokens.scope, 'crm_read crm_manage');
      assert.equal(tokens.expires_in, 7200);
      assert.ok(tokens.refresh_token);

      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token, insecure),
      );
      assert.ok(refreshed.refresh_token);
      assert.notEqual(refreshed.refresh_token, tokens.refresh_token);
      // A retry after a lost response, within the grace window, gets the same pair.
      const retried = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token, insecure),
      );
      assert.equal(retried.access_token, refreshed.access_token);
      assert.equal(retried.refresh_token, refreshed.refresh_token);

      const info = await oauth.processIntrospectionResponse(
        as,
        client,
        await oauth.introspectionRequest(as, client, auth, refreshed.access_token, insecure),
      );
      assert.equal(info.active, true);
      assert.equal(info.client_id, client.client_id);

      await oauth.processRevocationResponse(
        await oauth.revocationRequest(as, client, auth, refreshed.refresh_token!, insecure),
      );
      const after = await oauth.processIntrospectionResponse(
        as,
        client,
        await oauth.introspectionRequest(as, client, auth, refreshed.access_token, insecure),
      );
      assert.equal(after.active, false);
    });
  }

  it('reports a denied authorization as an error the library understands', async () => {
    const client: oauth.Client = { client_id: venue.publicClient.clientId };
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'crm_read',
      state,
    })) {
      url.searchParams.set(k, v);
    }
    const { redirect } = await runAuthorize(server, {
      url: url.href,
      clientId: client.client_id,
      email: venue.user.email,
      decision: 'deny',
    });
    assert.throws(
      () => oauth.validateAuthResponse(as, client, redirect, state),
      (error: unknown) =>
        error instanceof oauth.AuthorizationResponseError && error.error === 'access_denied',
    );
  });

  it('issues client-credentials tokens to a private integration', async () => {
    const client: oauth.Client = { client_id: venue.privateClient.clientId };
    for (const auth of [
      oauth.ClientSecretPost(venue.privateClient.clientSecret),
      oauth.ClientSecretBasic(venue.privateClient.clientSecret),
    ]) {
      const tokens = await oauth.processClientCredentialsResponse(
        as,
        client,
        await oauth.clientCredentialsGrantRequest(as, client, auth, { scope: 'crm_read' }, insecure),
      );
      assert.equal(tokens.scope, 'crm_read');
      assert.equal(tokens.refresh_token, undefined);
    }
    await assert.rejects(
      oauth
        .clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost('mqs_wrong'), {}, insecure)
        .then((response) => oauth.processClientCredentialsResponse(as, client, response)),
      (error: unknown) =>
        error instanceof oauth.WWWAuthenticateChallengeError &&
        error.status === 401 &&
        error.cause[0]?.scheme === 'basic',
    );
  });
});
