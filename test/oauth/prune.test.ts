import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { configuredRetention, pruneExpired } from '../../src/background/prune.js';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { parseJsonOutput, runCli } from '../helpers/processes.js';
import { codeFlowTokens, introspect, makeVenue, postForm, type Venue } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database);
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  const count = (table: 'oauth_tokens' | 'oauth_codes' | 'oauth_grants') => countRows(suite.db, table);

  it('deletes expired and revoked rows past the retention window and keeps live ones', async () => {
    const live = await codeFlowTokens(server, venue);
    const revoked = await codeFlowTokens(server, venue);
    await postForm(server, '/oauth/revoke', {
      token: revoked.tokens.access_token,
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    const tokensBefore = await count('oauth_tokens');

    const withinWindow = await pruneExpired(suite.db, Date.now());
    assert.equal(withinWindow.tokens, 0, 'recently revoked rows are kept for the retention window');

    // With no retention window, the revoked family goes and the live one stays...
    const later = Date.now() + 8 * 86400_000;
    const swept = await pruneExpired(suite.db, Date.now() + 1000, { retentionSeconds: 0 });
    assert.ok(swept.tokens >= 2, 'the revoked pair is gone');
    assert.equal(swept.codes, 0, 'codes are kept until they expire, for replay detection');
    assert.equal(await count('oauth_tokens'), tokensBefore - swept.tokens);
    assert.equal((await introspect(server, venue, live.tokens.refresh_token)).active, true);

    // ...and far in the future, everything has expired and goes too.
    const all = await pruneExpired(suite.db, later + 365 * 86400_000, { retentionSeconds: 0 });
    assert.ok(all.tokens >= 2);
    assert.ok(all.codes >= 2, 'codes past their expiry are gone');
    assert.ok(all.grants >= 1);
    assert.equal(await count('oauth_codes'), 0);
    assert.equal(await count('oauth_tokens'), 0);
  });

  it('runs from the command line as marquee tokens prune', async () => {
    const result = await runCli(['tokens', 'prune', '--json'], suite.database.env);
    assert.equal(result.code, 0, result.stderr);
    const body = parseJsonOutput(result);
    assert.deepEqual(Object.keys(body).sort(), [
      'changes',
      'codes',
      'grants',
      'idempotency_keys',
      'jobs',
      'mail',
      'registrations',
      'sessions',
      'tokens',
    ]);
  });
});

it("keeps what the configuration says, in serve, its workers' primary and tokens prune alike", () => {
  const config = loadConfig({ EVENT_RETENTION: '3600', REFRESH_REUSE_GRACE: '12' });
  assert.deepEqual(configuredRetention(config), {
    eventRetentionSeconds: 3600,
    refreshReuseGraceSeconds: 12,
  });
});
