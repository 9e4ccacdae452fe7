/**
 * Every resource route × every way a caller may lack access, with the exact status expected:
 * another organization, another organization's ids, a read-only scope, a revoked token, an expired
 * token, and a member's client-credentials token (not an admin, not the note's author).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createIntegration } from '../../src/integrations/integration.service.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, makeCrm, noteBody, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';

type Kind = 'read' | 'create' | 'update' | 'delete';
interface Route {
  name: string;
  method: string;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  kind: Kind;
  resource: 'me' | 'bookings' | 'accounts' | 'contacts' | 'notes' | 'spaces';
  byId: boolean;
  /** A create whose document names other records (refused with 422 when they are not the organization's). */
  attaches?: boolean;
}
interface Ids {
  booking: string;
  account: string;
  /** An account without bookings (one that may be deleted). */
  looseAccount: string;
  contact: string;
  note: string;
  space: string;
}

const relationship = (type: string, id: string) => ({ data: { type, id } });
const CREATES: Record<Exclude<Route['resource'], 'me'>, (i: Ids) => unknown> = {
  bookings: (i) => ({
    data: {
      type: 'bookings',
      attributes: { name: 'Matrix', start_at: '2030-01-01T10:00:00Z', end_at: '2030-01-01T12:00:00Z' },
      relationships: {
        account: relationship('accounts', i.account),
        spaces: { data: [{ type: 'spaces', id: i.space }] },
      },
    },
  }),
  accounts: () => ({ data: { type: 'accounts', attributes: { name: 'Matrix Ltd' } } }),
  contacts: (i) => ({
    data: {
      type: 'contacts',
      attributes: { first_name: 'Mat' },
      relationships: { account: relationship('accounts', i.account) },
    },
  }),
  notes: (i) => noteBody('bookings', i.booking),
  spaces: () => ({ data: { type: 'spaces', attributes: { name: `Room ${Math.random()}` } } }),
};
const CHANGES: Record<Exclude<Route['resource'], 'me'>, Record<string, unknown>> = {
  bookings: { name: 'Changed' },
  accounts: { name: 'Changed' },
  contacts: { last_name: 'Changed' },
  notes: { body: 'changed' },
  spaces: { capacity: 10 },
};
const TARGET: Record<Exclude<Route['resource'], 'me'>, (i: Ids, kind: Kind) => string> = {
  bookings: (i) => i.booking,
  accounts: (i, kind) => (kind === 'delete' ? i.looseAccount : i.account),
  contacts: (i) => i.contact,
  notes: (i) => i.note,
  spaces: (i) => i.space,
};

const ROUTES: Route[] = [
  { name: 'me', method: 'GET', path: () => '/v2/me', kind: 'read', resource: 'me', byId: false },
  ...(['bookings', 'accounts', 'contacts', 'notes', 'spaces'] as const).flatMap((resource): Route[] => {
    const base = resource === 'notes' ? '/notes' : `/v2/${resource}`;
    const one = (kind: Kind) => (i: Ids) => `${base}/${TARGET[resource](i, kind)}`;
    return [
      { name: `list ${resource}`, method: 'GET', path: () => base, kind: 'read', resource, byId: false },
      { name: `get ${resource}`, method: 'GET', path: one('read'), kind: 'read', resource, byId: true },
      {
        name: `create ${resource}`,
        method: 'POST',
        path: () => base,
        body: CREATES[resource],
        kind: 'create',
        resource,
        byId: false,
        attaches: resource === 'bookings' || resource === 'contacts' || resource === 'notes',
      },
      {
        name: `update ${resource}`,
        method: 'PATCH',
        path: one('update'),
        body: (i) => ({
          data: { type: resource, id: TARGET[resource](i, 'update'), attributes: CHANGES[resource] },
        }),
        kind: 'update',
        resource,
        byId: true,
      },
      {
        name: `delete ${resource}`,
        method: 'DELETE',
        path: one('delete'),
        kind: 'delete',
        resource,
        byId: true,
      },
    ];
  }),
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

  /** A fresh set of records of the fixture's organization, made by its admin (deletes use them up). */
  async function freshNote(fixture: CrmFixture): Promise<Ids> {
    const token = await clientCredentialsToken(server, fixture.venue);
    const make = async (path: string, body: unknown) => {
      const response = await call<{ data: { id: string } }>(server, path, {
        token,
        org: fixture.venue.orgId,
        method: 'POST',
        body,
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.data.id;
    };
    const account = fixture.accountIds[0]!;
    const space = await make('/v2/spaces', CREATES.spaces({} as Ids));
    return {
      booking: await make('/v2/bookings', CREATES.bookings({ account, space } as Ids)),
      account,
      looseAccount: await make('/v2/accounts', CREATES.accounts({} as Ids)),
      contact: await make('/v2/contacts', CREATES.contacts({ account } as Ids)),
      note: await make('/notes', noteBody('bookings', fixture.bookingIds[0]!)),
      space: await make('/v2/spaces', CREATES.spaces({} as Ids)),
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

  it("with the other organization's ids in mine: 404 by id, 422 to attach them, lists and plain creates work", async () => {
    const token = await clientCredentialsToken(server, mine.venue);
    await expectStatuses(
      'foreign ids',
      token,
      mine.venue.orgId,
      () => freshNote(theirs),
      (r) => (r.kind === 'create' ? (r.attaches ? 422 : 201) : r.byId ? 404 : 200),
    );
  });

  it('with a read-only token: 403 on every write, reads succeed', async () => {
    const token = await clientCredentialsToken(server, mine.venue, 'crm_read');
    await expectStatuses(
      'read-only',
      token,
      mine.venue.orgId,
      () => freshNote(mine),
      (r) => (r.kind === 'read' ? 200 : 403),
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

  it("with a member's client-credentials token: venue data is theirs to write; another's note and spaces are not", async () => {
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
      (r) => {
        if (r.kind === 'read') return 200;
        if (r.resource === 'spaces') return 403;
        if (r.resource === 'notes' && r.kind !== 'create') return 403;
        return { create: 201, update: 200, delete: 204 }[r.kind];
      },
    );
  });
});
