/**
 * Settings → Integrations asks the policy, not the role (docs/decisions/0016-grants-and-policy.md):
 * a member of the organization, whose grants do not name the integrations' actions, is refused on
 * every page and post of it with a 403 in the words of the action it would take, before anything
 * is read or written; an admin of the same organization, whose grants name them, is let in.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { INTEGRATION_ACTIONS } from '../../src/integrations/integration.policy.js';
import type { Action } from '../../src/policy/action.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  const signedIn = async (email: string) => {
    const session = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, session, email)).status, 303);
    return session;
  };

  /** Every page and post of Settings → Integrations, with the action it takes. */
  const routes = (): Array<{ path: string; post?: boolean; action: Action }> => {
    const page = `/settings/integrations/${venue.publicClient.id}`;
    const endpoint = `${page}/endpoints/no-such-endpoint`;
    const { create, update, rotate_secret: rotate, delete: remove } = INTEGRATION_ACTIONS;
    return [
      { path: '/settings/integrations', action: create },
      { path: `/settings/integrations?org=${venue.orgId}`, action: create },
      { path: `/settings/integrations/new?org=${venue.orgId}`, action: create },
      { path: '/settings/integrations', post: true, action: create },
      { path: page, action: update },
      { path: page, post: true, action: update },
      { path: `${page}/rotate-secret`, action: rotate },
      { path: `${page}/rotate-secret`, post: true, action: rotate },
      { path: `${page}/delete`, action: remove },
      { path: `${page}/delete`, post: true, action: remove },
      { path: `${page}/deliveries/no-such-delivery/resend`, post: true, action: update },
      { path: `${endpoint}/enabled`, post: true, action: update },
      { path: `${endpoint}/delete`, action: update },
      { path: `${endpoint}/delete`, post: true, action: update },
    ];
  };

  it('refuses a member on every page and post in the words of the action, changing nothing', async () => {
    const member = await makeUser(suite.db, venue.orgId, { role: 'member' });
    const session = await signedIn(member.email);
    const home = await session.request('/settings/connected-apps');
    assert.doesNotMatch(home.body, /href="\/settings\/integrations"/);
    const csrf = formFields(home.body, '/sign-out');
    const before = await suite.db.selectFrom('integrations').selectAll().orderBy('id').execute();
    for (const { path, post, action } of routes()) {
      const form = { ...csrf, org: venue.orgId, name: 'Sneaky', kind: 'public', enabled: 'false' };
      const response = await session.request(path, post ? { form } : {});
      const at = `${post ? 'POST' : 'GET'} ${path}`;
      assert.equal(response.status, 403, at);
      assert.equal(action.code, 'admin_only', at);
      assert.match(response.body, /Administrators only/, at);
      assert.ok(response.body.includes(action.refused), `${at}: ${action.refused}`);
    }
    assert.deepEqual(await suite.db.selectFrom('integrations').selectAll().orderBy('id').execute(), before);
  });

  it('lets an admin of the same organization in, as their grants say', async () => {
    const session = await signedIn(venue.user.email);
    assert.equal((await session.request('/settings')).location, `${server.url}/settings/integrations`);
    for (const { path, post } of routes()) {
      if (post || path.includes('no-such')) continue;
      assert.equal((await session.request(path)).status, 200, path);
    }
  });
});
