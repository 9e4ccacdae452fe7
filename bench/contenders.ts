/**
 * One benchmark contender per child process, so the load generator (the parent) and the server
 * under test do not share a core. Prints one JSON line when ready:
 *   node dist/bench/contenders.js plain | marquee-sqlite | marquee-postgres | oidc-provider
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import { isoTime, systemClock } from '../src/clock.js';
import { createLogger } from '../src/http/logger.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { serveJobRunner } from '../src/background/built-in.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/demo/seed-demo.js';
import { createIntegration } from '../src/integrations/integration.service.js';
import { cursorCodec } from '../src/api/cursor-key.js';
import { parseListQuery } from '../src/api/list-query.js';
import { bookingDefinition } from '../src/crm/bookings/booking.resource.js';
import { createOrganization } from '../src/identity/identity.service.js';
import { warmToolLists } from '../src/mcp/mcp.plugin.js';
import { assistantToken } from './assistant-token.js';
import { readyInfo } from './child-ready.js';
import { startLoopProbe } from './loop-probe.js';
import { seedEventVenue } from './seed-events.js';
import { seedReportVenue } from './seed-reports.js';
import { benchBooking, seedLoads } from './seed-loads.js';

const kind = process.argv[2];
const ready = (info: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(info)}\n`);

async function plain() {
  const body = JSON.stringify({ data: { type: 'status', id: '1', attributes: { ok: true } } });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    ready({
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      pid: String(process.pid),
    });
  });
}

/**
 * Fastify with no plugins sending pages Marquee served, read at start: what any Fastify service
 * pays to send those pages, whatever it does to make them. The bookings page (file argv[3]) at
 * /v2/bookings, and the distinct note pages (file argv[4], JSON: each page's path and its body in
 * base64) at their own paths.
 */
async function fastifyMemory() {
  const body = readFileSync(process.argv[3]!);
  const notePages = new Map(
    process.argv[4]
      ? Object.entries(JSON.parse(readFileSync(process.argv[4], 'utf8')) as Record<string, string>).map(
          ([page, base64]) => [page, Buffer.from(base64, 'base64')],
        )
      : [],
  );
  const app = Fastify();
  app.get('/v2/bookings', async (_request, reply) => reply.type('application/vnd.api+json').send(body));
  app.get('/notes', async (request, reply) => {
    const page = notePages.get(request.url);
    if (!page) return reply.code(404).send();
    return reply.type('application/vnd.api+json').send(page);
  });
  ready({ url: await app.listen({ port: 0, host: '127.0.0.1' }), pid: String(process.pid) });
}

const WORDS = ['Wedding', 'Gala', 'Conference', 'Retreat', 'Launch', 'Dinner', 'Summit', 'Reunion'];

/** Inserts `count` bookings into a fresh organization, in large batches; `named` varies their names. */
async function manyBookings(db: Db, count: number, venue = 'Deep venue', named = false): Promise<string> {
  const org = await createOrganization(db, venue);
  const start = Date.parse('2020-01-01T00:00:00Z');
  const batch = 500;
  for (let i = 0; i < count; i += batch) {
    const rows = Array.from({ length: Math.min(batch, count - i) }, (_, j) => {
      const n = i + j;
      const name = named ? `${WORDS[n % WORDS.length]} of client ${(n * 7919) % count}` : undefined;
      return benchBooking(org.id, n, isoTime(start + n * 1000), name);
    });
    await db.transaction().execute(async (trx) => {
      for (let k = 0; k < rows.length; k += 25)
        await trx
          .insertInto('bookings')
          .values(rows.slice(k, k + 25))
          .execute();
    });
  }
  return org.id;
}

/**
 * The events venue (bench/seed-events.ts): BENCH_EVENT_ROWS events (1,000,000; 0 for none),
 * written straight into the tables. What the loads need of it goes to a file beside the data.
 */
async function eventsVenue(dialect: 'sqlite' | 'postgres', dataDir: string, databaseUrl: string | undefined) {
  const count = Number(process.env.BENCH_EVENT_ROWS ?? 1_000_000);
  const database = openDatabase({ databaseUrl, dataDir });
  const org = await createOrganization(database.db, 'Events venue');
  await database.close();
  if (count === 0) return { eventsOrg: org.id, eventsPlan: '' };
  const started = performance.now();
  const venue = await seedEventVenue(dialect, { dataDir, databaseUrl }, org.id, count);
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `events venue (${dialect}): ${venue.events.toLocaleString('en')} events in ${venue.bookings.toLocaleString('en')} bookings, ${venue.firstDay} to ${venue.lastDay}, longest hold ${venue.longestHoldMinutes} min, seeded in ${seconds.toFixed(1)} s`,
  );
  const eventsPlan = path.join(dataDir, 'events-plan.json');
  writeFileSync(eventsPlan, JSON.stringify(venue));
  return { eventsOrg: org.id, eventsPlan, eventsSeedSeconds: seconds.toFixed(1) };
}

/**
 * The reports venue (bench/seed-reports.ts): BENCH_REPORT_ROWS bookings (100,000) with their
 * events, lines, schedules and payments, and its inquiry form on.
 */
async function reportsVenue(
  dialect: 'sqlite' | 'postgres',
  dataDir: string,
  databaseUrl: string | undefined,
) {
  const count = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);
  const database = openDatabase({ databaseUrl, dataDir });
  const org = await createOrganization(database.db, 'Reports venue');
  await database.close();
  const started = performance.now();
  const venue = await seedReportVenue(dialect, { dataDir, databaseUrl }, org.id, count);
  console.error(
    `reports venue (${dialect}): ${venue.bookings.toLocaleString('en')} bookings, ${venue.events.toLocaleString('en')} events, ${venue.lines.toLocaleString('en')} lines, ${venue.installments.toLocaleString('en')} installments (${venue.owed} due or overdue), ${venue.payments.toLocaleString('en')} payments, ${venue.messages.toLocaleString('en')} messages, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { reportsOrg: org.id, reportsOwed: String(venue.owed) };
}

/**
 * Builds the benchmark's data in its own process, so the serving process's memory measures
 * serving alone: the demo venue, a private integration and a venue of 1,000,000 bookings.
 */
async function prepare(dialect: 'sqlite' | 'postgres') {
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    // Each contender on its own schema (a cluster's data beside the single process's).
    const schema = process.argv[3] === 'workers' ? 'marquee_bench_workers' : 'marquee_bench';
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    // pg_trgm (filter[search]) lives in public, where both schemas find it.
    await admin.query('create extension if not exists pg_trgm with schema public');
    await admin.end();
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    databaseUrl = url.href;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-'));
  const database = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database);
  const demo = await seedDemo(database.db);
  const { integration, clientSecret } = await createIntegration(database.db, {
    organizationId: demo.org_id,
    name: 'Bench',
    kind: 'private',
    ownerEmail: demo.admin_email,
  });
  const deepRows = Number(process.env.BENCH_DEEP_ROWS ?? 1_000_000);
  const deepOrg = await manyBookings(database.db, deepRows);
  const searchOrg = await manyBookings(
    database.db,
    Number(process.env.BENCH_SEARCH_ROWS ?? 100_000),
    'Search venue',
    true,
  );
  // The cursor of the row 90% of the way through the default order.
  const deepRow = await database.db
    .selectFrom('bookings')
    .select(['id', 'created_at'])
    .where('organization_id', '=', deepOrg)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(deepRows * 0.9))
    .limit(1)
    .executeTakeFirstOrThrow();
  const codec = await cursorCodec(database.db, Date.now());
  const deepCursor = codec.encode({
    sort: '-created_at',
    value: String(deepRow.created_at),
    id: String(deepRow.id),
    filters: parseListQuery(bookingDefinition, {}, 'bench', 0).fingerprint,
  });

  // Deep-venue access: the demo admin joins it.
  const admin = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demo.admin_email)
    .executeTakeFirstOrThrow();
  const loads = await seedLoads(database.db, admin.id);
  const events = await eventsVenue(dialect, dataDir, databaseUrl);
  const reports = await reportsVenue(dialect, dataDir, databaseUrl);
  await database.db
    .insertInto('memberships')
    .values(
      [
        deepOrg,
        searchOrg,
        loads.notesOrg,
        events.eventsOrg,
        reports.reportsOrg,
        ...loads.venues.split(','),
      ].map((organization_id) => ({
        organization_id,
        user_id: admin.id,
        role: 'admin' as const,
        created_at: isoTime(Date.now()),
      })),
    )
    .execute();
  const booking = await database.db
    .selectFrom('bookings')
    .select('id')
    .where('organization_id', '=', demo.org_id)
    .executeTakeFirstOrThrow();
  // PostgreSQL gathers statistics and vacuums by itself (autovacuum), but only some time after
  // rows were loaded: left to it, a vacuum of a million new rows and the checkpoint writing them
  // out ran on the same two cores as the SQLite contender's measured rounds. The bench does both
  // now, before anything is measured. Marquee never runs ANALYZE on SQLite, and neither does the
  // bench (docs/operations.md: with sqlite_stat4, SQLite plans each paging statement again per call).
  if (dialect === 'postgres') {
    await sql`vacuum (analyze)`.execute(database.db);
    await sql`checkpoint`.execute(database.db);
  }
  await database.close();
  ready({
    ...loads,
    ...events,
    ...reports,
    adminId: admin.id,
    integrationId: integration.id,
    databaseUrl: databaseUrl ?? '',
    dataDir,
    org: demo.org_id,
    deepOrg,
    searchOrg,
    deepCursor,
    clientId: integration.clientId,
    clientSecret,
    bookingId: booking.id,
  });
}

async function prepared(dialect: 'sqlite' | 'postgres', workers = false): Promise<Record<string, string>> {
  const child = spawn(process.execPath, [process.argv[1]!, `prepare-${dialect}`, workers ? 'workers' : ''], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // A cluster serves the page and note loads only: it needs no million-row venues.
    env: workers
      ? {
          ...process.env,
          BENCH_DEEP_ROWS: '1000',
          BENCH_SEARCH_ROWS: '1000',
          BENCH_EVENT_ROWS: '0',
          BENCH_REPORT_ROWS: '0',
        }
      : process.env,
  });
  return readyInfo(child, `prepare-${dialect}`);
}

/** A client-credentials token of the bench integration, granted every venue of the bench. */
async function benchToken(database: DatabaseHandle, url: string, data: Record<string, string>) {
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: data.clientId,
      client_secret: data.clientSecret,
    }),
  });
  const token = ((await response.json()) as { access_token: string }).access_token;
  await database.db
    .updateTable('oauth_grants')
    .set({
      organization_ids: JSON.stringify([
        data.org,
        data.deepOrg,
        data.searchOrg,
        data.notesOrg,
        data.eventsOrg,
        data.reportsOrg,
        ...data.venues!.split(','),
      ]),
    })
    .execute();
  return token;
}

async function marquee(dialect: 'sqlite' | 'postgres') {
  const data = await prepared(dialect);
  const databaseUrl = data.databaseUrl || undefined;
  const database = openDatabase({ databaseUrl, dataDir: data.dataDir! });
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    // The delivery measurement's receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    MARQUEE_DATA_DIR: data.dataDir!,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config, database });
  // As `serve` does before it takes requests (src/server.ts).
  await warmToolLists();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const worker = new DeliveryWorker({
    db: database.db,
    config,
    clock: systemClock,
    logger: createLogger('silent'),
  });
  worker.start();
  const token = await benchToken(database, url, data);
  const mcpToken = await assistantToken(database.db, config, {
    integrationId: data.integrationId!,
    userId: data.adminId!,
    organizationId: data.reportsOrg!,
  });
  const loopProbe = await startLoopProbe();
  ready({ ...data, url, pid: String(process.pid), token, mcpToken, loopProbe });
  // The seeded data (over a gigabyte on SQLite) goes with the contender.
  process.once('SIGTERM', () => {
    void worker
      .stop()
      .then(() => app.close())
      .then(() => database.close())
      .finally(() => {
        rmSync(data.dataDir!, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

/**
 * Marquee serving data another process prepared (bench/custom-field-loads.ts), found as `serve`
 * finds it (MARQUEE_DATA_DIR, and DATABASE_URL on PostgreSQL), with the loop probe; the data
 * stays with its maker.
 */
async function marqueeOn() {
  const dataDir = process.env.MARQUEE_DATA_DIR!;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = openDatabase({ databaseUrl, dataDir });
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    MARQUEE_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config, database });
  await warmToolLists();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // BENCH_JOB_RUNNER=1: the job runner runs beside the API, as in `serve` (src/server.ts).
  const jobs =
    process.env.BENCH_JOB_RUNNER === '1'
      ? serveJobRunner({
          writer: app.ctx.writer,
          config,
          logger: createLogger('silent'),
          rendering: app.ctx,
          metrics: app.ctx.metrics,
        })
      : undefined;
  await jobs?.start();
  const loopProbe = await startLoopProbe();
  ready({ url, pid: String(process.pid), loopProbe });
  process.once('SIGTERM', () => {
    void Promise.resolve(jobs?.stop())
      .then(() => app.close())
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

/**
 * `marquee serve --workers N` (node:cluster) on the prepared data, as an operator starts it: the
 * flags of `npm start`, the configuration in the environment.
 */
async function marqueeWorkers(dialect: 'sqlite' | 'postgres', workers: string) {
  const data = await prepared(dialect, true);
  const flags = JSON.parse(process.env.MARQUEE_NODE_FLAGS ?? '[]') as string[];
  const server = spawn(
    process.execPath,
    [...flags, path.resolve('bin/marquee.js'), 'serve', '--json', '--workers', workers],
    {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '0',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        MARQUEE_DATA_DIR: data.dataDir!,
        ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = (await readyInfo(server, 'marquee serve')).url!;
  const database = openDatabase({ databaseUrl: data.databaseUrl || undefined, dataDir: data.dataDir! });
  const token = await benchToken(database, url, data);
  await database.close();
  ready({ ...data, url, pid: String(server.pid), token });
  process.once('SIGTERM', () => {
    server.once('exit', () => {
      rmSync(data.dataDir!, { recursive: true, force: true });
      process.exit(0);
    });
    server.kill('SIGTERM');
  });
}

async function oidc() {
  const { default: Provider } = await import('oidc-provider');
  const clientSecret = randomBytes(32).toString('base64url');
  const provider = new Provider('http://127.0.0.1', {
    clients: [
      {
        client_id: 'bench',
        client_secret: clientSecret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        scope: 'crm_read crm_manage',
      },
    ],
    scopes: ['crm_read', 'crm_manage'],
    features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
  });
  const server = createServer(provider.callback());
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    ready({
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      clientId: 'bench',
      clientSecret,
      pid: process.pid,
    });
  });
}

const run = {
  plain,
  'marquee-sqlite': () => marquee('sqlite'),
  'marquee-postgres': () => marquee('postgres'),
  'marquee-sqlite-workers': () => marqueeWorkers('sqlite', process.argv[3] ?? '2'),
  'marquee-postgres-workers': () => marqueeWorkers('postgres', process.argv[3] ?? '2'),
  'prepare-sqlite': () => prepare('sqlite'),
  'prepare-postgres': () => prepare('postgres'),
  'marquee-on': marqueeOn,
  'oidc-provider': oidc,
  'fastify-memory': fastifyMemory,
}[kind ?? ''];
if (!run) {
  console.error(
    'usage: contenders.js plain | marquee-sqlite | marquee-postgres | marquee-sqlite-workers N | marquee-postgres-workers N | marquee-on | oidc-provider | fastify-memory <page file> [note pages file] | prepare-sqlite | prepare-postgres',
  );
  process.exit(2);
}
await run();
// Exit normally on SIGTERM so profilers (--cpu-prof) can write their output.
if (process.listenerCount('SIGTERM') === 0) process.on('SIGTERM', () => process.exit(0));
