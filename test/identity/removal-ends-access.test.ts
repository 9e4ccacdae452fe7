/**
 * Removing a member ends, for good, what acts as them in the organization (issue 54's audit: a
 * removed member's API keys, calendar feeds and private integrations came back when they were
 * added again, and the keys page still listed the keys as live). After a removal and a re-adding
 * over Settings → Team, the key is refused, the feed is gone and the integration issues no token;
 * the pages list them as ended, saying why.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeApiKey, makeFeed, makeIntegration, makeUser } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
  });
  after(() => server.close());

  it('keeps a removed member’s keys, feeds and private integrations ended when they are added again', async () => {
    const o = `/orgs/${venue.orgId}`;
    const leaver = await makeUser(suite.db, venue.orgId, { role: 'admin' });
    const now = server.clock.now();
    const key = await makeApiKey(
      suite.db,
      { organizationId: venue.orgId, userId: leaver.id, name: 'Lobby screen', scopes: ['crm_read'] },
      now,
    );
    const feed = await makeFeed(
      suite.db,
      { organizationId: venue.orgId, userId: leaver.id, scope: 'venue' },
      now,
    );
    const app = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: leaver.email,
      redirectUris: [],
    });
    const credentials = {
      grant_type: 'client_credentials',
      client_id: app.integration.clientId,
      client_secret: app.clientSecret,
    };
    const withKey = () =>
      server.fetch(`${server.url}/v2/bookings`, {
        headers: { 'x-api-key': key.secret, 'x-api-org': venue.orgId },
      });
    const calendar = () => server.fetch(`${server.url}/calendar/${feed.secret}.ics`);
    const working = async () => ({
      key: (await withKey()).status,
      feed: (await calendar()).status,
      token: (await postForm(server, '/oauth/token', credentials)).status,
    });
    assert.deepEqual(await working(), { key: 200, feed: 200, token: 200 });

    const admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const confirm = await admin.session.request(`${o}/settings/team/${leaver.id}/remove`);
    const removed = await admin.session.request(`${o}/settings/team/${leaver.id}/remove`, {
      form: formFields(confirm.body, `${o}/settings/team/${leaver.id}/remove`),
    });
    assert.equal(removed.status, 303);
    const afterRemoval = await working();
    assert.equal(afterRemoval.key, 401);
    assert.equal(afterRemoval.feed, 404);
    assert.notEqual(afterRemoval.token, 200);

    // Added back: nothing of theirs comes back.
    const added = await admin.session.request(`${o}/settings/team`, {
      form: { _csrf: admin.csrf, name: 'Back Again', email: leaver.email, role: 'admin' },
    });
    assert.equal(added.status, 303, added.body.slice(0, 300));
    const token = await postForm(server, '/oauth/token', credentials);
    assert.equal(token.status, 400);
    assert.equal(token.body.error, 'unauthorized_client');
    assert.match(String(token.body.error_description), /ended when its owner left its organization/);
    assert.equal((await withKey()).status, 401);
    assert.equal((await calendar()).status, 404);

    // The lists say they ended, and why.
    const keys = await admin.session.request(`${o}/settings/developers/api-keys`);
    const ended = keys.body.slice(keys.body.indexOf('Ended keys'));
    assert.ok(keys.body.indexOf('Ended keys') > 0, 'an ended-keys list');
    assert.match(ended, /Lobby screen/);
    assert.match(ended, new RegExp(`${leaver.email.replace(/\./g, '\\.')} left the team`));
    const live = keys.body.slice(0, keys.body.indexOf('Ended keys'));
    assert.doesNotMatch(live, /Lobby screen/, 'not among the live keys');

    const theirs = await workspaceSession(server, leaver.email, venue.orgId);
    const feeds = await theirs.session.request(`${o}/settings/calendar-feeds`);
    assert.match(feeds.body, /You have no calendar feeds yet\./);
    assert.match(feeds.body, /Ended feeds[\s\S]*The whole venue[\s\S]*you left the team/);

    const integrations = await admin.session.request(`/settings/integrations?org=${venue.orgId}`);
    assert.match(
      integrations.body,
      /Ended<\/strong> <span class="muted">on (?:\w{3} \d{1,2} \w{3} \d{4}|\w{3}, \w{3} \d{1,2}, \d{4}): its owner left the team/,
    );
  });

  it('keeps ending what was revoked by hand apart from what a removal ended', async () => {
    const admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const key = await makeApiKey(
      suite.db,
      { organizationId: venue.orgId, userId: venue.admin.id, name: 'Old sync', scopes: ['crm_read'] },
      server.clock.now(),
    );
    const o = `/orgs/${venue.orgId}/settings/developers/api-keys`;
    const page = await admin.session.request(o);
    const revoked = await admin.session.request(`${o}/${key.id}/revoke`, { form: { _csrf: admin.csrf } });
    assert.equal(revoked.status, 303, page.status.toString());
    const after = await admin.session.request(o);
    assert.match(after.body.slice(after.body.indexOf('Ended keys')), /Old sync<\/td>[\s\S]*?: revoked<\/td>/);
  });
});
