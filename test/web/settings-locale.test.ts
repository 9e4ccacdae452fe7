/**
 * The settings pages in the organization's locale (SPEC §13), over real HTTP on both databases: an
 * en-US venue's connected apps, integrations and webhooks read "Sat, Dec 5, 2026, 3:04 PM" (its
 * time zone, the 12-hour clock), an en-GB venue's "Sat 5 Dec 2026, 20:04", as the workspace
 * writes them — never an ISO date.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { apiFor } from '../helpers/writes.js';

/** Saturday 5 December 2026, 20:04 UTC: 3:04 PM in New York, 20:04 in London. */
const AT = Date.parse('2026-12-05T20:04:00Z');

/** The page with the no-break spaces some ICU versions put before AM and PM made plain. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

eachDatabase((suite) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    server.clock.stopAt(AT);
  });
  after(() => server.close());

  /**
   * A venue in `locale` whose public integration the admin connected, and whose private one
   * registered a webhook endpoint, both at AT; the pages its admin sees then, and once the private
   * integration has ended (at AT too).
   */
  async function pagesOf(locale: string, timezone: string) {
    const venue: Venue = await makeVenue(suite.db);
    await suite.db
      .updateTable('organizations')
      .set({ locale, timezone })
      .where('id', '=', venue.orgId)
      .execute();
    await codeFlowTokens(server, venue);
    const api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const endpoint = await api('/v2/webhook_endpoints', {
      method: 'POST',
      body: {
        data: {
          type: 'webhook_endpoints',
          attributes: { url: 'http://127.0.0.1:9/hook', events: ['account.created'] },
        },
      },
    });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    const session = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, session, venue.user.email)).status, 303);
    const get = async (path: string) => {
      const response = await session.request(path);
      assert.equal(response.status, 200, path);
      return plain(response.body);
    };
    const connected = await get('/settings/connected-apps');
    const integration = await get(`/settings/integrations/${venue.privateClient.id}`);
    await suite.db
      .updateTable('integrations')
      .set({ ended_at: new Date(AT).toISOString() })
      .where('id', '=', venue.privateClient.id)
      .execute();
    const list = await get(`/settings/integrations?org=${venue.orgId}`);
    const ended = await get(`/settings/integrations/${venue.privateClient.id}`);
    return { connected, integration, list, ended };
  }

  describe('an en-US venue', () => {
    let pages: Awaited<ReturnType<typeof pagesOf>>;
    before(async () => {
      pages = await pagesOf('en-US', 'America/New_York');
    });

    it('shows when an app was connected on its own clock', () => {
      assert.match(pages.connected, /<td>Sat, Dec 5, 2026, 3:04 PM<\/td>/);
      assert.doesNotMatch(pages.connected, /2026-12-05/);
    });

    it('shows when a webhook endpoint was made, and the day an integration ended', () => {
      assert.match(pages.integration, /Created Sat, Dec 5, 2026, 3:04 PM/);
      assert.doesNotMatch(pages.integration, /20:04|Sat 5 Dec 2026/);
      assert.match(pages.list, /on Sat, Dec 5, 2026: its owner left the team/);
      assert.match(pages.ended, /This integration ended on Sat, Dec 5, 2026, when its owner left/);
      assert.doesNotMatch(pages.list + pages.ended, /2026-12-05/);
    });
  });

  describe('an en-GB venue', () => {
    let pages: Awaited<ReturnType<typeof pagesOf>>;
    before(async () => {
      pages = await pagesOf('en-GB', 'Europe/London');
    });

    it('shows the same on the 24-hour clock, day before month', () => {
      assert.match(pages.connected, /<td>Sat 5 Dec 2026, 20:04<\/td>/);
      assert.match(pages.integration, /Created Sat 5 Dec 2026, 20:04/);
      assert.match(pages.list, /on Sat 5 Dec 2026: its owner left the team/);
      assert.match(pages.ended, /This integration ended on Sat 5 Dec 2026, when its owner left/);
      for (const page of Object.values(pages)) {
        assert.doesNotMatch(page, /\d:\d\d [AP]M|2026-12-05/);
      }
    });
  });
});
