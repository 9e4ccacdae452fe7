import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { addMember } from '../../src/identity/identity.service.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, makeCrm, noteBody, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { codeFlowTokens, postForm } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let token: string;
  before(async () => {
    // Tokens keep their usual lifetime: the clock follows the wall clock, so a lifetime of seconds
    // would run out while a slow machine works through the tests that share this token.
    server = await startTestServer(suite.database);
    crm = await makeCrm(suite.db, 3);
    token = await clientCredentialsToken(server, crm.venue);
  });
  after(() => server.close());

  it('answers 401 with a Bearer challenge when no token is sent', async () => {
    for (const path of ['/v2/me', '/v2/bookings', '/notes', `/v2/bookings/${crm.bookingIds[0]}`]) {
      const response = await call(server, path, { org: crm.venue.orgId });
      assert.equal(response.status, 401, path);
      assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="marquee"');
      const body = response.body as {
        errors: Array<{ status: string; code: string }>;
        meta: { request_id: string };
      };
      assert.equal(body.errors[0]?.status, '401');
      assert.equal(body.meta.request_id, response.headers.get('x-request-id'));
    }
  });

  it('answers 401 invalid_token for unknown, malformed, revoked and expired tokens', async () => {
    const revoked = await clientCredentialsToken(server, crm.venue);
    await postForm(server, '/oauth/revoke', {
      token: revoked,
      client_id: crm.venue.privateClient.clientId,
      client_secret: crm.venue.privateClient.clientSecret,
    });
    const expiring = await clientCredentialsToken(server, crm.venue);
    server.clock.advance((server.config.accessTokenTtl + 1) * 1000);
    for (const bad of ['mqa_unknown', 'not a token', revoked, expiring]) {
      const response = await call(server, '/v2/bookings', { token: bad, org: crm.venue.orgId });
      assert.equal(response.status, 401, bad);
      assert.match(
        response.headers.get('www-authenticate') ?? '',
        /^Bearer realm="marquee", error="invalid_token"/,
      );
    }
    token = await clientCredentialsToken(server, crm.venue);
  });

  it('does not accept tokens in the query string', async () => {
    const response = await call(server, `/v2/bookings?access_token=${token}`, { org: crm.venue.orgId });
    assert.equal(response.status, 401);
    // The same token in the Authorization header is live: the query string is what is refused.
    assert.equal((await call(server, '/v2/bookings', { token, org: crm.venue.orgId })).status, 200);
  });

  it('needs X-API-ORG: 400 when missing or malformed, 403 when not granted or no longer a member', async () => {
    const missing = await call(server, '/v2/bookings', { token });
    assert.equal(missing.status, 400);
    assert.deepEqual((missing.body as { errors: Array<{ source: unknown }> }).errors[0]?.source, {
      header: 'X-API-ORG',
    });
    for (const malformed of ['nope', `${crm.venue.orgId},${crm.venue.orgId}`, 'ABCDEFGHJKMNPQRSTVWXYZ0123']) {
      assert.equal((await call(server, '/v2/bookings', { token, org: malformed })).status, 400, malformed);
    }
    const other = await makeOrganization(suite.db);
    assert.equal((await call(server, '/v2/bookings', { token, org: other.id })).status, 403);

    // A user who leaves the organization loses access through every token at once.
    const leaver = await makeUser(suite.db, crm.venue.orgId);
    const { tokens } = await codeFlowTokens(server, crm.venue, { email: leaver.email });
    assert.equal(
      (await call(server, '/v2/bookings', { token: tokens.access_token, org: crm.venue.orgId })).status,
      200,
    );
    await suite.db.deleteFrom('memberships').where('user_id', '=', leaver.id).execute();
    const gone = await call(server, '/v2/bookings', { token: tokens.access_token, org: crm.venue.orgId });
    assert.equal(gone.status, 403);
  });

  it('needs crm_manage to write and crm_read (or crm_manage) to read', async () => {
    const readOnly = await clientCredentialsToken(server, crm.venue, 'crm_read');
    assert.equal((await call(server, '/v2/bookings', { token: readOnly, org: crm.venue.orgId })).status, 200);
    const write = await call(server, '/notes', {
      token: readOnly,
      org: crm.venue.orgId,
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[0]!),
    });
    assert.equal(write.status, 403);
    assert.equal(
      write.headers.get('www-authenticate'),
      'Bearer realm="marquee", error="insufficient_scope", scope="crm_manage"',
    );
    const manageOnly = await clientCredentialsToken(server, crm.venue, 'crm_manage');
    assert.equal(
      (await call(server, '/v2/bookings', { token: manageOnly, org: crm.venue.orgId })).status,
      200,
    );
  });

  it('tells a token who it acts for at GET /v2/me, without X-API-ORG', async () => {
    const second = await makeOrganization(suite.db);
    await addMember(suite.db, second.id, crm.venue.user.email);
    const cc = await call<{ data: Record<string, unknown>; meta: Record<string, unknown> }>(
      server,
      '/v2/me',
      { token },
    );
    assert.equal(cc.status, 200);
    assert.match(cc.headers.get('content-type') ?? '', /^application\/vnd\.api\+json/);
    assert.deepEqual(cc.body.data, {
      type: 'users',
      id: crm.venue.user.id,
      attributes: { email: crm.venue.user.email, name: crm.venue.user.email.split('@')[0] },
    });
    assert.equal(cc.body.meta.grant_type, 'client_credentials');
    assert.deepEqual(cc.body.meta.integration, {
      id: crm.venue.privateClient.id,
      name: (cc.body.meta.integration as { name: string }).name,
      kind: 'private',
    });
    assert.deepEqual(cc.body.meta.scopes, ['crm_read', 'crm_manage']);
    assert.deepEqual(cc.body.meta.organizations, [
      {
        id: crm.venue.orgId,
        name: (cc.body.meta.organizations as Array<{ name: string }>)[0]?.name,
        role: 'admin',
        task_emails: 'each',
      },
    ]);

    const { tokens } = await codeFlowTokens(server, crm.venue, { scope: 'crm_read' });
    const person = await call<{ meta: { grant_type: string; organizations: Array<{ id: string }> } }>(
      server,
      '/v2/me',
      { token: tokens.access_token },
    );
    assert.equal(person.body.meta.grant_type, 'authorization_code');
    assert.deepEqual(
      person.body.meta.organizations.map((o) => o.id).sort(),
      [crm.venue.orgId, second.id].sort(),
    );
  });
});
