/**
 * No browser or proxy keeps a page that carries venue data or a CSRF token (issue 46, item 8):
 * every workspace and settings page, the sign-in page and a form shown again with its errors
 * answer `Cache-Control: no-store`. The icon browsers ask for on every page is served
 * (/favicon.ico and /favicon.svg answer 200 with an image), and every page links it; the
 * stylesheet and the icon keep their own long-lived caching.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let integrationId: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    const made = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.admin.email,
      redirectUris: [],
    });
    integrationId = made.integration.id;
  });
  after(() => server.close());

  /** The `<link rel="icon">` of a page, after checking it has one. */
  function iconHref(body: string, path: string): string {
    const tag = /<link rel="icon"[^>]*>/.exec(body)?.[0];
    assert.ok(tag, `${path} links an icon`);
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    assert.ok(href, `${path}'s icon link has an href`);
    return href;
  }

  it('answers no-store for the workspace and settings pages, which link the icon', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const o = `/orgs/${venue.orgId}`;
    const pages = [
      `${o}/bookings`,
      `${o}/bookings/${venue.bookingId}`,
      `${o}/bookings/new`,
      `${o}/bookings/${venue.bookingId}/edit`,
      `${o}/week`,
      `${o}/accounts`,
      `${o}/accounts/${venue.accountId}`,
      `${o}/contacts`,
      `${o}/contacts/${venue.contactId}`,
      `${o}/settings/spaces`,
      `${o}/settings/venue`,
      `${o}/settings/team`,
      `${o}/settings/documents`,
      `${o}/settings/outgoing-mail`,
      `${o}/settings/email`,
      `${o}/settings/inquiry-form`,
      `${o}/settings/automations`,
      `${o}/settings/import-export`,
      `${o}/settings/developers/assistants`,
      `${o}/reports/pipeline`,
      `/settings/integrations?org=${venue.orgId}`,
      `/settings/integrations/${integrationId}`,
      '/settings/connected-apps',
    ];
    const icons = new Set<string>();
    for (const path of pages) {
      const page = await session.request(path);
      assert.equal(page.status, 200, `${path}: ${page.body.slice(0, 200)}`);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/, path);
      assert.equal(page.headers.get('cache-control'), 'no-store', `${path} is not kept`);
      icons.add(iconHref(page.body, path));
    }
    // The data the pages carry, for the record: the booking page shows the booking, forms a token.
    const booking = await session.request(`${o}/bookings/${venue.bookingId}`);
    assert.match(booking.body, /Lumen summer party/);
    assert.match((await session.request(`${o}/bookings/new`)).body, /name="_csrf"/);
    for (const href of icons) {
      const icon = await session.request(href);
      assert.equal(icon.status, 200, `the linked icon ${href} is served`);
      assert.match(icon.headers.get('content-type') ?? '', /^image\//);
    }
  });

  it('answers no-store for a form shown again with its errors', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const refused = await session.request(`/orgs/${venue.orgId}/accounts`, {
      form: { _csrf: csrf, name: '', email: 'typed-but-wrong' },
    });
    assert.equal(refused.status, 422);
    assert.match(refused.body, /typed-but-wrong/, 'what was typed is on the page');
    assert.equal(refused.headers.get('cache-control'), 'no-store');
  });

  it('answers no-store for the sign-in page, which carries a CSRF token', async () => {
    const visitor = new BrowserSession(server.url, server.fetch);
    const page = await visitor.request('/sign-in');
    assert.equal(page.status, 200);
    assert.match(page.body, /name="_csrf"/);
    assert.equal(page.headers.get('cache-control'), 'no-store');
    iconHref(page.body, '/sign-in');
    const failed = await visitor.request('/sign-in', {
      form: { ...formFields(page.body, '/sign-in'), email: venue.admin.email, password: 'not the password' },
    });
    assert.equal(failed.status, 401, 'a wrong password is refused with the form again');
    assert.match(failed.body, /name="_csrf"/);
    assert.equal(failed.headers.get('cache-control'), 'no-store');
  });

  it('serves /favicon.ico and /favicon.svg as images, cached like an asset', async () => {
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const response = await server.fetch(`${server.url}${path}`);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type') ?? '', /^image\//, path);
      assert.notEqual(response.headers.get('cache-control'), 'no-store', `${path} may be cached`);
      const body = await response.text();
      assert.ok(body.length > 0, `${path} has a body`);
    }
  });

  it('keeps the stylesheet cacheable (the no-store rule is only for pages)', async () => {
    const page = await new BrowserSession(server.url, server.fetch).request('/sign-in');
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    assert.ok(href, 'the page links its stylesheet');
    const sheet = await server.fetch(`${server.url}${href}`);
    assert.equal(sheet.status, 200);
    assert.match(sheet.headers.get('cache-control') ?? '', /immutable/);
  });
});
