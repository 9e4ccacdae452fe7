/**
 * The caller's own membership through the API (SPEC §18: "each member may turn these off, or take
 * one digest"): GET and PATCH /v2/me/memberships/{organization_id}, as GitHub's
 * /user/memberships/orgs/{org}. A member changes their own task e-mails with a crm_manage token or
 * API key, and /v2/me shows the choice; a choice that is none of the three, or a role, is a 422 at
 * its pointer, changing nothing; a crm_read token is refused its write; an organization the
 * credentials may not use is a 404; nobody's choice but the caller's is touched.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, type CallOptions, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeApiKey, makeOrganization, makeUser } from '../helpers/factories.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
import { type ErrorBody, problemsAt } from '../helpers/writes.js';

interface MembershipBody {
  data: {
    type: string;
    id: string;
    attributes: { role: string; task_emails: string };
    relationships: Record<string, { data: { type: string; id: string } }>;
  };
  links: { self: string };
}
interface MeBody {
  data: { id: string };
  meta: { organizations: Array<{ id: string; task_emails: string }> };
}

const membershipDocument = (id: string, attributes: Record<string, unknown>) => ({
  data: { type: 'memberships', id, attributes },
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let path: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2031-06-02T14:00:00Z'));
    venue = await makeVenue(suite.db);
    path = `/v2/me/memberships/${venue.orgId}`;
  });
  after(() => server.close());

  const stored = async (userId: string) =>
    (
      await suite.db
        .selectFrom('memberships')
        .select('task_emails')
        .where('organization_id', '=', venue.orgId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).task_emails;
  const as =
    (token: string) =>
    (p: string, options: CallOptions = {}) =>
      call<MembershipBody & MeBody & ErrorBody>(server, p, { token, ...options });

  it('lets a member read and change their own task e-mails, shown on /v2/me too', async () => {
    const token = await memberClientToken(suite.db, server, venue);
    const api = as(token);
    const colleague = await makeUser(suite.db, venue.orgId, { role: 'member' });
    const me = (await api('/v2/me')).body.data.id;

    const read = await api(path);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.match(read.headers.get('content-type') ?? '', /^application\/vnd\.api\+json/);
    assert.deepEqual(read.body.data, {
      type: 'memberships',
      id: venue.orgId,
      attributes: { role: 'member', task_emails: 'each' },
      relationships: {
        organization: { data: { type: 'organizations', id: venue.orgId } },
        user: { data: { type: 'users', id: me } },
      },
    });
    assert.equal(read.body.links.self, `${server.url}${path}`);

    const changed = await api(path, {
      method: 'PATCH',
      body: membershipDocument(venue.orgId, { task_emails: 'digest' }),
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.attributes.task_emails, 'digest');
    assert.equal(await stored(me), 'digest');
    assert.equal(await stored(colleague.id), 'each', 'only the caller’s own choice changes');
    const shown = (await api('/v2/me')).body.meta.organizations.find((o) => o.id === venue.orgId);
    assert.equal(shown?.task_emails, 'digest');
    assert.equal((await api(path)).body.data.attributes.task_emails, 'digest');
  });

  it('refuses a choice that is none of the three and a role, each at its pointer, changing nothing', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const api = as(tokens.access_token);
    const refused = await api(path, {
      method: 'PATCH',
      body: membershipDocument(venue.orgId, { task_emails: 'weekly', role: 'admin' }),
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(
      problemsAt(refused.body).map(([pointer]) => pointer),
      ['/data/attributes/role', '/data/attributes/task_emails'],
    );
    assert.equal(await stored(venue.user.id), 'each');

    const mismatched = await api(path, {
      method: 'PATCH',
      body: membershipDocument('01j0000000000000000000000a', { task_emails: 'off' }),
    });
    assert.equal(mismatched.status, 409, JSON.stringify(mismatched.body));
    assert.equal(mismatched.body.errors[0]?.source?.pointer, '/data/id');
    assert.equal(await stored(venue.user.id), 'each');
  });

  it('needs crm_manage to change it, and works with an API key', async () => {
    const { tokens } = await codeFlowTokens(server, venue, { scope: 'crm_read' });
    const reader = as(tokens.access_token);
    assert.equal((await reader(path)).status, 200);
    const refused = await reader(path, {
      method: 'PATCH',
      body: membershipDocument(venue.orgId, { task_emails: 'off' }),
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors[0]?.code, 'insufficient_scope');
    assert.equal(await stored(venue.user.id), 'each');

    const key = await makeApiKey(
      suite.db,
      { organizationId: venue.orgId, userId: venue.user.id, name: 'Own', scopes: ['crm_manage'] },
      server.clock.now(),
    );
    const byKey = await call<MembershipBody>(server, path, {
      method: 'PATCH',
      headers: { 'x-api-key': key.secret },
      body: membershipDocument(venue.orgId, { task_emails: 'off' }),
    });
    assert.equal(byKey.status, 200, JSON.stringify(byKey.body));
    assert.equal(await stored(venue.user.id), 'off');
  });

  it('is a 404 for an organization the credentials may not use', async () => {
    const { tokens } = await codeFlowTokens(server, venue);
    const api = as(tokens.access_token);
    const elsewhere = await makeOrganization(suite.db);
    await makeUser(suite.db, elsewhere.id, { role: 'member' });
    for (const id of [elsewhere.id, 'nothing-like-an-id']) {
      const found = await api(`/v2/me/memberships/${id}`);
      assert.equal(found.status, 404, JSON.stringify(found.body));
      const changed = await api(`/v2/me/memberships/${id}`, {
        method: 'PATCH',
        body: membershipDocument(id, { task_emails: 'off' }),
      });
      assert.equal(changed.status, 404, JSON.stringify(changed.body));
    }
  });
});
