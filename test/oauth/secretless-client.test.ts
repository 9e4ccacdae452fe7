/**
 * An integration without a client secret (an app that cannot keep one, RFC 8252 §8.4), made with
 * `marquee integrations create --kind public --no-secret`: through oauth4webapi as a public client
 * (token endpoint auth method `none`, PKCE S256) it runs the whole authorization code flow and
 * refreshes with its client_id alone, the refresh token rotating (the old one then fails); an
 * authorization without PKCE is refused, even with *Require PKCE* turned off; the client
 * credentials grant is refused; a client secret sent for it is refused (and an integration that
 * has a secret is refused without it); the metadata lists `none`; `integrations rotate-secret`
 * refuses it with one line and exit code 2.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { findIntegration } from '../../src/integrations/integration.repository.js';
import { systemClock } from '../../src/clock.js';
import { operatorActor } from '../../src/policy/actor.js';
import { updateIntegrationCommand } from '../../src/integrations/integration.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration, makeOrganization, makeUser } from '../helpers/factories.js';
import { authorizeUrl, postForm, REDIRECT_URI, runAuthorize } from '../helpers/oauth.js';
import { parseJsonOutput, runCli } from '../helpers/processes.js';

const insecure = { [oauth.allowInsecureRequests]: true };
const GRACE_SECONDS = 2;

eachDatabase((suite) => {
  let server: TestServer;
  let orgId: string;
  let user: { id: string; email: string };
  let app: { id: string; clientId: string };
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;

  before(async () => {
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0', REFRESH_REUSE_GRACE: String(GRACE_SECONDS) },
      { listen: true },
    );
    orgId = (await makeOrganization(suite.db)).id;
    user = await makeUser(suite.db, orgId, { role: 'admin' });
    const created = await runCli(
      [
        'integrations',
        'create',
        '--org',
        orgId,
        '--name',
        'Phone app',
        '--kind',
        'public',
        '--redirect-uri',
        REDIRECT_URI,
        '--no-secret',
        '--json',
      ],
      suite.database.env,
    );
    assert.equal(created.code, 0, created.stderr);
    const output = parseJsonOutput(created);
    assert.equal(output.client_secret, null, 'no secret is made');
    assert.equal(output.kind, 'public');
    app = { id: String(output.id), clientId: String(output.client_id) };
    client = { client_id: app.clientId, token_endpoint_auth_method: 'none' };
    const issuer = new URL(server.config.baseUrl);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
  });
  after(() => server.close());

  /** Authorization code with PKCE through the real pages; the code and its verifier. */
  async function authorize(scope = 'crm_read crm_manage') {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      client_id: app.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })) {
      url.searchParams.set(k, v);
    }
    const { redirect } = await runAuthorize(server, {
      url: url.href,
      clientId: app.clientId,
      email: user.email,
    });
    return { params: oauth.validateAuthResponse(as, client, redirect, state), codeVerifier };
  }

  async function tokens() {
    const { params, codeVerifier } = await authorize();
    return oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        REDIRECT_URI,
        codeVerifier,
        insecure,
      ),
    );
  }

  const refreshWithIdAlone = (refreshToken: string) =>
    postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: app.clientId,
    });

  const me = (accessToken: string) =>
    fetch(`${server.url}/v2/me`, { headers: { authorization: `Bearer ${accessToken}` } });

  it('is stored without a secret, requiring PKCE, and listed as such', async () => {
    const row = await suite.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.client_secret_hash, '');
    assert.equal(row.token_endpoint_auth_method, 'none');
    const listed = parseJsonOutput(
      await runCli(['integrations', 'list', '--org', orgId, '--json'], suite.database.env),
    );
    const entry = (listed.integrations as Array<Record<string, unknown>>).find((i) => i.id === app.id);
    assert.equal(entry?.require_pkce, true);

    const human = await runCli(
      [
        'integrations',
        'create',
        '--org',
        orgId,
        '--name',
        'Browser app',
        '--kind',
        'public',
        '--redirect-uri',
        REDIRECT_URI,
        '--no-secret',
      ],
      suite.database.env,
    );
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, /client_secret:\s+\(none\)/);
    assert.match(
      human.stdout,
      /No client secret: the app sends its client_id alone, and every authorization needs PKCE \(S256\)\./,
    );

    const privateApp = await runCli(
      [
        'integrations',
        'create',
        '--org',
        orgId,
        '--name',
        'Robot',
        '--kind',
        'private',
        '--owner',
        user.email,
        '--no-secret',
      ],
      suite.database.env,
    );
    assert.equal(privateApp.code, 2);
    assert.match(privateApp.stderr, /^marquee: Only a public integration can be without a secret/);
  });

  it('runs the authorization code flow as a public client (none, PKCE S256) and refreshes with client_id alone', async () => {
    const first = await tokens();
    assert.equal(first.token_type, 'bearer');
    assert.equal(first.scope, 'crm_read crm_manage');
    assert.ok(first.refresh_token);
    assert.equal((await me(first.access_token)).status, 200);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token, insecure),
    );
    assert.ok(refreshed.refresh_token);
    assert.notEqual(refreshed.refresh_token, first.refresh_token, 'the refresh token rotates');
    assert.notEqual(refreshed.access_token, first.access_token);
    assert.equal((await me(refreshed.access_token)).status, 200);

    // The new refresh token rotates in turn; the old one is spent.
    const again = await refreshWithIdAlone(refreshed.refresh_token!);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const spent = await refreshWithIdAlone(first.refresh_token);
    assert.equal(spent.status, 400);
    assert.equal(spent.body.error, 'invalid_grant');
    // And after the grace window for retries, presenting a rotated token ends the family.
    server.clock.advance((GRACE_SECONDS + 1) * 1000);
    const replayed = await refreshWithIdAlone(refreshed.refresh_token!);
    assert.equal(replayed.status, 400);
    assert.equal(replayed.body.error, 'invalid_grant');
    assert.equal((await refreshWithIdAlone(String(again.body.refresh_token))).status, 400);
    assert.equal((await me(String(again.body.access_token))).status, 401);
  });

  it('lets the app revoke its own token with client_id alone', async () => {
    const pair = await tokens();
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), pair.refresh_token!, insecure),
    );
    const refused = await refreshWithIdAlone(pair.refresh_token!);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error, 'invalid_grant');
  });

  it('refuses an authorization request without PKCE, even with Require PKCE turned off', async () => {
    const integration = (await findIntegration(suite.db, app.id))!;
    await write(
      { db: suite.db, clock: systemClock },
      operatorActor(integration.organizationId!),
      updateIntegrationCommand,
      {
        id: integration.id,
        input: { redirectUris: [REDIRECT_URI], scopes: 'crm_read crm_manage', requirePkce: false },
      },
    );
    assert.equal((await findIntegration(suite.db, app.id))?.requirePkce, true, 'still required');
    const cases = [
      { extra: {}, says: /PKCE is required/ },
      { extra: { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, says: /must be S256/ },
    ];
    for (const { extra, says } of cases) {
      const url = new URL(authorizeUrl(server, { clientId: app.clientId, state: 'keep-me', email: '' }));
      for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
      const response = await fetch(url, { redirect: 'manual' });
      assert.equal(response.status, 303);
      const location = new URL(response.headers.get('location') ?? '');
      assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
      assert.equal(location.searchParams.get('error'), 'invalid_request');
      assert.match(location.searchParams.get('error_description') ?? '', says);
      assert.equal(location.searchParams.get('state'), 'keep-me');
      assert.equal(location.searchParams.get('code'), null);
    }
  });

  it('refuses a code exchanged without its code_verifier', async () => {
    const { params } = await authorize('crm_read');
    const response = await postForm(server, '/oauth/token', {
      grant_type: 'authorization_code',
      code: params.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: app.clientId,
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'invalid_grant');
    assert.match(String(response.body.error_description), /code_verifier is required/);
    assert.equal(response.body.access_token, undefined);
  });

  it('refuses the client credentials grant', async () => {
    const response = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.clientId,
    });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.error, 'unauthorized_client');
    assert.equal(response.body.access_token, undefined);
    await assert.rejects(
      async () =>
        oauth.processClientCredentialsResponse(
          as,
          client,
          await oauth.clientCredentialsGrantRequest(
            as,
            client,
            oauth.None(),
            { scope: 'crm_read' },
            insecure,
          ),
        ),
      (error: unknown) => error instanceof oauth.ResponseBodyError && error.error === 'unauthorized_client',
    );
  });

  it('refuses a client secret sent for it, and an integration with a secret that sends none', async () => {
    const pair = await tokens();
    for (const secret of ['mqs_guessed-secret-value', '']) {
      const posted = await postForm(server, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: pair.refresh_token!,
        client_id: app.clientId,
        client_secret: secret,
      });
      assert.equal(posted.status, 401, JSON.stringify(posted.body));
      assert.equal(posted.body.error, 'invalid_client');
      const basic = await postForm(
        server,
        '/oauth/token',
        { grant_type: 'refresh_token', refresh_token: pair.refresh_token! },
        { basic: [app.clientId, secret] },
      );
      assert.equal(basic.status, 401, JSON.stringify(basic.body));
      assert.equal(basic.body.error, 'invalid_client');
    }
    await assert.rejects(
      async () =>
        oauth.processRefreshTokenResponse(
          as,
          client,
          await oauth.refreshTokenGrantRequest(
            as,
            client,
            oauth.ClientSecretPost('mqs_guessed-secret-value'),
            pair.refresh_token!,
            insecure,
          ),
        ),
      (error: unknown) =>
        // A 401 with a WWW-Authenticate challenge, or the body's invalid_client.
        (error instanceof oauth.WWWAuthenticateChallengeError && error.status === 401) ||
        (error instanceof oauth.ResponseBodyError && error.error === 'invalid_client'),
    );
    // The refusals spent nothing: the refresh token still works with client_id alone.
    assert.equal((await refreshWithIdAlone(pair.refresh_token!)).status, 200);

    // The converse: an integration that has a secret never authenticates with its client_id alone.
    const owner = await makeUser(suite.db, orgId, { role: 'admin' });
    const robot = await makeIntegration(suite.db, {
      organizationId: orgId,
      kind: 'private',
      ownerEmail: owner.email,
      redirectUris: [],
    });
    const withoutSecret = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: robot.integration.clientId,
    });
    assert.equal(withoutSecret.status, 401);
    assert.equal(withoutSecret.body.error, 'invalid_client');
  });

  it('lists none among the token endpoint’s authentication methods', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    assert.equal(response.status, 200);
    const metadata = (await response.json()) as Record<string, string[]>;
    assert.ok(metadata.token_endpoint_auth_methods_supported?.includes('none'));
    assert.ok(metadata.token_endpoint_auth_methods_supported?.includes('client_secret_basic'));
    assert.ok(metadata.revocation_endpoint_auth_methods_supported?.includes('none'));
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(
      as.token_endpoint_auth_methods_supported,
      metadata.token_endpoint_auth_methods_supported,
    );
  });

  it('has no secret to rotate: integrations rotate-secret refuses it with one line, exit 2', async () => {
    const before = await suite.db
      .selectFrom('integrations')
      .select(['client_secret_hash', 'token_endpoint_auth_method'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    for (const json of [false, true]) {
      const result = await runCli(
        ['integrations', 'rotate-secret', '--id', app.id, ...(json ? ['--json'] : [])],
        suite.database.env,
      );
      assert.equal(result.code, 2, result.stderr);
      assert.equal(result.stdout, '', 'no secret printed');
      const lines = result.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, result.stderr);
      assert.match(
        lines[0]!,
        /^marquee: Phone app was made without a client secret: there is none to rotate\.$/,
      );
    }
    const after = await suite.db
      .selectFrom('integrations')
      .select(['client_secret_hash', 'token_endpoint_auth_method'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(after, before, 'still without a secret');
  });
});
