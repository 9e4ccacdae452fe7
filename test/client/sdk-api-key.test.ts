/**
 * @marquee/client with an API key (SPEC §15) against a real Marquee server on an ephemeral port:
 * `apiKey` in the options instead of OAuth, sent as X-API-KEY with the organization; it lists the
 * organizations it may use, reads and writes within its scopes, and a refused key is an
 * AuthenticationError at once (a key is not renewed).
 */
import assert from 'node:assert/strict';
import { makeApiKey } from '../helpers/factories.js';
import { after, before, it } from 'node:test';
import { AuthenticationError, Marquee, PermissionDeniedError } from '../../client/src/index.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue, type WorkspaceVenue } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  before(async () => {
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' },
      { listen: true },
    );
    venue = await makeWorkspaceVenue(suite.db, 'Client Key Rooms');
  });
  after(() => server.close());

  const keyFor = async (scopes: string[]) =>
    (
      await makeApiKey(
        suite.db,
        { organizationId: venue.orgId, userId: venue.admin.id, name: `SDK ${scopes.join(' ')}`, scopes },
        server.clock.now(),
      )
    ).secret;

  it('calls the API with apiKey in the options, in the key’s organization', async () => {
    const marquee = new Marquee({
      baseUrl: server.url,
      apiKey: await keyFor(['crm_manage']),
      organizationId: venue.orgId,
    });
    const api = marquee.forApiKey();
    assert.deepEqual(await api.organizations(), [
      { id: venue.orgId, name: 'Client Key Rooms', role: 'admin' },
    ]);
    const me = await api.me();
    assert.equal(me.grant_type, 'api_key');
    assert.equal(me.user.id, venue.admin.id);
    const names = [];
    for await (const booking of api.bookings.list()) names.push(booking.name);
    assert.deepEqual(names, ['Lumen summer party']);
    const note = await api.notes.create({
      body: 'Sent from a script with an API key.',
      notable: { type: 'bookings', id: venue.bookingId },
    });
    assert.equal(note.body, 'Sent from a script with an API key.');
    assert.throws(() => marquee.oauth, /API key/);
    assert.ok(!server.logs.join('\n').includes('mqk_'), 'no key in the log');
  });

  it('keeps to the key’s scopes, and refuses a revoked key with AuthenticationError', async () => {
    const key = await keyFor(['crm_read']);
    const api = new Marquee({ baseUrl: server.url, apiKey: key, organizationId: venue.orgId }).forApiKey();
    await assert.rejects(
      api.notes.create({ body: 'Not allowed.', notable: { type: 'bookings', id: venue.bookingId } }),
      PermissionDeniedError,
    );
    await suite.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date(server.clock.now()).toISOString() })
      .execute();
    await assert.rejects(api.me(), (error) => {
      assert.ok(error instanceof AuthenticationError);
      assert.equal(error.code, 'invalid_api_key');
      return true;
    });
  });
});
