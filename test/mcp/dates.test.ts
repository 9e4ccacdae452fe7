/**
 * Dates that do not exist and stretches too long to look at, through the doors that read them, on
 * both databases: GET /v2/availability and the assistant's check_availability refuse 2027-02-31
 * (which Date.parse reads as 3 March) in words, in the API's 400 shape and as an isError tool
 * result; both refuse a stretch of more than two years (0001 to 9999 was accepted and read every
 * event); search_bookings and payments_due refuse such dates too; the assistant's dates in the
 * year 0001 stay in the year 0001 (not 1901).
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { after, before, it } from 'node:test';
import { createSpace } from '../../src/crm/spaces/space.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { call, clientCredentialsToken } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { callTool, connectAssistant, toolRefusal } from '../helpers/mcp.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { staffActor } from '../../src/policy/actor.js';

interface ErrorDocument {
  errors: Array<{ status: string; code: string; detail: string; source?: { parameter?: string } }>;
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let token: string;
  let client: Client;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    venue = await makeVenue(suite.db);
    const actor = staffActor({
      organizationId: venue.orgId,
      userId: venue.user.id,
      role: 'admin',
      door: 'api',
    });
    await write(server.app.ctx.writer, actor, createSpace, { name: 'Ballroom', capacity: 200 });
    token = await clientCredentialsToken(server, venue);
    ({ client } = await connectAssistant(server, { email: venue.user.email, organizationId: venue.orgId }));
  });
  after(async () => {
    await client?.close();
    await server.close();
  });

  const availability = (start: string, end: string) =>
    call<ErrorDocument>(
      server,
      `/v2/availability?start_at=${encodeURIComponent(start)}&end_at=${encodeURIComponent(end)}`,
      { token, org: venue.orgId },
    );

  it('GET /v2/availability refuses a day that does not exist, naming each bad parameter in words', async () => {
    const answer = await availability('2027-02-31T10:00:00Z', '2027-04-31T12:00:00+02:00');
    assert.equal(answer.status, 400);
    const byParameter = new Map(answer.body.errors.map((e) => [e.source?.parameter, e.detail]));
    assert.match(byParameter.get('start_at') ?? '', /2027-02-31 does not exist: February 2027 has 28 days/);
    assert.match(byParameter.get('end_at') ?? '', /2027-04-31 does not exist: April 2027 has 30 days/);
    assert.equal((await availability('2028-02-29T10:00:00Z', '2028-02-29T12:00:00Z')).status, 200);
  });

  it('GET /v2/availability refuses a stretch of more than two years, and takes one of two', async () => {
    const whole = await availability('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z');
    assert.equal(whole.status, 400);
    assert.equal(whole.body.errors[0]?.source?.parameter, 'end_at');
    assert.match(whole.body.errors[0]?.detail ?? '', /at most 2 years/);
    assert.equal((await availability('2027-01-01T00:00:00Z', '2029-01-01T00:00:00Z')).status, 200);
    assert.equal((await availability('2027-01-01T00:00:00Z', '2029-01-01T00:00:01Z')).status, 400);
  });

  it('check_availability refuses a day that does not exist and a stretch over two years, as tool errors', async () => {
    for (const start_at of ['2027-02-31T10:00', '2027-02-31T10:00:00Z', '2027-02-31']) {
      const refused = await toolRefusal(client, 'check_availability', {
        start_at,
        end_at: '2027-03-05T12:00',
      });
      assert.match(refused, /2027-02-31 does not exist: February 2027 has 28 days/);
    }
    const long = await toolRefusal(client, 'check_availability', {
      start_at: '0001-01-01T00:00',
      end_at: '9999-12-31T23:59',
    });
    assert.match(long, /at most 2 years/);
    const { spaces } = await callTool(client, 'check_availability', {
      start_at: '2028-02-29T10:00',
      end_at: '2028-02-29T12:00',
    });
    assert.equal(spaces[0].state, 'free');
  });

  it('search_bookings and payments_due refuse days that do not exist', async () => {
    assert.match(
      await toolRefusal(client, 'search_bookings', { from: '2027-02-31T00:00:00Z' }),
      /2027-02-31 does not exist/,
    );
    assert.match(
      await toolRefusal(client, 'payments_due', { to: '2027-06-31' }),
      /2027-06-31 does not exist/,
    );
  });

  it('keeps a date in the year 0001 in the year 0001', async () => {
    const { booking } = await callTool(client, 'create_lead', {
      name: 'A very early lead',
      contact: { first_name: 'Ada', last_name: 'Early', email: 'early@example.com' },
      date: '0001-06-14',
      start_time: '18:00',
      end_time: '20:00',
    });
    const row = await suite.db
      .selectFrom('bookings')
      .select('start_at')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    assert.equal(new Date(row.start_at).toISOString(), '0001-06-14T18:00:00.000Z');
    const found = await callTool(client, 'search_bookings', { from: '0001-06-14', to: '0001-06-15' });
    assert.deepEqual(
      found.bookings.map((b: { id: string }) => b.id),
      [booking.id],
    );
  });
});
