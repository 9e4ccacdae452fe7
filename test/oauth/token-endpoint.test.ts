import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { hashCredential } from '../../src/security/credentials.js';
import { makeVenue, postForm, type Venue } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database);
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  const cc = (extra: Record<string, string> = {}) => ({
    grant_type: 'client_credentials',
    client_id: venue.privateClient.clientId,
    client_secret: venue.privateClient.clientSecret,
    ...extra,
  });

  it('issues client-credentials tokens without a refresh token, JSON or form, body or Basic', async () => {
    const json = await postForm(server, '/oauth/token', cc({ scope: 'crm_read' }), { json: true });
    assert.equal(json.status, 200);
    assert.deepEqual(Object.keys(json.body).sort(), [
      'access_token',
      'created_at',
      'expires_in',
      'scope',
      'token_type',
    ]);
    assert.equal(json.body.scope, 'crm_read');
    assert.equal(json.body.token_type, 'Bearer');
    assert.equal(json.headers.get('cache-control'), 'no-store');
    assert.equal(json.headers.get('pragma'), 'no-cache');

    const form = await postForm(server, '/oauth/token', cc());
    assert.equal(form.status, 200);
    assert.equal(form.body.scope, 'crm_read crm_manage', 'no scope: the integration’s allowed scopes');

    const basic = await postForm(
      server,
      '/oauth/token',
      { grant_type: 'client_credentials' },
      {
        basic: [venue.privateClient.clientId, venue.privateClient.clientSecret],
      },
    );
    assert.equal(basic.status, 200);
  });

  it('issues many client-credentials tokens at once, each distinct, committed and usable', async () => {
    const responses = await Promise.all(
      Array.from({ length: 24 }, () => postForm(server, '/oauth/token', cc())),
    );
    assert.deepEqual(
      responses.map((r) => r.status),
      responses.map(() => 200),
    );
    const tokens = responses.map((r) => String(r.body.access_token));
    assert.equal(new Set(tokens).size, tokens.length);
    const introspected = await Promise.all(
      tokens.map((token) =>
        postForm(server, '/oauth/introspect', {
          token,
          client_id: venue.privateClient.clientId,
          client_secret: venue.privateClient.clientSecret,
        }),
      ),
    );
    assert.ok(introspected.every((r) => r.body.active === true));
    // The integration's tokens share one grant, kept longer than any of them: a token is one row.
    const grants = await suite.db
      .selectFrom('oauth_grants')
      .select(['id', 'expires_at'])
      .where('integration_id', '=', venue.privateClient.id)
      .where('scopes', '=', 'crm_read crm_manage')
      .execute();
    assert.equal(grants.length, 1);
    const issued = await suite.db
      .selectFrom('oauth_tokens')
      .select(['grant_id', 'expires_at'])
      .where('grant_id', '=', grants[0]!.id)
      .execute();
    assert.ok(issued.length >= tokens.length);
    assert.ok(
      issued.every((t) => t.expires_at <= grants[0]!.expires_at),
      'the grant outlives its tokens',
    );
    const more = await Promise.all(Array.from({ length: 5 }, () => postForm(server, '/oauth/token', cc())));
    assert.ok(more.every((r) => r.status === 200));
    const count = (table: 'oauth_grants' | 'oauth_tokens') => countRows(suite.db, table);
    const [grantsBefore, tokensBefore] = [await count('oauth_grants'), await count('oauth_tokens')];
    for (let i = 0; i < 3; i++) assert.equal((await postForm(server, '/oauth/token', cc())).status, 200);
    assert.equal(await count('oauth_grants'), grantsBefore, 'no grant row per token');
    assert.equal(await count('oauth_tokens'), tokensBefore + 3);
  });

  it('gives other scopes a grant of their own, and starts a new grant once the shared one is revoked', async () => {
    const first = await postForm(server, '/oauth/token', cc());
    const readOnly = await postForm(server, '/oauth/token', cc({ scope: 'crm_read' }));
    assert.equal(readOnly.status, 200);
    const grantOf = async (token: string) =>
      (
        await suite.db
          .selectFrom('oauth_tokens')
          .select('grant_id')
          .where('secret_hash', '=', hashCredential(token))
          .executeTakeFirstOrThrow()
      ).grant_id;
    const shared = await grantOf(String(first.body.access_token));
    assert.notEqual(await grantOf(String(readOnly.body.access_token)), shared, 'other scopes, other grant');
    await suite.db
      .updateTable('oauth_grants')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', shared)
      .execute();
    const after = await postForm(server, '/oauth/token', cc());
    assert.equal(after.status, 200);
    assert.notEqual(await grantOf(String(after.body.access_token)), shared);
    const info = await server.fetch(`${server.url}/oauth/token/info`, {
      headers: { authorization: `Bearer ${String(after.body.access_token)}` },
    });
    assert.equal(info.status, 200, 'a token issued after the revocation works');
  });

  it('refuses unknown and wider scopes with invalid_scope', async () => {
    const readOnly = await makeVenue(suite.db, { scopes: 'crm_read' });
    assert.equal(
      (await postForm(server, '/oauth/token', cc({ scope: 'crm_read admin' }))).body.error,
      'invalid_scope',
    );
    const wider = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: readOnly.privateClient.clientId,
      client_secret: readOnly.privateClient.clientSecret,
      scope: 'crm_manage',
    });
    assert.equal(wider.status, 200, 'private integrations of a read-only venue default to both scopes');
  });

  it('answers 401 invalid_client with WWW-Authenticate for missing or wrong credentials', async () => {
    const cases = [
      await postForm(server, '/oauth/token', { grant_type: 'client_credentials' }),
      await postForm(server, '/oauth/token', cc({ client_secret: 'mqs_wrong' })),
      await postForm(server, '/oauth/token', cc({ client_id: 'mqc_nobody' })),
      await postForm(
        server,
        '/oauth/token',
        { grant_type: 'client_credentials' },
        { basic: [venue.privateClient.clientId, 'wrong'] },
      ),
    ];
    for (const response of cases) {
      assert.equal(response.status, 401);
      assert.equal(response.body.error, 'invalid_client');
      assert.equal(typeof response.body.error_description, 'string');
      assert.match(response.headers.get('www-authenticate') ?? '', /^Basic realm="marquee"/);
    }
  });

  it('refuses a request that authenticates with both Basic and a body secret', async () => {
    const both = await postForm(server, '/oauth/token', cc(), {
      basic: [venue.privateClient.clientId, venue.privateClient.clientSecret],
    });
    assert.equal(both.status, 400);
    assert.equal(both.body.error, 'invalid_request');
  });

  it('answers 415 invalid_request for any other content type, and 400 for malformed JSON', async () => {
    for (const type of [
      'text/plain',
      'application/vnd.api+json',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]) {
      const response = await server.fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'x',
      });
      assert.equal(response.status, 415, type);
      assert.equal(((await response.json()) as { error: string }).error, 'invalid_request');
    }
    const broken = await server.fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    assert.equal(broken.status, 400);
    assert.equal(((await broken.json()) as { error: string }).error, 'invalid_request');
    const typed = await postForm(server, '/oauth/token', { grant_type: 42 } as never, { json: true });
    assert.equal(typed.body.error, 'invalid_request');
    const empty = await server.fetch(`${server.url}/oauth/token`, { method: 'POST' });
    assert.equal(empty.status, 400);
  });

  it('names a missing or unsupported grant type', async () => {
    const creds = {
      client_id: venue.privateClient.clientId,
      client_secret: venue.privateClient.clientSecret,
    };
    assert.equal((await postForm(server, '/oauth/token', creds)).body.error, 'invalid_request');
    const password = await postForm(server, '/oauth/token', { ...creds, grant_type: 'password' });
    assert.equal(password.status, 400);
    assert.equal(password.body.error, 'unsupported_grant_type');
  });

  it('keeps each grant to its kind of integration: unauthorized_client otherwise', async () => {
    const publicCc = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    assert.equal(publicCc.body.error, 'unauthorized_client');
    const privateCode = await postForm(
      server,
      '/oauth/token',
      cc({ grant_type: 'authorization_code', code: 'x', redirect_uri: 'x' }),
    );
    assert.equal(privateCode.body.error, 'unauthorized_client');
  });

  it('throttles failed client authentication per client, and never successful requests', async () => {
    const target = await makeVenue(suite.db);
    const bad = () =>
      postForm(server, '/oauth/token', {
        grant_type: 'client_credentials',
        client_id: target.privateClient.clientId,
        client_secret: 'mqs_guess',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await bad()).status);
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
    assert.equal(statuses[10], 429);
    const good = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: target.privateClient.clientId,
      client_secret: target.privateClient.clientSecret,
    });
    assert.equal(good.status, 429, 'the throttled client waits, even with the right secret');
    assert.ok(Number(good.headers.get('retry-after')) > 0);

    for (let i = 0; i < 15; i++) assert.equal((await postForm(server, '/oauth/token', cc())).status, 200);
  });

  // Last in this file: it leaves 127.0.0.1 throttled for the rest of the minute.
  it('throttles failed client authentication per address too, across client ids', async () => {
    let status = 0;
    for (let i = 0; i < 60 && status !== 429; i++) {
      status = (
        await postForm(server, '/oauth/token', {
          grant_type: 'client_credentials',
          client_id: `mqc_enumerated_${i}`,
          client_secret: 'x',
        })
      ).status;
    }
    assert.equal(status, 429, 'guessing many client ids from one address is throttled');
    const legitimate = await postForm(server, '/oauth/token', cc());
    assert.equal(legitimate.status, 429, 'the address waits, whichever client it names');
  });
});
