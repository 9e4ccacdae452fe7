/**
 * Cached pages survive other organizations' writes and writes no page shows (webhook
 * deliveries), and are replaced at once when their own organization's data changes.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './helpers/app.js';
import { call, clientCredentialsToken, makeCrm, noteBody, type CrmFixture } from './helpers/api.js';
import { eachDatabase } from './helpers/databases.js';
import { readingOf } from './helpers/second-connection.js';

eachDatabase((suite) => {
  let server: TestServer;
  let first: CrmFixture;
  let second: CrmFixture;
  let firstToken: string;
  let secondToken: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    first = await makeCrm(suite.db, 3);
    second = await makeCrm(suite.db, 3);
    firstToken = await clientCredentialsToken(server, first.venue);
    secondToken = await clientCredentialsToken(server, second.venue);
    await readingOf(server.app.ctx.changes);
  });
  after(() => server.close());

  const pages = () => server.app.ctx.caches.pages;
  const readFirst = () =>
    call<{ data: Array<{ id: string }> }>(server, '/v2/notes', { token: firstToken, org: first.venue.orgId });

  it("keeps one organization's cached pages through another organization's writes", async () => {
    // A page is kept the second time it is asked for.
    await readFirst();
    await readFirst();
    const hits = pages().hits;
    assert.equal((await readFirst()).status, 200);
    assert.equal(pages().hits, hits + 1, 'served from the cache');
    const written = await call(server, '/v2/notes', {
      method: 'POST',
      token: secondToken,
      org: second.venue.orgId,
      body: noteBody('bookings', second.bookingIds[0]!),
    });
    assert.equal(written.status, 201);
    await sql`update webhook_deliveries set attempts = attempts + 0`.execute(suite.db);
    await readFirst();
    assert.equal(pages().hits, hits + 2, 'still served from the cache');
  });

  it("replaces a page at once when its own organization's data changes", async () => {
    await readFirst();
    const created = await call<{ data: { id: string } }>(server, '/v2/notes', {
      method: 'POST',
      token: firstToken,
      org: first.venue.orgId,
      body: noteBody('bookings', first.bookingIds[0]!),
    });
    assert.equal(created.status, 201);
    const page = await readFirst();
    assert.ok(page.body.data.some((note) => note.id === created.body.data.id));
  });
});
