/**
 * Every resource route × every way a caller may lack access, with the exact status expected:
 * another organization, a read-only scope, a revoked token, an expired token, and a
 * client-credentials token whose owner is not the author (nor an admin).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createIntegration } from '../../src/integrations/integration.service.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, makeCrm, noteBody, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';

interface Route {
  name: string;
  method: string;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  write: boolean;
  byId: boolean;
}
interface Ids {
  booking: string;
  account: string;
  contact: string;
  note: string;
}

const ROUTES: Route[] = [
  { name: 'me', method: 'GET', path: () => '/v2/me', write: false, byId: false },
  { name: 'list bookings', method: 'GET', path: () => '/v2/bookings', write: false, byId: false },
  { name: 'get booking', method: 'GET', path: (i) => `/v2/bookings/${i.booking}`, write: false, byId: true },
  { name: 'list accounts', method: 'GET', path: () => '/v2/accounts', write: false, byId: false },
  { name: 'get account', method: 'GET', path: (i) => `/v2/accounts/${i.account}`, write: false, byId: true },
  { name: 'list contacts', method: 'GET', path: () => '/v2/contacts', write: false, byId: false },
  { name: 'get contact', method: 'GET', path: (i) => `/v2/contacts/${i.contact}`, write: false, byId: true },
  { name: 'list notes', method: 'GET', path: () => '/notes', write: false, byId: false },
  { name: 'get note', method: 'GET', path: (i) => `/notes/${i.note}`, write: false, byId: true },
  {
    name: 'create note',
    method: 'POST',
    path: () => '/notes',
    body: (i) => noteBody('bookings', i.booking),
    write: true,
    byId: false,
  },
  {
    name: 'update note',
    method: 'PATCH',
    path: (i) => `/notes/${i.note}`,
    body: (i) => ({ data: { type: 'notes', id: i.note, attributes: { body: 'changed' } } }),
    write: true,
    byId: true,
  },
  { name: 'delete note', method: 'DELETE', path: (i) => `/notes/${i.note}`, write: true, byId: true },
];

eachDatabase((suite) => {
  let server: TestServer;
  let mine: CrmFixture;
  let theirs: CrmFixture;
  let ids: Ids;
  let theirIds: Ids;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    mine = await makeCrm(suite.db, 1);
    theirs = await makeCrm(suite.db, 1);
  });
  after(() => server.close());

  async function freshNote(fixture: CrmFixture): Promise<Ids> {
    const token = await clientCredentialsToken(server, fixture.venue);
    const note = await call<{ data: { id: string } }>(server, '/notes', {
      token,
      org: fixture.venue.orgId,
      method: 'POST',
      body: noteBody('bookings', fixture.bookingIds[0]!),
    });
    return {
      booking: fixture.bookingIds[0]!,
      account: fixture.accountIds[0]!,
      contact: fixture.contactIds[0]!,
      note: note.body.data.id,
    };
  }

  async function expectStatuses(
    label: string,
    token: string,
    org: string,
    target: () => Promise<Ids>,
    expected: (route: Route) => number,
  ) {
    for (const route of ROUTES) {
      const routeIds = await target();
      const response = await call(server, route.path(routeIds), {
        token,
        org,
        method: route.method,
        body: route.body?.(routeIds),
      });
      assert.equal(response.status, expected(route), `${label}: ${route.method} ${route.name}`);
    }
  }

  it('with the other organization in X-API-ORG: 403 (me answers 200)', async () => {
    const token = await clientCredentialsToken(server, mine.venue);
    theirIds = await freshNote(theirs);
    await expectStatuses(
      'other organization',
      token,
      theirs.venue.orgId,
      async () => theirIds,
      (r) => (r.name === 'me' ? 200 : 403),
    );
  });

  it("with the other organization's ids in mine: 404 by id, 422 to attach, 200 lists", async () => {
    const token = await clientCredentialsToken(server, mine.venue);
    await expectStatuses(
      'foreign ids',
      token,
      mine.venue.orgId,
      () => freshNote(theirs),
      (r) => (r.name === 'create note' ? 422 : r.byId ? 404 : 200),
    );
  });

  it('with a read-only token: 403 on every write, reads succeed', async () => {
    const token = await clientCredentialsToken(server, mine.venue, 'crm_read');
    await expectStatuses(
      'read-only',
      token,
      mine.venue.orgId,
      () => freshNote(mine),
      (r) => (r.write ? 403 : 200),
    );
  });

  it('with a revoked or an expired token: 401 everywhere', async () => {
    const revoked = await clientCredentialsToken(server, mine.venue);
    await postForm(server, '/oauth/revoke', {
      token: revoked,
      client_id: mine.venue.privateClient.clientId,
      client_secret: mine.venue.privateClient.clientSecret,
    });
    ids = await freshNote(mine);
    await expectStatuses(
      'revoked',
      revoked,
      mine.venue.orgId,
      async () => ids,
      () => 401,
    );

    const expired = await clientCredentialsToken(server, mine.venue);
    server.clock.advance((server.config.accessTokenTtl + 1) * 1000);
    await expectStatuses(
      'expired',
      expired,
      mine.venue.orgId,
      async () => ids,
      () => 401,
    );
  });

  it("with a client-credentials token of another owner: reads and creates succeed; another author's note is 403", async () => {
    const member = await makeUser(suite.db, mine.venue.orgId, { role: 'member' });
    const integration = await createIntegration(suite.db, {
      organizationId: mine.venue.orgId,
      name: 'Member tool',
      kind: 'private',
      ownerEmail: member.email,
    });
    const response = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: integration.integration.clientId,
      client_secret: integration.clientSecret,
    });
    const token = String(response.body.access_token);
    await expectStatuses(
      'other owner',
      token,
      mine.venue.orgId,
      () => freshNote(mine),
      (r) =>
        r.name === 'create note' ? 201 : r.name === 'update note' || r.name === 'delete note' ? 403 : 200,
    );
  });
});
