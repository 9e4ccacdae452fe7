/**
 * Settings → Team over plain HTTP: an admin invites a person by e-mail with a role and is shown a
 * one-time /set-password/<token> link; following it in another browser and choosing a password
 * signs that person in to the workspace; the link works once (and for seven days), and its token
 * never reaches the server log. Admins change roles; the last admin can be neither demoted nor
 * removed; removing a member ends their access at once (their open session's next page is
 * refused, their apps stop); a member cannot open or use Settings → Team, and is told why in
 * words about that page.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields, inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration, makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { postForm, signIn } from '../helpers/oauth.js';
import { systemClock } from '../../src/clock.js';
import { inviteMember } from '../../src/identity/team.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import {
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { staffActor } from '../../src/policy/actor.js';

const NEW_PASSWORD = 'a brand new password';

/** The one-time link a page shows after an invitation. */
function invitationLink(body: string): URL {
  const link = /<code class="secret">([^<]+)<\/code>/.exec(body)?.[1];
  assert.ok(link, 'the page shows the link');
  return new URL(link);
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let admin: { session: BrowserSession; csrf: string };

  before(async () => {
    // Request lines are logged at info: the log is read for the link's token.
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
  });
  after(() => server.close());

  const invite = (email: string, role: string) =>
    admin.session.request(`${o}/settings/team`, {
      form: { _csrf: admin.csrf, name: 'A Person', email, role },
    });

  const roleOf = async (userId: string) =>
    (
      await suite.db
        .selectFrom('memberships')
        .select('role')
        .where('organization_id', '=', venue.orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.role;

  /** A CSRF token of a browser without a session (from the sign-in page). */
  const anonymousCsrf = async (session: BrowserSession) =>
    formFields((await session.request('/sign-in')).body, '/sign-in')._csrf!;

  it('invites a person with a one-time link that sets their password and signs them in', async () => {
    const team = await admin.session.request(`${o}/settings/team`);
    assert.equal(team.status, 200);
    assert.ok(team.body.includes(venue.member.email));

    const invited = await invite('Nora.New@Test.Example', 'member');
    assert.equal(invited.status, 200, invited.body.slice(0, 500));
    assert.match(invited.body, /nora\.new@test\.example is invited/);
    const link = invitationLink(invited.body);
    assert.equal(link.origin, server.url);
    assert.match(link.pathname, /^\/set-password\/[A-Za-z0-9_-]{20,}$/);
    const token = link.pathname.split('/').pop()!;
    assert.ok(!(invited.headers.get('location') ?? '').includes(token), 'not in an address');

    const user = await suite.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', 'nora.new@test.example')
      .executeTakeFirstOrThrow();
    assert.equal(await roleOf(user.id), 'member');
    const stored = await suite.db
      .selectFrom('password_links')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.notEqual(stored.token_hash, token, 'only a hash of the token is kept');

    // Until the link is used nobody signs in as them, whatever the password.
    const early = new BrowserSession(server.url, server.fetch);
    for (const guess of ['', 'none', TEST_PASSWORD]) {
      assert.notEqual((await signIn(server, early, 'nora.new@test.example', guess)).status, 303, guess);
    }

    // The person, in a browser of their own.
    const person = new BrowserSession(server.url, server.fetch);
    const choose = await person.request(link.pathname);
    assert.equal(choose.status, 200);
    assert.match(choose.body, /Choose your password/);
    assert.match(choose.body, /For nora\.new@test\.example\./);
    const csrf = inputValue(choose.body, '_csrf')!;
    const differ = await person.request(link.pathname, {
      form: { _csrf: csrf, password: NEW_PASSWORD, password_again: `${NEW_PASSWORD}!` },
    });
    assert.equal(differ.status, 422);
    assert.match(differ.body, /The two passwords differ\./);
    const set = await person.request(link.pathname, {
      form: {
        _csrf: inputValue(differ.body, '_csrf')!,
        password: NEW_PASSWORD,
        password_again: NEW_PASSWORD,
      },
    });
    assert.equal(set.status, 303, set.body.slice(0, 500));
    assert.equal(set.location, `${server.url}${o}/bookings`);
    const workspace = await person.request(set.location);
    assert.equal(workspace.status, 200);
    assert.match(workspace.body, /nora\.new@test\.example/, 'signed in as themselves');
    const every = await person.request(`${o}/bookings?from=`);
    assert.match(every.body, /Lumen summer party/, 'they see the venue’s bookings');

    // The link is used up: following it again, or posting to it, is refused.
    const again = new BrowserSession(server.url, server.fetch);
    const reopened = await again.request(link.pathname);
    assert.equal(reopened.status, 404);
    assert.match(reopened.body, /This link does not work/);
    const reposted = await again.request(link.pathname, {
      form: {
        _csrf: await anonymousCsrf(again),
        password: 'someone else entirely',
        password_again: 'someone else entirely',
      },
    });
    assert.equal(reposted.status, 404);
    assert.match(reposted.body, /This link does not work/);

    // They sign in with the password they chose, elsewhere too.
    const later = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, later, 'nora.new@test.example', NEW_PASSWORD)).status, 303);
    assert.equal((await later.request(`${o}/bookings`)).status, 200);

    // The server log has the request, never the token.
    const log = server.logs.join('\n');
    assert.match(log, /"path":"\/set-password\/…"/, 'set-password requests are logged');
    assert.ok(!log.includes(token), 'the log holds the link’s token');
  });

  it('lists the team by name, the e-mail beside it, and asks to remove a person by their name', async () => {
    const email = 'ines.by.name@test.example';
    const invited = await admin.session.request(`${o}/settings/team`, {
      form: { _csrf: admin.csrf, name: 'Inès Duarte', email, role: 'member' },
    });
    assert.ok(invited.status < 400, invited.body.slice(0, 300));
    const team = await admin.session.request(`${o}/settings/team`);
    const row = team.body.split('<tr>').find((r) => r.includes(email));
    assert.ok(row, 'a row for the invited person');
    assert.match(
      row,
      /<td><strong>Inès Duarte<\/strong><div class="muted small">ines\.by\.name@test\.example<\/div><\/td>/,
    );
    assert.match(row, /<label class="visually-hidden" for="role-[^"]+">Role of Inès Duarte<\/label>/);
    const id = /settings\/team\/([^/]+)\/remove/.exec(row)?.[1];
    const confirm = await admin.session.request(`${o}/settings/team/${id}/remove`);
    assert.match(confirm.body, /<h1>Remove Inès Duarte \(ines\.by\.name@test\.example\)\?<\/h1>/);
  });

  it('keeps a link for seven days only', async () => {
    const invited = await invite('late.reader@test.example', 'member');
    const link = invitationLink(invited.body);
    server.clock.advance(8 * 86_400_000);
    try {
      const person = new BrowserSession(server.url, server.fetch);
      const page = await person.request(link.pathname);
      assert.equal(page.status, 404);
      assert.match(page.body, /This link does not work/);
    } finally {
      server.clock.advance(-8 * 86_400_000);
    }
    assert.equal((await new BrowserSession(server.url, server.fetch).request(link.pathname)).status, 200);
  });

  it('adds someone who already uses Marquee without a link, and refuses bad invitations beside the field', async () => {
    const elsewhere = await makeOrganization(suite.db);
    const known = await makeUser(suite.db, elsewhere.id, { role: 'admin' });
    const added = await invite(known.email, 'admin');
    assert.equal(added.status, 303);
    assert.equal(added.location, `${server.url}${o}/settings/team?notice=added`);
    const shown = await admin.session.request(added.location);
    assert.match(shown.body, /Added: they sign in with the password they already have\./);
    assert.doesNotMatch(shown.body, /set-password/);
    assert.equal(await roleOf(known.id), 'admin');
    const theirs = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, theirs, known.email)).status, 303);
    assert.equal((await theirs.request(`${o}/settings/team`)).status, 200, 'an admin here now');

    const bad = await invite('not an address', 'member');
    assert.equal(bad.status, 422);
    assert.equal(fieldError(bad.body, 'email'), '"not an address" is not an e-mail address.');
    const twice = await invite(venue.member.email, 'member');
    assert.equal(twice.status, 422);
    assert.equal(fieldError(twice.body, 'email'), `${venue.member.email} is a member already.`);

    // Put the venue back to one admin for the tests that follow.
    const removed = await admin.session.request(`${o}/settings/team/${known.id}/remove`, {
      form: { _csrf: admin.csrf },
    });
    assert.equal(removed.status, 303);
  });

  it('changes a member’s role, and with it what they may open', async () => {
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    assert.equal((await member.session.request(`${o}/settings/team`)).status, 403);
    const promoted = await admin.session.request(`${o}/settings/team/${venue.member.id}/role`, {
      form: { _csrf: admin.csrf, role: 'admin' },
    });
    assert.equal(promoted.status, 303);
    assert.equal(promoted.location, `${server.url}${o}/settings/team?notice=role`);
    assert.match((await admin.session.request(promoted.location)).body, /Role changed\./);
    assert.equal(await roleOf(venue.member.id), 'admin');
    assert.equal((await member.session.request(`${o}/settings/team`)).status, 200, 'their next page knows');

    const demoted = await admin.session.request(`${o}/settings/team/${venue.member.id}/role`, {
      form: { _csrf: admin.csrf, role: 'member' },
    });
    assert.equal(demoted.status, 303);
    assert.equal(await roleOf(venue.member.id), 'member');
    assert.equal((await member.session.request(`${o}/settings/team`)).status, 403);

    const unknownRole = await admin.session.request(`${o}/settings/team/${venue.member.id}/role`, {
      form: { _csrf: admin.csrf, role: 'owner' },
    });
    assert.equal(unknownRole.status, 422);
    assert.equal(await roleOf(venue.member.id), 'member');
  });

  it('refuses to demote or remove the last admin, saying why', async () => {
    const admins = await suite.db
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', venue.orgId)
      .where('role', '=', 'admin')
      .execute();
    assert.deepEqual(
      admins.map((a) => a.user_id),
      [venue.admin.id],
      'one admin',
    );
    const demote = await admin.session.request(`${o}/settings/team/${venue.admin.id}/role`, {
      form: { _csrf: admin.csrf, role: 'member' },
    });
    assert.equal(demote.status, 409);
    assert.match(demote.body, /This is the organization’s last admin; make another member admin first\./);
    assert.equal(await roleOf(venue.admin.id), 'admin');

    const confirm = await admin.session.request(`${o}/settings/team/${venue.admin.id}/remove`);
    assert.equal(confirm.status, 200);
    const remove = await admin.session.request(`${o}/settings/team/${venue.admin.id}/remove`, {
      form: formFields(confirm.body, `${o}/settings/team/${venue.admin.id}/remove`),
    });
    assert.equal(remove.status, 409);
    assert.match(remove.body, /This is the organization’s last admin; make another member admin first\./);
    assert.equal(await roleOf(venue.admin.id), 'admin');
    assert.equal((await admin.session.request(`${o}/settings/team`)).status, 200, 'still an admin');
  });

  it('ends a removed member’s access at once: their open session and their apps', async () => {
    const leaver = await makeUser(suite.db, venue.orgId, { role: 'member' });
    const theirs = await workspaceSession(server, leaver.email, venue.orgId);
    assert.match((await theirs.session.request(`${o}/bookings?from=`)).body, /Lumen summer party/);
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
    const token = await postForm(server, '/oauth/token', credentials);
    assert.equal(token.status, 200);
    const bearer = { authorization: `Bearer ${String(token.body.access_token)}`, 'x-api-org': venue.orgId };
    assert.equal((await server.fetch(`${server.url}/v2/bookings`, { headers: bearer })).status, 200);

    const confirm = await admin.session.request(`${o}/settings/team/${leaver.id}/remove`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.body, new RegExp(`Remove [^<]*\\(${leaver.email.replace(/\./g, '\\.')}\\)\\?`));
    assert.equal(await roleOf(leaver.id), 'member', 'asking removes nobody');
    const removed = await admin.session.request(`${o}/settings/team/${leaver.id}/remove`, {
      form: formFields(confirm.body, `${o}/settings/team/${leaver.id}/remove`),
    });
    assert.equal(removed.status, 303);
    assert.equal(removed.location, `${server.url}${o}/settings/team?notice=removed`);
    const team = await admin.session.request(removed.location);
    assert.match(team.body, /Member removed: their access to this venue ended\./);
    assert.ok(!team.body.includes(leaver.email));
    assert.equal(await roleOf(leaver.id), undefined);

    // Their session's next page is refused; so are their forms and their app's token.
    const next = await theirs.session.request(`${o}/bookings?from=`);
    assert.equal(next.status, 404, 'not a member: the venue is not there for them');
    assert.doesNotMatch(next.body, /Lumen summer party/);
    const post = await theirs.session.request(`${o}/accounts`, {
      form: { _csrf: theirs.csrf, name: 'After hours' },
    });
    assert.ok(post.status >= 400, `refused: ${post.status}`);
    assert.equal(
      (await suite.db.selectFrom('accounts').select('id').where('name', '=', 'After hours').execute()).length,
      0,
    );
    assert.notEqual((await server.fetch(`${server.url}/v2/bookings`, { headers: bearer })).status, 200);
    assert.notEqual((await postForm(server, '/oauth/token', credentials)).status, 200);
  });

  it('keeps Settings → Team from members', async () => {
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = await member.session.request(`${o}/settings/team`);
    assert.equal(page.status, 403);
    assert.match(page.body, /Administrators only/);
    const bookings = await member.session.request(`${o}/bookings`);
    assert.ok(!bookings.body.includes(`href="${o}/settings/team"`), 'no link to it');
    for (const [path, form] of [
      [`${o}/settings/team`, { email: 'friend@test.example', role: 'admin' }],
      [`${o}/settings/team/${venue.member.id}/role`, { role: 'admin' }],
      [`${o}/settings/team/${venue.admin.id}/role`, { role: 'member' }],
      [`${o}/settings/team/${venue.admin.id}/remove`, {}],
    ] as const) {
      const refused = await member.session.request(path, { form: { _csrf: member.csrf, ...form } });
      assert.equal(refused.status, 403, path);
    }
    assert.equal((await member.session.request(`${o}/settings/team/${venue.admin.id}/remove`)).status, 403);
    assert.equal(await roleOf(venue.member.id), 'member');
    assert.equal(await roleOf(venue.admin.id), 'admin');
    assert.equal(
      (await suite.db.selectFrom('users').select('id').where('email', '=', 'friend@test.example').execute())
        .length,
      0,
    );
  });

  it('tells a refused member why in words about the page they opened, not about spaces', async () => {
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    for (const path of [`${o}/settings/team`, `${o}/settings/venue`]) {
      const page = await member.session.request(path);
      assert.equal(page.status, 403, path);
      assert.match(
        page.body,
        /Only (organization admins may manage its team|the organization(’|&#39;|')s admins may change its settings)\./,
        path,
      );
      assert.doesNotMatch(page.body, /manage its spaces/, `${path} speaks of spaces`);
    }
  });

  it('gives someone invited elsewhere who never set a password no link here, and ends the link they had', async () => {
    const elsewhere = await makeOrganization(suite.db);
    const elsewhereAdmin = await makeUser(suite.db, elsewhere.id, { role: 'admin' });
    const invite = (organizationId: string, userId: string) =>
      write(
        { db: suite.db, clock: systemClock },
        staffActor({ organizationId, userId, role: 'admin', door: 'workspace' }),
        inviteMember,
        { email: 'later@test.example', name: 'Later', role: 'member', sending: false, authUrl: server.url },
      );
    const first = await invite(elsewhere.id, elsewhereAdmin.id);
    assert.equal(first.kind, 'created');
    assert.ok(
      first.kind === 'created' && first.passwordToken,
      'the first invitation made the account: a link',
    );
    const again = await invite(venue.orgId, venue.admin.id);
    assert.deepEqual(
      { kind: again.kind, token: 'passwordToken' in again },
      { kind: 'added', token: false },
      'this venue did not make the account: no link for it',
    );
    const theirs = new BrowserSession(server.url, server.fetch);
    const page = await theirs.request(`/set-password/${first.kind === 'created' ? first.passwordToken : ''}`);
    assert.equal(page.status, 404, 'the link shown elsewhere ended');
  });
});
