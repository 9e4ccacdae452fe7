import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { pruneExpired } from '../../src/background/prune.js';
import { hashCredential } from '../../src/security/credentials.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, introspect, makeVenue, postForm, type Venue } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    // The usual grace window: the clock follows the wall clock, so a window of one second could
    // close between a refresh and its retry on a slow machine.
    server = await startTestServer(suite.database);
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
    postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
      ...extra,
    });

  it('rotates: a refresh returns a new pair and retires the refresh token presented', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const first = await refresh(tokens.refresh_token);
    assert.equal(first.status, 200);
    assert.deepEqual(Object.keys(first.body).sort(), [
      'access_token',
      'created_at',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    assert.notEqual(first.body.refresh_token, tokens.refresh_token);
    assert.notEqual(first.body.access_token, tokens.access_token);
    assert.equal((await introspect(server, venue, tokens.refresh_token)).active, false);
    assert.equal((await introspect(server, venue, String(first.body.access_token))).active, true);
    const second = await refresh(String(first.body.refresh_token));
    assert.equal(second.status, 200);
  });

  it('may narrow the scope, never widen it; the new refresh token keeps the original scope', async () => {
    const { tokens } = await codeFlowTokens(server, venue, { scope: 'crm_read crm_manage' });
    const narrowed = await refresh(tokens.refresh_token, { scope: 'crm_read' });
    assert.equal(narrowed.status, 200);
    assert.equal(narrowed.body.scope, 'crm_read');
    const again = await refresh(String(narrowed.body.refresh_token));
    assert.equal(again.body.scope, 'crm_read crm_manage');

    const { tokens: readOnly } = await codeFlowTokens(server, venue, { scope: 'crm_read' });
    const widened = await refresh(readOnly.refresh_token, { scope: 'crm_read crm_manage' });
    assert.equal(widened.status, 400);
    assert.equal(widened.body.error, 'invalid_scope');
    assert.equal(
      (await refresh(readOnly.refresh_token)).status,
      200,
      'a refused widening does not burn the token',
    );
  });

  it('answers a retry within the grace window with the very pair the first use issued', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const rotated = await refresh(tokens.refresh_token);
    assert.equal(rotated.status, 200);
    const retry = await refresh(tokens.refresh_token);
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.deepEqual(retry.body, rotated.body, 'the same pair, not a second one');
    assert.equal((await introspect(server, venue, String(rotated.body.access_token))).active, true);

    // Once the new refresh token is used, the old pair is no longer live: the retry is refused.
    const next = await refresh(String(rotated.body.refresh_token));
    assert.equal(next.status, 200);
    const late = await refresh(tokens.refresh_token);
    assert.equal(late.status, 400);
    assert.equal(late.body.error, 'invalid_grant');
    assert.equal((await introspect(server, venue, String(next.body.access_token))).active, true);
  });

  it('keeps nothing readable at rest: the kept pair is sealed with a key only the old token opens', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const rotated = await refresh(tokens.refresh_token);
    const rows = await suite.db
      .selectFrom('oauth_tokens')
      .select('rotation_replay')
      .where('rotation_replay', 'is not', null)
      .execute();
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.ok(!row.rotation_replay!.includes(String(rotated.body.access_token).slice(4, 20)));
      assert.ok(!row.rotation_replay!.includes('refresh_token'));
    }
    // The prune forgets pairs whose window closed.
    server.clock.advance((server.config.refreshReuseGrace + 1) * 1000);
    await pruneExpired(suite.db, server.clock.now(), {
      refreshReuseGraceSeconds: server.config.refreshReuseGrace,
    });
    const left = await suite.db
      .selectFrom('oauth_tokens')
      .select('id')
      .where('rotation_replay', 'is not', null)
      .execute();
    assert.equal(left.length, 0);
  });

  it('treats a reuse after the grace window as theft and revokes the whole family', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const rotated = await refresh(tokens.refresh_token);
    server.clock.advance((server.config.refreshReuseGrace + 1) * 1000);
    const stolen = await refresh(tokens.refresh_token);
    assert.equal(stolen.body.error, 'invalid_grant');
    assert.equal((await introspect(server, venue, String(rotated.body.access_token))).active, false);
    assert.equal((await refresh(String(rotated.body.refresh_token))).body.error, 'invalid_grant');
  });

  it('gives ten concurrent refreshes with one token the one pair a single winner issued', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(tokens.refresh_token)));
    assert.deepEqual(
      results.map((r) => r.status),
      Array.from({ length: 10 }, () => 200),
    );
    const pairs = new Set(results.map((r) => `${r.body.access_token} ${r.body.refresh_token}`));
    assert.equal(pairs.size, 1, 'only one pair of a family is ever issued');
    const live = await suite.db
      .selectFrom('oauth_tokens as t')
      .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
      .innerJoin('oauth_tokens as first', 'first.grant_id', 'g.id')
      .select('t.id')
      .where('first.secret_hash', '=', hashCredential(tokens.refresh_token))
      .where('t.kind', '=', 'refresh')
      .where('t.revoked_at', 'is', null)
      .execute();
    assert.equal(live.length, 1, 'one live refresh token in the family');
    const winner = results[0]!.body;
    assert.equal((await introspect(server, venue, String(winner.access_token))).active, true);
    assert.equal((await refresh(String(winner.refresh_token))).status, 200);
  });

  it('refuses a refresh token presented by another client, an access token, and garbage', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const other = await makeVenue(suite.db);
    const foreign = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: other.publicClient.clientId,
      client_secret: other.publicClient.clientSecret,
    });
    assert.equal(foreign.body.error, 'invalid_grant');
    assert.equal((await refresh(tokens.access_token)).body.error, 'invalid_grant');
    assert.equal((await refresh('mqr_nothing')).body.error, 'invalid_grant');
    assert.equal((await refresh(tokens.refresh_token)).status, 200, 'the failed attempts did not burn it');
  });
});
