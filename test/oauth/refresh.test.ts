import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, introspect, makeVenue, postForm, type Venue } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database, { REFRESH_REUSE_GRACE: '1' });
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

  it('refuses a reused token within the grace window and leaves the new tokens working', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const rotated = await refresh(tokens.refresh_token);
    const retry = await refresh(tokens.refresh_token);
    assert.equal(retry.status, 400);
    assert.equal(retry.body.error, 'invalid_grant');
    assert.equal((await introspect(server, venue, String(rotated.body.access_token))).active, true);
    assert.equal((await refresh(String(rotated.body.refresh_token))).status, 200);
  });

  it('treats a reuse after the grace window as theft and revokes the whole family', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const rotated = await refresh(tokens.refresh_token);
    server.clock.advance(1300);
    const stolen = await refresh(tokens.refresh_token);
    assert.equal(stolen.body.error, 'invalid_grant');
    assert.equal((await introspect(server, venue, String(rotated.body.access_token))).active, false);
    assert.equal((await refresh(String(rotated.body.refresh_token))).body.error, 'invalid_grant');
  });

  it('lets exactly one of ten concurrent refreshes with one token win, and its tokens work', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(tokens.refresh_token)));
    const winners = results.filter((r) => r.status === 200);
    assert.equal(winners.length, 1, JSON.stringify(results.map((r) => r.status)));
    for (const loser of results.filter((r) => r.status !== 200))
      assert.equal(loser.body.error, 'invalid_grant');
    const winner = winners[0]!.body;
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
