/**
 * The *Require PKCE* setting (SPEC §4, RFC 9700 §2.1.1): an integration created with
 * `marquee integrations create --require-pkce` gets no code without an S256 code_challenge; the
 * refusal goes back to its registered redirect URI (RFC 6749 §4.1.2.1) with `state`. Integrations
 * without the setting keep the seed's challenge-free authorize link working.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { authorizeUrl, codeFlowTokens, REDIRECT_URI, runAuthorize } from '../helpers/oauth.js';
import { parseJsonOutput, runCli } from '../helpers/processes.js';

const insecure = { [oauth.allowInsecureRequests]: true };

eachDatabase((suite) => {
  let server: TestServer;
  let orgId: string;
  let user: { id: string; email: string };
  let strict: { id: string; clientId: string; clientSecret: string };
  let relaxed: { id: string; clientId: string; clientSecret: string };
  let as: oauth.AuthorizationServer;

  const create = async (...extra: string[]) => {
    const created = parseJsonOutput(
      await runCli(
        [
          'integrations',
          'create',
          '--org',
          orgId,
          '--name',
          `PKCE ${extra.length ? 'required' : 'optional'}`,
          '--kind',
          'public',
          '--redirect-uri',
          REDIRECT_URI,
          ...extra,
          '--json',
        ],
        suite.database.env,
      ),
    );
    return {
      id: String(created.id),
      clientId: String(created.client_id),
      clientSecret: String(created.client_secret),
    };
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    orgId = (await makeOrganization(suite.db)).id;
    user = await makeUser(suite.db, orgId, { role: 'admin' });
    strict = await create('--require-pkce');
    relaxed = await create();
    const issuer = new URL(server.config.baseUrl);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
  });
  after(() => server.close());

  it('records the setting from the command line and lists it', async () => {
    const listed = parseJsonOutput(
      await runCli(['integrations', 'list', '--org', orgId, '--json'], suite.database.env),
    );
    const byId = new Map(
      (listed.integrations as Array<Record<string, unknown>>).map((i) => [i.id, i.require_pkce]),
    );
    assert.equal(byId.get(strict.id), true);
    assert.equal(byId.get(relaxed.id), false);
  });

  it('refuses an authorization request without a code_challenge with a redirect to the client', async () => {
    for (const extra of [{}, { code_challenge_method: 'S256' }]) {
      const url = new URL(authorizeUrl(server, { clientId: strict.clientId, state: 'keep-me', email: '' }));
      for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
      const response = await fetch(url, { redirect: 'manual' });
      assert.equal(response.status, 303);
      const location = new URL(response.headers.get('location') ?? '');
      assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
      assert.equal(location.searchParams.get('error'), 'invalid_request');
      assert.match(location.searchParams.get('error_description') ?? '', /PKCE is required/);
      assert.equal(location.searchParams.get('state'), 'keep-me');
      assert.equal(location.searchParams.get('code'), null);
    }
  });

  it('refuses the plain method too', async () => {
    const url = new URL(authorizeUrl(server, { clientId: strict.clientId, state: 's', email: '' }));
    url.searchParams.set('code_challenge', 'a'.repeat(43));
    url.searchParams.set('code_challenge_method', 'plain');
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    assert.equal(location.searchParams.get('error'), 'invalid_request');
    assert.equal(location.searchParams.get('state'), 's');
  });

  it('issues codes for S256 requests, and keeps PKCE optional elsewhere', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const { tokens } = await codeFlowTokens(
      server,
      {
        orgId,
        user,
        publicClient: strict,
        privateClient: strict,
      },
      { codeVerifier: verifier },
    );
    assert.ok(tokens.access_token);
    const plain = await codeFlowTokens(server, {
      orgId,
      user,
      publicClient: relaxed,
      privateClient: relaxed,
    });
    assert.ok(plain.tokens.access_token, 'no challenge needed where the setting is off');
  });

  it('is understood by an OAuth client library', async () => {
    const client: oauth.Client = { client_id: strict.clientId };
    const auth = oauth.ClientSecretPost(strict.clientSecret);
    const state = oauth.generateRandomState();
    const base = {
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'crm_read',
      state,
    };

    const withoutPkce = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries(base)) withoutPkce.searchParams.set(k, v);
    const refused = await fetch(withoutPkce, { redirect: 'manual' });
    const refusedAt = new URL(refused.headers.get('location') ?? '');
    assert.throws(
      () => oauth.validateAuthResponse(as, client, refusedAt, state),
      (error: unknown) =>
        error instanceof oauth.AuthorizationResponseError &&
        error.error === 'invalid_request' &&
        /PKCE is required/.test(error.error_description ?? ''),
    );

    const verifier = oauth.generateRandomCodeVerifier();
    const withPkce = new URL(withoutPkce);
    withPkce.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    withPkce.searchParams.set('code_challenge_method', 'S256');
    const { redirect } = await runAuthorize(server, {
      url: withPkce.href,
      clientId: client.client_id,
      email: user.email,
    });
    const params = oauth.validateAuthResponse(as, client, redirect, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT_URI, verifier, insecure),
    );
    assert.equal(tokens.scope, 'crm_read');
  });
});
