/**
 * Writes whose subject many rows refer to, on 100,000 bookings (BENCH_ROWS): renaming a space
 * every booking holds, and deleting a contact every booking names. For each: how long the request
 * took, the change events it wrote, and the slowest of another organization's account creates
 * sent one after another meanwhile (what a write of one tenant costs the others).
 * `npm run build && node dist/bench/fan-out-writes.js` (BENCH_DATABASE_URL for PostgreSQL's
 * server; it runs on SQLite and, when that answers, on PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { isoTime } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { newId } from '../src/db/ids.js';
import { insertInChunks } from '../src/db/insert-in-chunks.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createOrganization, createUser } from '../src/identity/identity.service.js';
import { createIntegration } from '../src/integrations/integration.service.js';
import { benchBooking } from './seed-loads.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function seed(db: Db) {
  const venue = await createOrganization(db, 'Fan-out venue');
  const other = await createOrganization(db, 'Neighbour');
  const admin = await createUser(db, {
    organizationId: venue.id,
    email: 'bench@fan-out.example',
    password: 'bench password',
    role: 'admin',
  });
  await db
    .insertInto('memberships')
    .values({ organization_id: other.id, user_id: admin.id, role: 'admin', created_at: isoTime(Date.now()) })
    .execute();
  const { integration, clientSecret } = await createIntegration(db, {
    organizationId: venue.id,
    name: 'Bench',
    kind: 'private',
    ownerEmail: 'bench@fan-out.example',
  });
  const at = isoTime(Date.now());
  const spaceId = newId();
  const contactId = newId();
  await db
    .insertInto('spaces')
    .values({
      id: spaceId,
      organization_id: venue.id,
      name: 'Ballroom',
      capacity: null,
      shareable: 0,
      capacities: '{}',
      part_ids: '[]',
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('contacts')
    .values({
      id: contactId,
      organization_id: venue.id,
      account_id: null,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: null,
      phone: null,
      title: null,
      custom_fields: '{}',
      created_at: at,
      updated_at: at,
    })
    .execute();
  const start = Date.parse('2020-01-01T00:00:00Z');
  for (let i = 0; i < ROWS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, ROWS - i) }, (_, j) => ({
      ...benchBooking(venue.id, i + j, isoTime(start + (i + j) * 1000)),
      space_ids: JSON.stringify([spaceId]),
      contact_id: contactId,
    }));
    await db.transaction().execute(async (trx) => {
      await insertInChunks(trx, 'bookings', rows, 100);
      await insertInChunks(
        trx,
        'booking_spaces',
        rows.map((r) => ({ booking_id: r.id, space_id: spaceId })),
        500,
      );
    });
  }
  await db
    .updateTable('oauth_grants')
    .set({ organization_ids: JSON.stringify([venue.id, other.id]) })
    .execute();
  return {
    venue: venue.id,
    other: other.id,
    spaceId,
    contactId,
    clientId: integration.clientId,
    clientSecret,
  };
}

async function run(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-fan-out-'));
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    await migrateToLatest(database);
    const data = await seed(database.db);
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      MARQUEE_DATA_DIR: dataDir,
      ...env,
    });
    const app = await buildApp({ config, database });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const tokenResponse = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: data.clientId,
        client_secret: data.clientSecret,
      }),
    });
    const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
    const call = (org: string, method: string, pathname: string, body?: unknown) =>
      fetch(`${url}${pathname}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-api-org': org,
          ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const events = async () =>
      Number(
        (
          await database.db
            .selectFrom('changes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('organization_id', '=', data.venue)
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** The request, timed, with the other organization creating accounts one after another meanwhile. */
    const measure = async (name: string, request: () => Promise<Response>) => {
      const before = await events();
      let running = true;
      let slowest = 0;
      let creates = 0;
      const neighbour = (async () => {
        while (running) {
          const started = performance.now();
          const response = await call(data.other, 'POST', '/v2/accounts', {
            data: { type: 'accounts', attributes: { name: `Neighbour ${creates}` } },
          });
          await response.arrayBuffer();
          slowest = Math.max(slowest, performance.now() - started);
          creates++;
        }
      })();
      const started = performance.now();
      const response = await request();
      await response.arrayBuffer();
      const took = performance.now() - started;
      running = false;
      await neighbour;
      const written = (await events()) - before;
      console.log(
        `| ${name} — ${label} | ${response.status} | ${took.toFixed(0)} ms | ${written} | ${creates} | ${slowest.toFixed(0)} ms |`,
      );
    };
    await measure(`Rename a space held by ${ROWS.toLocaleString('en')} bookings`, () =>
      call(data.venue, 'PATCH', `/v2/spaces/${data.spaceId}`, {
        data: { type: 'spaces', id: data.spaceId, attributes: { name: 'Grand Ballroom' } },
      }),
    );
    await measure(`Delete a contact named by ${ROWS.toLocaleString('en')} bookings`, () =>
      call(data.venue, 'DELETE', `/v2/contacts/${data.contactId}`),
    );
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresDatabase(): Promise<string | undefined> {
  const name = `marquee_fan_out_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgres(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

console.log(
  '| Write | Status | Took | Change events written | Other organization’s creates meanwhile | Slowest of them |',
);
console.log('|---|---:|---:|---:|---:|---:|');
await run('SQLite', {});
const postgres = await postgresDatabase();
if (postgres) {
  try {
    await run('PostgreSQL', { DATABASE_URL: postgres });
  } finally {
    await dropPostgres(postgres);
  }
} else {
  console.log('(PostgreSQL did not answer at BENCH_DATABASE_URL: its rows are left out.)');
}
