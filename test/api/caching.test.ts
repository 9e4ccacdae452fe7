/**
 * Tokens and list pages are served from memory, and never stale: a revocation, a removed member
 * or a changed booking, committed here or through another connection (another process, the
 * CLI), shows on the first request after the change is known.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { isoTime, systemClock } from '../../src/clock.js';
import { operatorActor } from '../../src/policy/actor.js';
import { rotateIntegrationSecret } from '../../src/integrations/integration.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { findIntegration } from '../../src/integrations/integration.repository.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, type CrmFixture, makeCrm, noteBody } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { postForm } from '../helpers/oauth.js';
import { clockPassed, openSecondConnection, readingOf } from '../helpers/second-connection.js';

interface ListBody {
  data: Array<{ id: string; attributes: Record<string, unknown> }>;
  errors?: Array<{ code: string }>;
}

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let other: DatabaseHandle;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 3);
    other = openSecondConnection(suite.database);
    // On PostgreSQL, caching starts once the server's clock listens for changes.
    await readingOf(suite.database.handle.changes);
  });
  after(async () => {
    await other.close();
    await server.close();
  });

  /** Commits `change` through the other connection and waits until this process knows of it. */
  async function changeElsewhereReturning<T>(change: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
    const clock = suite.database.handle.changes;
    const reading = await readingOf(clock);
    const result = await change(other);
    await clockPassed(clock, reading);
    return result;
  }
  const changeElsewhere = (change: (handle: DatabaseHandle) => Promise<unknown>) =>
    changeElsewhereReturning(change).then(() => undefined);

  const bookings = (token: string) => call<ListBody>(server, '/v2/bookings', { token, org: crm.venue.orgId });

  it('serves the same page twice, then the changed one after a commit elsewhere', async () => {
    const token = await clientCredentialsToken(server, crm.venue);
    const first = await bookings(token);
    assert.equal(first.status, 200);
    assert.deepEqual((await bookings(token)).body, first.body);

    const renamed = crm.bookingIds[0]!;
    await changeElsewhere((handle) =>
      handle.db
        .updateTable('bookings')
        .set({ name: 'Renamed elsewhere', updated_at: isoTime(Date.now()) })
        .where('id', '=', renamed)
        .execute(),
    );
    const after = await bookings(token);
    assert.equal(after.body.data.find((b) => b.id === renamed)?.attributes.name, 'Renamed elsewhere');
  });

  it('lists a note created through the API on the very next request', async () => {
    const token = await clientCredentialsToken(server, crm.venue, 'crm_manage');
    const list = () => call<ListBody>(server, '/notes', { token, org: crm.venue.orgId });
    const before = await list();
    const created = await call<{ data: { id: string } }>(server, '/notes', {
      token,
      org: crm.venue.orgId,
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[1]!),
    });
    assert.equal(created.status, 201);
    const after = await list();
    assert.equal(after.body.data.length, before.body.data.length + 1);
    assert.ok(after.body.data.some((n) => n.id === created.body.data.id));
  });

  it('refuses a token on the first request after it is revoked through this server', async () => {
    const token = await clientCredentialsToken(server, crm.venue);
    assert.equal((await bookings(token)).status, 200);
    assert.equal((await bookings(token)).status, 200);
    const revoked = await postForm(server, '/oauth/revoke', {
      token,
      client_id: crm.venue.privateClient.clientId,
      client_secret: crm.venue.privateClient.clientSecret,
    });
    assert.equal(revoked.status, 200);
    const refused = await bookings(token);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.errors?.[0]?.code, 'invalid_token');
  });

  it('refuses a token on the first request after it is revoked elsewhere', async () => {
    const token = await clientCredentialsToken(server, crm.venue);
    assert.equal((await bookings(token)).status, 200);
    await changeElsewhere((handle) =>
      handle.db
        .updateTable('oauth_tokens')
        .set({ revoked_at: isoTime(Date.now()) })
        .where('revoked_at', 'is', null)
        .where('kind', '=', 'access')
        .execute(),
    );
    assert.equal((await bookings(token)).status, 401);
  });

  it('refuses an old client secret on the first token request after a rotation elsewhere', async () => {
    const credentials = {
      grant_type: 'client_credentials',
      client_id: crm.venue.privateClient.clientId,
      client_secret: crm.venue.privateClient.clientSecret,
    };
    assert.equal((await postForm(server, '/oauth/token', credentials)).status, 200);
    assert.equal((await postForm(server, '/oauth/token', credentials)).status, 200);
    const integration = await findIntegration(suite.db, crm.venue.privateClient.id);
    const rotatedSecret = await changeElsewhereReturning((handle) =>
      write(
        { db: handle.db, clock: systemClock },
        operatorActor(integration!.organizationId!),
        rotateIntegrationSecret,
        {
          id: integration!.id,
        },
      ),
    );
    const refused = await postForm(server, '/oauth/token', credentials);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error, 'invalid_client');
    const fresh = await postForm(server, '/oauth/token', { ...credentials, client_secret: rotatedSecret });
    assert.equal(fresh.status, 200);
    crm.venue.privateClient.clientSecret = rotatedSecret;
  });

  it('refuses a user removed from the organization elsewhere on the next request', async () => {
    const token = await clientCredentialsToken(server, crm.venue);
    assert.equal((await bookings(token)).status, 200);
    await changeElsewhere((handle) =>
      handle.db.deleteFrom('memberships').where('user_id', '=', crm.venue.user.id).execute(),
    );
    const refused = await bookings(token);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors?.[0]?.code, 'not_a_member');
    // The integration's owner has gone: it gets no more client-credentials tokens either.
    const issued = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: crm.venue.privateClient.clientId,
      client_secret: crm.venue.privateClient.clientSecret,
    });
    assert.equal(issued.status, 400);
    assert.equal(issued.body.error, 'unauthorized_client');
  });
});

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 1);
  });
  after(() => server.close());

  it('sends JSON:API documents and errors as application/vnd.api+json with no parameters', async () => {
    const token = await clientCredentialsToken(server, crm.venue);
    const org = crm.venue.orgId;
    for (const [path, token_, status] of [
      ['/v2/bookings', token, 200],
      ['/v2/bookings', token, 200],
      [`/v2/bookings/${crm.bookingIds[0]}`, token, 200],
      ['/v2/me', token, 200],
      ['/v2/bookings/nope', token, 404],
      ['/v2/bookings?page[size]=x', token, 400],
      ['/v2/bookings', 'mqa_unknown', 401],
    ] as const) {
      const response = await call(server, path, { token: token_, org });
      assert.equal(response.status, status, path);
      assert.equal(response.headers.get('content-type'), 'application/vnd.api+json', `${path} ${status}`);
    }
  });
});
