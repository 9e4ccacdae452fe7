/**
 * The workspace's guards over plain HTTP: every form is refused without a CSRF token or with a
 * wrong one (and changes nothing); a member cannot manage spaces (GET and POST); another
 * organization's ids, and an organization the user does not belong to, are 404 on every route;
 * visitors without a session are sent to sign in.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';
import { BrowserSession } from '../helpers/browser-session.js';

/** Every form of the workspace, as (path, fields) for a venue. */
function forms(v: WorkspaceVenue): Array<[string, Record<string, string>]> {
  const o = `/orgs/${v.orgId}`;
  return [
    [
      `${o}/bookings`,
      {
        name: 'X',
        account: v.accountId,
        status: 'lead',
        start_at: '2027-01-01T10:00',
        end_at: '2027-01-01T11:00',
        timezone: 'UTC',
        currency: 'EUR',
      },
    ],
    [`${o}/bookings/${v.bookingId}`, { name: 'Renamed' }],
    [`${o}/bookings/${v.bookingId}/status`, { to: 'tentative' }],
    [`${o}/bookings/${v.bookingId}/notes`, { body: 'A note' }],
    [`${o}/bookings/${v.bookingId}/delete`, { version: '"v"' }],
    [`${o}/accounts`, { name: 'New account' }],
    [`${o}/accounts/${v.accountId}`, { name: 'Renamed' }],
    [`${o}/accounts/${v.accountId}/notes`, { body: 'A note' }],
    [`${o}/accounts/${v.accountId}/delete`, { version: '"v"' }],
    [`${o}/contacts`, { first_name: 'New' }],
    [`${o}/contacts/${v.contactId}`, { first_name: 'Renamed' }],
    [`${o}/contacts/${v.contactId}/notes`, { body: 'A note' }],
    [`${o}/contacts/${v.contactId}/delete`, { version: '"v"' }],
    [`${o}/notes/${v.noteId}`, { body: 'Changed' }],
    [`${o}/notes/${v.noteId}/delete`, { version: '"v"' }],
    [`${o}/settings/spaces`, { name: 'Terrace' }],
    [`${o}/settings/spaces/${v.spaceId}`, { name: 'Renamed' }],
    [`${o}/settings/spaces/${v.spaceId}/delete`, { version: '"v"' }],
    [
      `${o}/settings/automations`,
      {
        name: 'Chase',
        trigger_type: 'inquiry.received',
        steps: '1',
        step_0_type: 'add_note',
        step_0_body: 'x',
      },
    ],
    [`${o}/settings/automations/shipped`, { key: 'thank_you' }],
  ];
}

function pages(v: WorkspaceVenue): string[] {
  const o = `/orgs/${v.orgId}`;
  return [
    `${o}/bookings`,
    `${o}/bookings/new`,
    `${o}/bookings/${v.bookingId}`,
    `${o}/bookings/${v.bookingId}/edit`,
    `${o}/week`,
    `${o}/accounts`,
    `${o}/accounts/new`,
    `${o}/accounts/${v.accountId}`,
    `${o}/accounts/${v.accountId}/edit`,
    `${o}/contacts`,
    `${o}/contacts/new`,
    `${o}/contacts/${v.contactId}`,
    `${o}/contacts/${v.contactId}/edit`,
    `${o}/notes/${v.noteId}/edit`,
    `${o}/settings/spaces`,
    `${o}/settings/spaces/${v.spaceId}`,
  ];
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let other: WorkspaceVenue;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Harbour Rooms');
    other = await makeWorkspaceVenue(suite.db, 'Other Venue');
  });
  after(() => server.close());

  async function snapshot() {
    const count = async (table: 'bookings' | 'accounts' | 'contacts' | 'spaces' | 'notes') =>
      (await suite.db.selectFrom(table).select(['id', 'updated_at']).orderBy('id').execute()).map(
        (r) => `${r.id}@${r.updated_at}`,
      );
    return Promise.all([
      count('bookings'),
      count('accounts'),
      count('contacts'),
      count('spaces'),
      count('notes'),
    ]);
  }

  it('sends visitors without a session to sign in', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    for (const path of pages(venue)) {
      const response = await session.request(path);
      assert.equal(response.status, 303, path);
      assert.equal(response.location, `${server.url}/sign-in?return_to=${encodeURIComponent(path)}`);
    }
  });

  it('lands a signed-in user on the bookings of their first organization', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const home = await session.request('/');
    assert.equal(home.status, 303);
    assert.equal(home.location, `${server.url}/orgs/${venue.orgId}/bookings`);
  });

  it('refuses every form without a CSRF token or with a wrong one, changing nothing', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const before = await snapshot();
    for (const [path, fields] of forms(venue)) {
      for (const csrf of [undefined, 'wrong-token']) {
        const response = await session.request(path, { form: csrf ? { ...fields, _csrf: csrf } : fields });
        assert.equal(response.status, 403, `${path} with ${csrf ?? 'no'} token`);
        assert.match(response.body, /This form has expired/);
      }
    }
    assert.deepEqual(await snapshot(), before);
  });

  it('keeps members out of Settings → Spaces, GET and POST, and out of its navigation', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const home = await session.request(`/orgs/${venue.orgId}/bookings`);
    assert.doesNotMatch(home.body, /settings\/spaces/);
    for (const path of [
      `/orgs/${venue.orgId}/settings/spaces`,
      `/orgs/${venue.orgId}/settings/spaces/${venue.spaceId}`,
    ]) {
      const response = await session.request(path);
      assert.equal(response.status, 403, path);
      assert.match(response.body, /Only organization admins may change spaces\./);
      assert.match(response.body, /aria-label="Sections"/, 'the refusal keeps the navigation');
    }
    const before = await snapshot();
    for (const [path, fields] of forms(venue).filter(([p]) => p.includes('/settings/'))) {
      const response = await session.request(path, { form: { ...fields, _csrf: csrf } });
      assert.equal(response.status, 403, path);
    }
    assert.deepEqual(await snapshot(), before);
  });

  it('refuses members every admin page and every admin form in the policy’s words, before a rule reads the post', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const org = `/orgs/${venue.orgId}`;
    const pages = [
      'settings/venue',
      'settings/email',
      'settings/inquiry-form',
      'settings/outgoing-mail',
      'settings/pipelines',
      'settings/event-types',
      'settings/documents',
      'settings/import-export',
      'settings/import-export/export/bookings.csv',
      'settings/automations',
      'settings/automations/new',
      'settings/team',
      'settings/developers/api-keys',
      'settings/developers/assistants',
    ];
    for (const page of pages) {
      const response = await session.request(`${org}/${page}`);
      assert.equal(response.status, 403, page);
      assert.match(response.body, /Administrators only/, page);
      assert.match(
        response.body,
        /Only (organization admins|the organization(’|&#39;|')s admins) may /,
        page,
      );
    }
    // Empty forms, which the rules would refuse field by field: the policy answers first.
    const before = await snapshot();
    for (const post of [
      'settings/venue',
      'settings/spaces',
      'settings/pipelines',
      'settings/event-types',
      'settings/catalogue',
      'settings/tax-rates',
      'settings/team',
    ]) {
      const response = await session.request(`${org}/${post}`, { form: { _csrf: csrf } });
      assert.equal(response.status, 403, post);
      assert.doesNotMatch(response.body, /aria-invalid="true"/, post);
    }
    assert.deepEqual(await snapshot(), before);
  });

  it("answers 404 for another organization's ids on every route, and for an organization the user is not in", async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    // The venue's organization with the other venue's record ids.
    const mixed: WorkspaceVenue = { ...other, orgId: venue.orgId };
    const before = await snapshot();
    for (const path of pages(mixed).filter((p) =>
      /\/[0-9a-z]{20,}(\/|$)/i.test(p.split(venue.orgId)[1] ?? ''),
    )) {
      const response = await session.request(path);
      assert.equal(response.status, 404, path);
      assert.match(response.body, /There is nothing at this address/);
    }
    for (const [path, fields] of forms(mixed).filter(([p]) =>
      /\/(bookings|accounts|contacts|notes|spaces)\/[^/]+/.test(p),
    )) {
      const response = await session.request(path, { form: { ...fields, _csrf: csrf } });
      assert.equal(response.status, 404, path);
    }
    for (const path of pages(other)) {
      assert.equal((await session.request(path)).status, 404, path);
    }
    for (const [path, fields] of forms(other)) {
      assert.equal((await session.request(path, { form: { ...fields, _csrf: csrf } })).status, 404, path);
    }
    assert.deepEqual(await snapshot(), before);
  });
});
