/**
 * Ending access from the command line (SPEC §3): `users set-password` ends the user's sessions and
 * takes the password from standard input when asked; `members remove` ends the grants the member
 * gave for that organization and the private integrations they own there, at once, and refuses
 * to remove the last admin. `orgs list` names every organization.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { call, clientCredentialsToken } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import { codeFlowTokens, makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { parseJsonOutput, runCli } from '../helpers/processes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  const cli = (...args: string[]) => runCli(args, suite.database.env);

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  it('lists the organizations with their ids', async () => {
    const listed = parseJsonOutput(await cli('orgs', 'list', '--json'));
    const orgs = listed.organizations as Array<{ id: string; name: string }>;
    assert.ok(orgs.some((o) => o.id === venue.orgId));
    const text = await cli('orgs', 'list');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, new RegExp(venue.orgId));
  });

  it('sets a password from standard input and ends the user’s sessions', async () => {
    const created = await runCli(
      [
        'users',
        'create',
        '--org',
        venue.orgId,
        '--email',
        'stdin@venue.example',
        '--password-stdin',
        '--json',
      ],
      suite.database.env,
      'first password here\n',
    );
    const user = parseJsonOutput(created);
    assert.equal(user.email, 'stdin@venue.example');

    const session = new BrowserSession(server.url, server.fetch);
    const signedIn = await signIn(server, session, 'stdin@venue.example', 'first password here');
    assert.equal(signedIn.status, 303, signedIn.body);
    assert.equal((await session.request('/settings/connected-apps')).status, 200);

    const changed = await runCli(
      ['users', 'set-password', '--email', 'stdin@venue.example', '--password-stdin', '--json'],
      suite.database.env,
      'second password here',
    );
    assert.deepEqual(parseJsonOutput(changed), { id: user.id, email: 'stdin@venue.example' });

    const afterChange = await session.request('/settings/connected-apps');
    assert.equal(afterChange.status, 303, 'the old session no longer signs in');
    assert.match(afterChange.location ?? '', /\/sign-in/);
    const old = await signIn(
      server,
      new BrowserSession(server.url, server.fetch),
      'stdin@venue.example',
      'first password here',
    );
    assert.equal(old.status, 401);
    const fresh = await signIn(
      server,
      new BrowserSession(server.url, server.fetch),
      'stdin@venue.example',
      'second password here',
    );
    assert.equal(fresh.status, 303);

    const both = await runCli(
      ['users', 'set-password', '--email', 'stdin@venue.example', '--password', 'x', '--password-stdin'],
      suite.database.env,
      'y',
    );
    assert.equal(both.code, 2);
    assert.match(both.stderr, /not both/);
  });

  it('removes a member: their grants here and the private integrations they own stop at once', async () => {
    const other = await makeVenue(suite.db);
    const member = await makeUser(suite.db, venue.orgId, { role: 'admin' });
    // The member of a second organization keeps what they granted there.
    const { tokens } = await codeFlowTokens(server, venue);
    const privateToken = await clientCredentialsToken(server, venue);
    const before = await call(server, '/v2/bookings', { token: tokens.access_token, org: venue.orgId });
    assert.equal(before.status, 200);
    const otherTokens = await codeFlowTokens(server, other);

    const removed = parseJsonOutput(
      await cli('members', 'remove', '--org', venue.orgId, '--email', venue.user.email, '--json'),
    );
    assert.deepEqual(removed, { user_id: venue.user.id, org_id: venue.orgId, removed: true });

    assert.equal(
      (await call(server, '/v2/bookings', { token: tokens.access_token, org: venue.orgId })).status,
      401,
    );
    assert.equal((await call(server, '/v2/bookings', { token: privateToken, org: venue.orgId })).status, 401);
    const otherCall = await call(server, '/v2/bookings', {
      token: otherTokens.tokens.access_token,
      org: other.orgId,
    });
    assert.equal(otherCall.status, 200, 'grants for other organizations are untouched');

    const again = await cli('members', 'remove', '--org', venue.orgId, '--email', venue.user.email);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /not a member/);

    const last = await cli('members', 'remove', '--org', venue.orgId, '--email', member.email);
    assert.equal(last.code, 2);
    assert.match(last.stderr, /last admin/);
  });
});
