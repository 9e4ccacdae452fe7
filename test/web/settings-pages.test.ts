/** The settings pages over plain HTTP: validation tied to fields, CSRF, authorization, deletion. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { codeFlowTokens, makeVenue, signIn, type Venue } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  async function adminSession(): Promise<BrowserSession> {
    const session = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, session, venue.user.email)).status, 303);
    return session;
  }

  it('sends visitors without a session to sign in, and back afterwards', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    for (const path of [
      '/settings',
      '/settings/integrations',
      '/settings/connected-apps',
      `/settings/integrations/${venue.publicClient.id}`,
    ]) {
      const response = await session.request(path);
      assert.equal(response.status, 303, path);
      assert.equal(response.location, `${server.url}/sign-in?return_to=${encodeURIComponent(path)}`);
    }
    const signedIn = await signIn(server, session, venue.user.email, undefined, '/settings/connected-apps');
    assert.equal(signedIn.location, `${server.url}/settings/connected-apps`);
    assert.equal(
      (await session.request('/sign-in?return_to=//evil.example/')).location,
      `${server.url}/`,
      'no open redirect',
    );
  });

  it('ties validation errors to their fields', async () => {
    const session = await adminSession();
    const form = await session.request(`/settings/integrations/new?org=${venue.orgId}`);
    const fields = formFields(form.body, '/settings/integrations');
    const response = await session.request('/settings/integrations', {
      form: {
        ...fields,
        name: 'Bad',
        kind: 'public',
        redirect_uris: 'http://not-loopback.example/cb',
        scopes: 'crm_read',
      },
    });
    assert.equal(response.status, 422);
    assert.match(response.body, /id="redirect_uris-error"[^>]*>[^<]*https/);
    assert.match(response.body, /aria-describedby="redirect-hint redirect_uris-error"/);
    assert.match(response.body, /role="alert"/);
    const noName = await session.request('/settings/integrations', {
      form: { ...fields, name: '', kind: 'private', owner: venue.user.email, scopes: 'crm_read' },
    });
    assert.equal(noName.status, 422);
    assert.match(noName.body, /id="name-error"/);
  });

  it('refuses every settings form without its CSRF token', async () => {
    const session = await adminSession();
    for (const path of [
      '/settings/integrations',
      `/settings/integrations/${venue.publicClient.id}`,
      `/settings/integrations/${venue.publicClient.id}/rotate-secret`,
      `/settings/integrations/${venue.publicClient.id}/delete`,
      `/settings/connected-apps/${venue.publicClient.id}/revoke`,
      '/sign-out',
    ]) {
      const response = await session.request(path, { form: { org: venue.orgId, _csrf: 'forged' } });
      assert.equal(response.status, 403, path);
    }
    assert.equal(
      (await session.request(`/settings/integrations/${venue.publicClient.id}`)).status,
      200,
      'nothing was deleted',
    );
  });

  it('edits redirect URIs and scopes', async () => {
    const session = await adminSession();
    const page = await session.request(`/settings/integrations/${venue.publicClient.id}`);
    const fields = formFields(page.body, `/settings/integrations/${venue.publicClient.id}`);
    const saved = await session.request(`/settings/integrations/${venue.publicClient.id}`, {
      form: {
        ...fields,
        redirect_uris: 'http://127.0.0.1:9/callback\nhttps://app.example/cb',
        scopes: 'crm_read',
      },
    });
    assert.equal(saved.status, 303);
    const row = await suite.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', venue.publicClient.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.redirect_uris), [
      'http://127.0.0.1:9/callback',
      'https://app.example/cb',
    ]);
    assert.equal(row.scopes, 'crm_read');
  });

  it('deleting an integration stops every one of its tokens at once', async () => {
    const other = await makeVenue(suite.db);
    const { tokens } = await codeFlowTokens(server, other);
    assert.equal((await call(server, '/v2/me', { token: tokens.access_token })).status, 200);
    const session = new BrowserSession(server.url, server.fetch);
    await signIn(server, session, other.user.email);
    const page = await session.request(`/settings/integrations/${other.publicClient.id}/delete`);
    const fields = formFields(page.body, `/settings/integrations/${other.publicClient.id}/delete`);
    assert.equal(fields._csrf !== undefined, true, 'the confirmation page holds the form');
    const deleted = await session.request(`/settings/integrations/${other.publicClient.id}/delete`, {
      form: fields,
    });
    assert.equal(deleted.status, 303);
    assert.equal((await call(server, '/v2/me', { token: tokens.access_token })).status, 401);
  });

  it('lets only admins of the integration’s own organization manage it', async () => {
    const member = await makeUser(suite.db, venue.orgId, { role: 'member' });
    const session = new BrowserSession(server.url, server.fetch);
    await signIn(server, session, member.email);
    const home = await session.request('/settings');
    assert.equal(home.location, `${server.url}/settings/connected-apps`);
    const page = await session.request('/settings/connected-apps');
    assert.doesNotMatch(page.body, /href="\/settings\/integrations"/);
    const fields = formFields(page.body, '/sign-out');
    assert.equal((await session.request(`/settings/integrations/${venue.publicClient.id}`)).status, 403);
    assert.equal(
      (
        await session.request(`/settings/integrations/${venue.publicClient.id}/rotate-secret`, {
          form: fields,
        })
      ).status,
      403,
    );

    const elsewhere = await makeOrganization(suite.db);
    const stranger = await makeUser(suite.db, elsewhere.id, { role: 'admin' });
    const strangerSession = new BrowserSession(server.url, server.fetch);
    await signIn(server, strangerSession, stranger.email);
    assert.equal(
      (await strangerSession.request(`/settings/integrations/${venue.publicClient.id}`)).status,
      404,
    );
    assert.equal((await strangerSession.request(`/settings/integrations?org=${venue.orgId}`)).status, 403);
  });

  it('signs out: the session stops working', async () => {
    const session = await adminSession();
    const page = await session.request('/settings/connected-apps');
    const out = await session.request('/sign-out', { form: formFields(page.body, '/sign-out') });
    assert.equal(out.status, 303);
    assert.equal((await session.request('/settings/connected-apps')).status, 303);
  });
});
