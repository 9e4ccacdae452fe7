/**
 * Pages answer pages (SPEC §9): an address that is no page, in the workspace or outside it, is a
 * 404 page in the workspace's layout for a signed-in member (its navigation, the way back to the
 * bookings), and a plain page for anyone else; an address under the API keeps its JSON:API error.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    venue = await makeWorkspaceVenue(suite.db, 'Lost and Found Rooms');
    o = `/orgs/${venue.orgId}`;
  });
  after(() => server.close());

  const isPage = (response: { status: number; headers: Headers; body: string }, path: string) => {
    assert.equal(response.status, 404, path);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/, path);
    assert.match(response.body, /<h1>Not found<\/h1>/, path);
    assert.match(response.body, /There is nothing at this address/, path);
    assert.doesNotMatch(response.body, /"errors"/, path);
  };

  it('answers a signed-in member a 404 page in the workspace’s layout, wherever the address', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    for (const path of [
      `${o}/nothing-here`,
      `${o}/bookings/01nothing000000000000000000`,
      `${o}/bookings/${'x'.repeat(80)}`,
      `${o}/bookings/${venue.bookingId}/nothing`,
      '/nothing-here',
      '/app/nothing-here',
    ]) {
      const response = await session.request(path);
      isPage(response, path);
      assert.match(response.body, /<nav aria-label="Sections"/, `${path}: the workspace's navigation`);
      assert.match(response.body, new RegExp(`href="${o}/bookings"`), `${path}: the way back`);
    }
  });

  it('answers anyone else a plain 404 page, and keeps the API’s JSON:API errors', async () => {
    const stranger = new BrowserSession(server.url, server.fetch);
    for (const path of ['/nothing-here', `${o}/nothing-here`]) {
      const response = await stranger.request(path);
      if (path.startsWith('/orgs/')) {
        // A workspace address asks who is looking first, as every workspace page does.
        assert.equal(response.status, 303, path);
        continue;
      }
      isPage(response, path);
      assert.doesNotMatch(response.body, /Lost and Found Rooms/);
    }
    for (const path of ['/v2/nothing-here', '/v2/bookings/01nothing000000000000000000/nothing']) {
      const response = await server.fetch(`${server.url}${path}`);
      assert.equal(response.status, 404, path);
      assert.match(response.headers.get('content-type') ?? '', /^application\/vnd\.api\+json/, path);
      const body = (await response.json()) as { errors: Array<{ status: string }> };
      assert.equal(body.errors[0]?.status, '404');
    }
  });
});
