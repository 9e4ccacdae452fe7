import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { addMember } from '../../src/identity/identity.service.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import {
  authorizeUrl,
  codeFlowTokens,
  introspect,
  makeVenue,
  postForm,
  REDIRECT_URI,
  runAuthorize,
  type Venue,
} from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    // Codes keep their usual lifetime: the clock follows the wall clock, so a lifetime of seconds
    // could run out between a code's issue and its exchange on a slow machine.
    server = await startTestServer(suite.database);
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  it('signs in, shows consent, and redirects with code, state and iss', async () => {
    const { redirect } = await runAuthorize(server, {
      clientId: venue.publicClient.clientId,
      email: venue.user.email,
      state: 'xyz 123/+=',
    });
    assert.equal(`${redirect.origin}${redirect.pathname}`, REDIRECT_URI);
    assert.match(redirect.searchParams.get('code') ?? '', /^mqg_[A-Za-z0-9_-]{43}$/);
    assert.equal(redirect.searchParams.get('state'), 'xyz 123/+=');
    assert.equal(redirect.searchParams.get('iss'), server.config.baseUrl);
  });

  it('exchanges the code for the seed token response, exactly', async () => {
    const { redirect } = await runAuthorize(server, {
      clientId: venue.publicClient.clientId,
      email: venue.user.email,
    });
    const before = Math.floor(Date.now() / 1000);
    const response = await postForm(
      server,
      '/oauth/token',
      {
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
        client_id: venue.publicClient.clientId,
        client_secret: venue.publicClient.clientSecret,
      },
      { json: true },
    );
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body).sort(), [
      'access_token',
      'created_at',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    assert.equal(response.body.token_type, 'Bearer');
    assert.equal(response.body.expires_in, 7200);
    assert.equal(response.body.scope, 'crm_read crm_manage');
    assert.match(String(response.body.access_token), /^mqa_/);
    assert.match(String(response.body.refresh_token), /^mqr_/);
    const createdAt = Number(response.body.created_at);
    assert.ok(createdAt >= before - 1 && createdAt <= before + 5);
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  it('accepts scopes separated by commas, spaces or +', async () => {
    for (const scope of ['crm_read,crm_manage', 'crm_read crm_manage', 'crm_manage+crm_read', 'crm_read']) {
      const { tokens } = await codeFlowTokens(server, venue, { scope });
      assert.equal(tokens.scope, scope === 'crm_read' ? 'crm_read' : 'crm_read crm_manage');
    }
  });

  it('refuses a second use of a code and revokes every token issued from it', async () => {
    const { code, tokens } = await codeFlowTokens(server, venue);
    assert.equal((await introspect(server, venue, tokens.access_token)).active, true);
    const replay = await postForm(server, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    assert.equal(replay.status, 400);
    assert.equal(replay.body.error, 'invalid_grant');
    assert.equal((await introspect(server, venue, tokens.access_token)).active, false);
    assert.equal((await introspect(server, venue, tokens.refresh_token)).active, false);
  });

  it('accepts a loopback redirect URI on another port (RFC 8252 §7.3), bound to that port after', async () => {
    const onAnotherPort = 'http://127.0.0.1:51234/callback';
    const { redirect } = await runAuthorize(server, {
      clientId: venue.publicClient.clientId,
      redirectUri: onAnotherPort,
      email: venue.user.email,
    });
    assert.equal(redirect.origin, 'http://127.0.0.1:51234');
    const exchange = (redirectUri: string) =>
      postForm(server, '/oauth/token', {
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: venue.publicClient.clientId,
        client_secret: venue.publicClient.clientSecret,
      });
    assert.equal(
      (await exchange(REDIRECT_URI)).body.error,
      'invalid_grant',
      'the exchange names the same URI',
    );
    assert.equal((await exchange(onAnotherPort)).status, 200);
  });

  it('binds the code to its redirect URI, its client and its lifetime', async () => {
    const exchange = async (code: string, extra: Record<string, string> = {}) =>
      postForm(server, '/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: venue.publicClient.clientId,
        client_secret: venue.publicClient.clientSecret,
        ...extra,
      });
    const codeOf = async () =>
      (
        await runAuthorize(server, { clientId: venue.publicClient.clientId, email: venue.user.email })
      ).redirect.searchParams.get('code')!;

    const wrongUri = await exchange(await codeOf(), { redirect_uri: 'http://127.0.0.1:9/other' });
    assert.equal(wrongUri.body.error, 'invalid_grant');

    const other = await makeVenue(suite.db);
    const otherClient = await exchange(await codeOf(), {
      client_id: other.publicClient.clientId,
      client_secret: other.publicClient.clientSecret,
    });
    assert.equal(otherClient.body.error, 'invalid_grant');

    const expiring = await codeOf();
    server.clock.advance((server.config.authCodeTtl + 1) * 1000);
    assert.equal((await exchange(expiring)).body.error, 'invalid_grant');

    assert.equal((await exchange('mqg_not-a-code')).body.error, 'invalid_grant');
    const missing = await postForm(server, '/oauth/token', {
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    assert.equal(missing.body.error, 'invalid_request');
  });

  it('enforces PKCE S256 when the request sent a challenge, and refuses a verifier without one', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const withChallenge = async () =>
      (
        await runAuthorize(server, {
          clientId: venue.publicClient.clientId,
          email: venue.user.email,
          codeVerifier: verifier,
        })
      ).redirect.searchParams.get('code')!;
    const exchange = (code: string, codeVerifier?: string) =>
      postForm(server, '/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: venue.publicClient.clientId,
        client_secret: venue.publicClient.clientSecret,
        ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
      });
    assert.equal((await exchange(await withChallenge())).body.error, 'invalid_grant');
    assert.equal(
      (await exchange(await withChallenge(), randomBytes(32).toString('base64url'))).body.error,
      'invalid_grant',
    );
    assert.equal((await exchange(await withChallenge(), verifier)).status, 200);

    const plain = (
      await runAuthorize(server, { clientId: venue.publicClient.clientId, email: venue.user.email })
    ).redirect;
    assert.equal((await exchange(plain.searchParams.get('code')!, verifier)).body.error, 'invalid_grant');
  });

  it('leaves a code usable after an exchange that fails its checks (a missing verifier, another redirect URI)', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const code = (
      await runAuthorize(server, {
        clientId: venue.publicClient.clientId,
        email: venue.user.email,
        codeVerifier: verifier,
      })
    ).redirect.searchParams.get('code')!;
    const exchange = (extra: Record<string, string>) =>
      postForm(server, '/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: venue.publicClient.clientId,
        client_secret: venue.publicClient.clientSecret,
        ...extra,
      });
    assert.equal((await exchange({})).body.error, 'invalid_grant', 'no verifier');
    assert.equal(
      (await exchange({ code_verifier: verifier, redirect_uri: 'http://127.0.0.1:9/other' })).body.error,
      'invalid_grant',
    );
    const good = await exchange({ code_verifier: verifier });
    assert.equal(good.status, 200, JSON.stringify(good.body));
    assert.equal(
      (await exchange({ code_verifier: verifier })).body.error,
      'invalid_grant',
      'and then it is used',
    );
  });

  it('refuses the plain PKCE method and malformed challenges with a redirect', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const base = new URL(
      authorizeUrl(server, { clientId: venue.publicClient.clientId, email: venue.user.email, state: 's1' }),
    );
    for (const [challenge, method] of [
      ['a'.repeat(43), 'plain'],
      ['short', 'S256'],
      [undefined, 'S256'],
    ] as const) {
      const url = new URL(base);
      if (challenge) url.searchParams.set('code_challenge', challenge);
      url.searchParams.set('code_challenge_method', method);
      const response = await session.request(url.href);
      assert.equal(response.status, 303);
      const location = new URL(response.location!);
      assert.equal(location.searchParams.get('error'), 'invalid_request');
      assert.equal(location.searchParams.get('state'), 's1');
    }
  });

  it('redirects with access_denied and the state when the user denies', async () => {
    const { redirect } = await runAuthorize(server, {
      clientId: venue.publicClient.clientId,
      email: venue.user.email,
      state: 'deny-state',
      decision: 'deny',
    });
    assert.equal(redirect.searchParams.get('error'), 'access_denied');
    assert.equal(redirect.searchParams.get('state'), 'deny-state');
    assert.equal(redirect.searchParams.get('code'), null);
  });

  it('shows an error page and never redirects for an unknown client or an unregistered redirect URI', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const cases = [
      authorizeUrl(server, { clientId: 'mqc_unknown', email: '' }),
      authorizeUrl(server, {
        clientId: venue.publicClient.clientId,
        email: '',
        redirectUri: 'https://evil.example/cb',
      }),
      authorizeUrl(server, {
        clientId: venue.publicClient.clientId,
        email: '',
        redirectUri: `${REDIRECT_URI}/extra`,
      }),
      `${server.url}/oauth/authorize?client_id=${venue.publicClient.clientId}&response_type=code&scope=crm_read`,
    ];
    for (const url of cases) {
      const response = await session.request(url);
      assert.equal(response.status, 400, url);
      assert.equal(response.location, undefined);
      assert.match(response.headers.get('content-type') ?? '', /text\/html/);
      assert.doesNotMatch(response.body, /evil\.example/);
    }
  });

  it('redirects invalid_scope for a missing, unknown or disallowed scope, and unsupported_response_type', async () => {
    const readOnly = await makeVenue(suite.db, { scopes: 'crm_read' });
    const session = new BrowserSession(server.url, server.fetch);
    const check = async (params: Record<string, string | undefined>, clientId: string, error: string) => {
      const url = new URL(`${server.url}/oauth/authorize`);
      const all = {
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        state: 'st',
        ...params,
      };
      for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
      const response = await session.request(url.href);
      assert.equal(response.status, 303, `${JSON.stringify(params)}: ${response.body.slice(0, 200)}`);
      const location = new URL(response.location!);
      assert.equal(location.searchParams.get('error'), error, JSON.stringify(params));
      assert.equal(location.searchParams.get('state'), 'st');
      assert.ok(location.searchParams.get('error_description'));
    };
    await check({ scope: undefined }, venue.publicClient.clientId, 'invalid_scope');
    await check({ scope: 'crm_read,admin' }, venue.publicClient.clientId, 'invalid_scope');
    await check({ scope: 'crm_manage' }, readOnly.publicClient.clientId, 'invalid_scope');
    await check(
      { scope: 'crm_read', response_type: 'token' },
      venue.publicClient.clientId,
      'unsupported_response_type',
    );
  });

  it('lets a member of several organizations choose which to grant', async () => {
    const second = await makeOrganization(suite.db);
    const third = await makeOrganization(suite.db);
    await addMember(suite.db, second.id, venue.user.email);
    await addMember(suite.db, third.id, venue.user.email);
    const session = new BrowserSession(server.url, server.fetch);
    const first = await runAuthorize(server, {
      clientId: venue.publicClient.clientId,
      email: venue.user.email,
      session,
    });
    assert.ok(first.redirect.searchParams.get('code'));

    const consent = await session.request(
      authorizeUrl(server, { clientId: venue.publicClient.clientId, email: '' }),
    );
    assert.equal(consent.status, 200);
    const boxes = [
      ...consent.body.matchAll(/type="checkbox"\s+name="organization_id"\s+value="([^"]+)"\s*checked/g),
    ];
    assert.equal(boxes.length, 3, 'every organization is offered and checked at first');

    const { tokens } = await codeFlowTokens(server, venue, { session, organizationIds: [second.id] });
    const info = await introspect(server, venue, tokens.access_token);
    assert.deepEqual(info.organization_ids, [second.id]);

    const fields = formFields(consent.body, '/oauth/authorize');
    const none = await session.request('/oauth/authorize', { form: { ...fields, decision: 'approve' } });
    assert.equal(none.status, 422);
    assert.match(none.body, /Choose at least one/);
    const foreign = await session.request('/oauth/authorize', {
      form: { ...fields, decision: 'approve', organization_id: [second.id, 'someone-elses-org'] },
    });
    assert.equal(foreign.status, 422);
  });

  it('protects the consent form against CSRF and forbids framing', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const { redirect } = await runAuthorize(server, {
      clientId: venue.publicClient.clientId,
      email: venue.user.email,
      session,
    });
    assert.ok(redirect.searchParams.get('code'));
    const consent = await session.request(
      authorizeUrl(server, { clientId: venue.publicClient.clientId, email: '' }),
    );
    assert.match(consent.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    assert.equal(consent.headers.get('x-frame-options'), 'DENY');
    const fields = formFields(consent.body, '/oauth/authorize');
    const forged = await session.request('/oauth/authorize', {
      form: { ...fields, _csrf: 'forged', decision: 'approve', organization_id: venue.orgId },
    });
    assert.equal(forged.status, 403);
    assert.equal(forged.location, undefined);
    const noToken = { ...fields, decision: 'approve', organization_id: venue.orgId } as Record<
      string,
      string
    >;
    delete noToken._csrf;
    assert.equal((await session.request('/oauth/authorize', { form: noToken })).status, 403);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const page = await session.request('/sign-in');
    const response = await server.fetch(`${server.url}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookieHeader() },
      body: new URLSearchParams({
        ...formFields(page.body, '/sign-in'),
        email: venue.user.email,
        password: 'correct horse battery',
      }),
    });
    assert.equal(response.status, 303);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('marquee_session='));
    assert.ok(cookie);
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/i);
    assert.doesNotMatch(cookie, /Secure/i, 'not Secure over plain http');
  });

  it('refuses wrong passwords and unknown e-mails alike, and throttles repeated failures', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const attempt = async (email: string, password: string) => {
      const page = await session.request('/sign-in');
      return session.request('/sign-in', { form: { ...formFields(page.body, '/sign-in'), email, password } });
    };
    const wrong = await attempt(venue.user.email, 'not the password');
    const unknown = await attempt('nobody-here@test.example', 'not the password');
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    const message = (body: string) => /role="alert"[^>]*>([^<]*)</.exec(body)?.[1];
    assert.equal(message(wrong.body), message(unknown.body));

    const target = (await makeVenue(suite.db)).user.email;
    for (let i = 0; i < 5; i++) assert.equal((await attempt(target, `guess ${i}`)).status, 401);
    const throttled = await attempt(target, 'correct horse battery');
    assert.equal(throttled.status, 429, 'even the right password waits once the account is throttled');
    assert.ok(Number(throttled.headers.get('retry-after')) > 0);
    const unknownThrottled = await Promise.all(
      Array.from({ length: 6 }, (_, i) => attempt('ghost@test.example', `guess ${i}`)),
    );
    assert.equal(unknownThrottled.at(-1)?.status, 429, 'unknown e-mails are throttled the same way');
  });

  it('refuses private integrations at the authorization endpoint', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const response = await session.request(
      authorizeUrl(server, { clientId: venue.privateClient.clientId, email: '' }),
    );
    assert.equal(response.status, 400, 'a private integration has no redirect URI, so an error page');
  });
});
