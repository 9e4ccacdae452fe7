import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { codeFlowTokens, makeVenue, postForm, type Venue } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database, { LOG_LEVEL: 'trace' });
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  it('never writes a token, code, secret or password to the log across every flow', async () => {
    const secrets: string[] = [
      TEST_PASSWORD,
      venue.publicClient.clientSecret,
      venue.privateClient.clientSecret,
    ];
    const { code, tokens } = await codeFlowTokens(server, venue, { state: 'log-state' });
    secrets.push(code, tokens.access_token, tokens.refresh_token);

    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    secrets.push(String(refreshed.body.access_token), String(refreshed.body.refresh_token));
    const cc = await postForm(
      server,
      '/oauth/token',
      { grant_type: 'client_credentials' },
      {
        basic: [venue.privateClient.clientId, venue.privateClient.clientSecret],
      },
    );
    secrets.push(String(cc.body.access_token));

    // Mistakes are logged too; what they carried must not be.
    await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: venue.privateClient.clientId,
      client_secret: 'mqs_wrong-guess-123',
    });
    secrets.push('mqs_wrong-guess-123');
    await server.fetch(`${server.url}/oauth/token/info?access_token=${tokens.access_token}`);
    await server.fetch(`${server.url}/oauth/token/info`, {
      headers: { authorization: `Bearer ${String(cc.body.access_token)}` },
    });
    await postForm(server, '/oauth/introspect', {
      token: String(refreshed.body.access_token),
      client_id: venue.publicClient.clientId,
      client_secret: venue.publicClient.clientSecret,
    });
    await postForm(
      server,
      '/oauth/revoke',
      {
        token: String(refreshed.body.refresh_token),
        client_id: venue.publicClient.clientId,
        client_secret: venue.publicClient.clientSecret,
      },
      { json: true },
    );

    const log = server.logs.join('\n');
    assert.ok(server.logs.length > 20, 'requests were logged');
    assert.match(log, /"path":"\/oauth\/token"/);
    for (const secret of secrets) {
      assert.ok(!log.includes(secret), `a log line contains ${secret.slice(0, 6)}…`);
    }
    assert.doesNotMatch(log, /mq[agrs]_[A-Za-z0-9_-]{20,}/, 'no credential-shaped string at all');
    assert.doesNotMatch(log, /marquee_session=|authorization/i);
  });
});
