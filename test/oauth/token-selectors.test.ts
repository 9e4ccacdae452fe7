/**
 * Access and refresh tokens carry the id of their row before their secret: the row is found by
 * the id and the token accepted only when the SHA-256 of the whole value matches the one stored.
 * A wrong secret after a real id is refused everywhere a token is presented, and tokens issued
 * before tokens carried their id (found by the hash of the whole value) keep working.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { newId } from '../../src/db/ids.js';
import { hashCredential } from '../../src/security/credentials.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, introspect, makeVenue, postForm, type Venue } from '../helpers/oauth.js';

const TOKEN = /^(mqa|mqr)_([0-9a-z]{26})[A-Za-z0-9_-]{43}$/;

/** The same token with another last character of its secret. */
function otherSecret(token: string): string {
  return token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  const clientCredentials = () => clientCredentialsToken(server, venue);
  const me = (token: string) =>
    server.fetch(`${server.url}/v2/me`, { headers: { authorization: `Bearer ${token}` } });
  const refresh = (refreshToken: string) =>
    postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
  const rowOf = (id: string) =>
    suite.db.selectFrom('oauth_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('issues tokens that carry their row id, found by it, with only the hash of the whole token stored', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    for (const [token, kind] of [
      [tokens.access_token, 'access'],
      [tokens.refresh_token, 'refresh'],
      [await clientCredentials(), 'access'],
    ] as const) {
      const match = TOKEN.exec(token);
      assert.ok(match, `${token.slice(0, 4)}… has a prefix, a row id and a 256-bit secret`);
      const row = await rowOf(match[2]!);
      assert.equal(row.kind, kind);
      assert.equal(row.token_hash, row.id, 'found by its id');
      assert.equal(row.secret_hash, hashCredential(token), 'the SHA-256 of the whole token');
      assert.ok(!Object.values(row).includes(token), 'the token itself is not stored');
    }
  });

  it('refuses a wrong secret after a real id: API, introspection, revocation and refresh', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const access = await clientCredentials();
    // Used twice first, so the real token's record is in the token cache (and served from it).
    const tokenCache = server.app.ctx.caches.tokens;
    assert.equal((await me(access)).status, 200);
    const hits = tokenCache.hits;
    assert.equal((await me(access)).status, 200);
    assert.ok(tokenCache.hits > hits, 'the real token was served from the cache');
    const forgedAccess = otherSecret(access);
    assert.match(forgedAccess, TOKEN);
    const refused = await me(forgedAccess);
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
    const info = await server.fetch(`${server.url}/oauth/token/info`, {
      headers: { authorization: `Bearer ${forgedAccess}` },
    });
    assert.equal(info.status, 401);
    assert.equal((await introspect(server, venue, otherSecret(tokens.access_token))).active, false);

    const revoked = await postForm(server, '/oauth/revoke', {
      client_id: venue.privateClient.clientId,
      client_secret: venue.privateClient.clientSecret,
      token: forgedAccess,
    });
    assert.equal(revoked.status, 200, 'RFC 7009: an unknown token is answered like any other');
    assert.equal((await me(access)).status, 200, 'revoking a forged token leaves the real one alone');
    const familyRevoked = await postForm(server, '/oauth/revoke', {
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
      token: otherSecret(tokens.refresh_token),
    });
    assert.equal(familyRevoked.status, 200);
    assert.equal(
      (await introspect(server, venue, tokens.access_token)).active,
      true,
      'its family is left alone',
    );

    assert.equal((await refresh(otherSecret(tokens.refresh_token))).body.error, 'invalid_grant');
    // The access token's id and secret under the refresh token's prefix.
    assert.equal((await refresh(`mqr_${tokens.access_token.slice(4)}`)).body.error, 'invalid_grant');
    const rotated = await refresh(tokens.refresh_token);
    assert.equal(rotated.status, 200, 'the real refresh token still works');
    // A forged copy of the rotated token neither replays the new pair nor revokes the family.
    assert.equal((await refresh(otherSecret(tokens.refresh_token))).body.error, 'invalid_grant');
    assert.equal((await introspect(server, venue, String(rotated.body.access_token))).active, true);
  });

  it('refuses any secret for a row found by its id that has no hash of its own', async () => {
    const access = await clientCredentials();
    const row = await rowOf(TOKEN.exec(access)![2]!);
    const id = newId();
    await suite.db
      .insertInto('oauth_tokens')
      .values({ ...row, id, token_hash: id, secret_hash: null })
      .execute();
    assert.equal((await me(`mqa_${id}${randomBytes(32).toString('base64url')}`)).status, 401);
  });

  it('keeps accepting tokens issued before tokens carried their id', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const grantId = (await rowOf(TOKEN.exec(tokens.access_token)![2]!)).grant_id;
    const now = Date.now();
    /** A row as one issued before: its key the hash of the whole token, no secret_hash. */
    const legacy = async (prefix: 'mqa_' | 'mqr_', kind: 'access' | 'refresh') => {
      const value = prefix + randomBytes(32).toString('base64url');
      await suite.db
        .insertInto('oauth_tokens')
        .values({
          id: newId(),
          token_hash: hashCredential(value),
          secret_hash: null,
          kind,
          grant_id: grantId,
          scopes: 'crm_read',
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + 3_600_000).toISOString(),
          revoked_at: null,
          rotated_at: null,
          rotation_replay: null,
        })
        .execute();
      return value;
    };
    const access = await legacy('mqa_', 'access');
    assert.equal((await me(access)).status, 200);
    assert.equal((await introspect(server, venue, access)).active, true);
    assert.equal((await me(otherSecret(access))).status, 401);

    const refreshToken = await legacy('mqr_', 'refresh');
    const refreshed = await refresh(refreshToken);
    assert.equal(refreshed.status, 200);
    assert.match(String(refreshed.body.refresh_token), TOKEN, 'its successor carries its id');

    const revoked = await postForm(server, '/oauth/revoke', {
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
      token: access,
    });
    assert.equal(revoked.status, 200);
    assert.equal((await me(access)).status, 401, 'revoked with its family');
  });
});
