/**
 * No double booking and unique references under concurrency (SPEC §7), by construction: the
 * requests run at once, half of them through a second app on a connection (pool) of its own, as
 * another `serve` process would.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { DatabaseHandle } from '../../src/db/connect.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { openSecondConnection } from '../helpers/second-connection.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  eventDocument,
  spaceDocument,
} from '../helpers/writes.js';

eachDatabase((suite) => {
  let servers: TestServer[];
  let otherConnection: DatabaseHandle;
  let venue: Venue;
  let apis: Api[];
  let account: string;

  before(async () => {
    otherConnection = openSecondConnection(suite.database);
    servers = [
      await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }),
      await startTestServer(
        { ...suite.database, handle: otherConnection, db: otherConnection.db },
        { RATE_LIMIT_PER_MINUTE: '0' },
      ),
    ];
    venue = await makeVenue(suite.db);
    const token = await clientCredentialsToken(servers[0]!, venue);
    apis = servers.map((server) => apiFor(server, token, venue.orgId));
    account = await created(apis[0]!, '/v2/accounts', accountDocument({ name: 'Racing Co.' }));
  });
  after(async () => {
    for (const server of servers) await server.close();
    await otherConnection.close();
  });

  const statuses = (responses: Array<{ status: number }>) => responses.map((r) => r.status).sort();
  const api = (i: number) => apis[i % 2]!;

  for (const keyed of [false, true]) {
    it(`lets exactly one of eight concurrent overlapping definite creates win${keyed ? ' (each with its own Idempotency-Key)' : ''}`, async () => {
      const space = await created(apis[0]!, '/v2/spaces', spaceDocument({ name: `Arena ${keyed}` }));
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          api(i)('/v2/bookings', {
            method: 'POST',
            body: bookingDocument(
              account,
              {
                name: `Contender ${i}`,
                status: 'definite',
                start_at: `2029-05-01T${String(10 + i).padStart(2, '0')}:00:00Z`,
                end_at: '2029-05-01T23:00:00Z',
              },
              { spaces: [space] },
            ),
            ...(keyed ? { headers: { 'idempotency-key': `contender-${keyed}-${i}` } } : {}),
          }),
        ),
      );
      assert.deepEqual(
        statuses(responses),
        [201, 409, 409, 409, 409, 409, 409, 409],
        JSON.stringify(responses.map((r) => r.body)),
      );
      for (const refused of responses.filter((r) => r.status === 409)) {
        assert.equal(
          (refused.body as unknown as { errors: Array<{ code: string }> }).errors[0]?.code,
          'space_conflict',
        );
      }
      const definite = await suite.db
        .selectFrom('bookings as b')
        .innerJoin('booking_spaces as bs', 'bs.booking_id', 'b.id')
        .select('b.id')
        .where('bs.space_id', '=', space)
        .where('b.status', '=', 'definite')
        .execute();
      assert.equal(definite.length, 1);
    });
  }

  it('lets exactly one of eight concurrent promotions to definite win', async () => {
    const space = await created(apis[0]!, '/v2/spaces', spaceDocument({ name: 'Rotunda' }));
    const holds: string[] = [];
    for (let i = 0; i < 8; i++) {
      holds.push(
        await created(
          apis[0]!,
          '/v2/bookings',
          bookingDocument(
            account,
            {
              name: `Hold ${i}`,
              status: 'tentative',
              start_at: '2029-06-01T12:00:00Z',
              end_at: '2029-06-01T20:00:00Z',
            },
            { spaces: [space] },
          ),
        ),
      );
    }
    const responses = await Promise.all(
      holds.map((id, i) =>
        api(i)(`/v2/bookings/${id}`, {
          method: 'PATCH',
          body: changeDocument('bookings', id, { status: 'definite' }),
        }),
      ),
    );
    assert.deepEqual(statuses(responses), [200, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('lets exactly one of concurrent events into a part and its combined space win', async () => {
    const part = await created(apis[0]!, '/v2/spaces', spaceDocument({ name: 'East salon' }));
    const whole = await created(apis[0]!, '/v2/spaces', {
      data: {
        type: 'spaces',
        attributes: { name: 'Grand hall' },
        relationships: { parts: { data: [{ type: 'spaces', id: part }] } },
      },
    });
    // Eight definite bookings, each with an event elsewhere; each then adds one event, half
    // into the part and half into the combined space, at the same time.
    const bookings: string[] = [];
    for (let i = 0; i < 8; i++) {
      bookings.push(
        await created(
          apis[0]!,
          '/v2/bookings',
          bookingDocument(account, {
            name: `Party ${i}`,
            status: 'definite',
            start_at: `2029-07-0${1 + (i % 8)}T08:00:00Z`,
            end_at: `2029-07-0${1 + (i % 8)}T09:00:00Z`,
          }),
        ),
      );
    }
    const responses = await Promise.all(
      bookings.map((booking, i) =>
        api(i)('/v2/events', {
          method: 'POST',
          body: eventDocument(
            booking,
            { name: 'Reception', start_at: '2029-07-20T18:00:00Z', end_at: '2029-07-20T22:00:00Z' },
            [i % 2 === 0 ? part : whole],
          ),
        }),
      ),
    );
    assert.deepEqual(statuses(responses), [201, 409, 409, 409, 409, 409, 409, 409]);
    const holds = await suite.db
      .selectFrom('event_spaces')
      .select('event_id')
      .where('space_id', 'in', [part, whole])
      .execute();
    assert.equal(holds.length, 1);
  });

  it('gives twelve concurrent creates twelve distinct references', async () => {
    const fresh = await makeVenue(suite.db);
    const token = await clientCredentialsToken(servers[0]!, fresh);
    const freshApis = servers.map((server) => apiFor(server, token, fresh.orgId));
    const freshAccount = await created(freshApis[0]!, '/v2/accounts', accountDocument({ name: 'Many' }));
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        freshApis[i % 2]!('/v2/bookings', {
          method: 'POST',
          body: bookingDocument(freshAccount, { name: `Event ${i}` }),
          ...(i % 3 === 0 ? { headers: { 'idempotency-key': `many-${i}` } } : {}),
        }),
      ),
    );
    assert.deepEqual(statuses(responses), Array(12).fill(201));
    const references = responses.map((r) => String(r.body.data.attributes.reference)).sort();
    assert.deepEqual(
      references,
      Array.from({ length: 12 }, (_, i) => `BK-${String(i + 1).padStart(5, '0')}`),
    );
  });
});
