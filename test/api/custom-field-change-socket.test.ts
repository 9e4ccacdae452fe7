/**
 * A change of a custom field's type converts every value in one unit of work, which over 100,000
 * values outlasts the server's idle limit for a socket (60 s, src/http/server-limits.ts): the
 * PATCH that converts gives its socket the longer limit for long writes, so the answer reaches its
 * client. Any other request, a PATCH of the same route that converts nothing among them, keeps the
 * idle limit. The limits are shortened here, and the PATCH made to outlast the idle one by holding
 * the database's write lock from another connection (SQLite: `begin immediate`; PostgreSQL: the
 * field's row `for update`) for several times the limit: no timing is asserted, only whether the
 * answer came or the socket was closed.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { systemClock } from '../../src/clock.js';
import { createCustomField } from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import { staffActor } from '../../src/policy/actor.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, makeCrm } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import type { Venue } from '../helpers/oauth.js';

const IDLE_MS = 150;
/** How long the other connection holds the write lock: several idle limits. */
const LOCKED_MS = IDLE_MS * 6;

/** The PATCH's status, or 'closed' when the server closed the socket without answering. */
function patch(url: string, headers: Record<string, string>, body: unknown): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'PATCH', headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve('closed'));
    request.end(JSON.stringify(body));
  });
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let token: string;
  let bookingIds: string[];

  before(async () => {
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0' },
      { listen: true, limits: { idleTimeoutMs: IDLE_MS, longWriteIdleTimeoutMs: 60_000 } },
    );
    const crm = await makeCrm(suite.db, 3);
    venue = crm.venue;
    bookingIds = crm.bookingIds;
    token = await clientCredentialsToken(server, venue);
  });
  after(() => server.close());

  /** Runs `work` while another connection holds the write lock (of the field's row on PostgreSQL). */
  async function whileLocked<T>(fieldId: string, work: () => Promise<T>): Promise<T> {
    let release: () => Promise<void>;
    if (suite.database.dialect === 'sqlite') {
      const other = new SqliteDatabase(suite.database.handle.location);
      other.exec('begin immediate');
      release = async () => {
        other.exec('rollback');
        other.close();
      };
    } else {
      const client = new pg.Client({ connectionString: suite.database.env.DATABASE_URL });
      await client.connect();
      await client.query('begin');
      await client.query('select id from custom_fields where id = $1 for update', [fieldId]);
      release = async () => {
        await client.query('rollback');
        await client.end();
      };
    }
    const released = new Promise<void>((resolve) => setTimeout(resolve, LOCKED_MS)).then(() => release());
    try {
      return await work();
    } finally {
      await released;
    }
  }

  /** A number field that each booking holds a value of, made without a request (none reuses a socket). */
  async function numberField(key: string) {
    const admin = await suite.db
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', venue.orgId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    const actor = staffActor({
      organizationId: venue.orgId,
      userId: admin.user_id,
      role: 'admin',
      door: 'api',
    });
    const field = await write({ db: suite.db, clock: systemClock }, actor, createCustomField, {
      record_type: 'bookings',
      key,
      label: key,
      field_type: 'number',
    });
    for (const bookingId of bookingIds) {
      await suite.db
        .updateTable('bookings')
        .set({ custom_fields: JSON.stringify({ [key]: 12.5 }) })
        .where('id', '=', bookingId)
        .execute();
    }
    return field.id;
  }

  const headers = () => ({
    authorization: `Bearer ${token}`,
    'x-api-org': venue.orgId,
    'content-type': 'application/vnd.api+json',
  });

  it('answers a change of type that outlasts the idle limit', async () => {
    const id = await numberField('slow_change');
    const status = await whileLocked(id, () =>
      patch(`${server.url}/v2/custom_fields/${id}`, headers(), {
        data: { type: 'custom_fields', id, attributes: { field_type: 'text' } },
      }),
    );
    assert.equal(status, 200);
    const row = await suite.db
      .selectFrom('custom_fields')
      .select('field_type')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.field_type, 'text');
  });

  it('keeps the idle limit for a PATCH that converts nothing', async () => {
    const id = await numberField('slow_label');
    const status = await whileLocked(id, () =>
      patch(`${server.url}/v2/custom_fields/${id}`, headers(), {
        data: { type: 'custom_fields', id, attributes: { label: 'Renamed' } },
      }),
    );
    assert.equal(status, 'closed');
  });
});
