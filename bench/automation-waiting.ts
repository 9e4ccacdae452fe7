/**
 * SPEC §18's runner when little is due, beside bench/automation-steps.ts's burst; in this process
 * once the measured rounds are over (as the mailbox rows).
 * - A step falling due while the runner idles starts within 5 s: IDLE_STEPS steps, queued before
 *   the runner starts (as a step queued days ago), fall due a few seconds apart while it idles; each
 *   step's lag from its due time to its completion's commit.
 * - 100,000 waiting runs cost nothing measurable per request: GET /v2/bookings (25), a new query
 *   each request (no page from the cache), paced, against a Marquee server of its own (a child
 *   process, bench/contenders.ts `marquee-on`) running the job runner beside the API as `serve`
 *   does; rounds without waiting runs, then with BENCH_WAITING_RUNS (100,000) runs waiting on a step
 *   due in a week, then without again (the waiting ones deleted). The p50s' ratio, with against
 *   without (goal: under 1.1×, the custom fields' page goal).
 * Run alone: `node dist/bench/automation-waiting.js [sqlite|postgres]`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import pino from 'pino';
import { isoTime, systemClock } from '../src/clock.js';
import { automationJobHandlers, createAutomation } from '../src/crm/automations/index.js';
import { enroll } from '../src/crm/automations/automation-run-writes.js';
import type { RenderingContext } from '../src/crm/email-templates/index.js';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createIntegration } from '../src/integrations/integration.service.js';
import { JobRunner } from '../src/jobs/runner.js';
import { write } from '../src/writes/unit-of-work.js';
import { makeWorkspaceVenue, type WorkspaceVenue } from '../test/helpers/workspace-data.js';
import { readyInfo } from './child-ready.js';
import { marqueeNodeFlags } from './node-flags.js';
import { pacedLoad, type PacedResult } from './paced.js';
import { scratchDatabase } from './scratch-database.js';
import { benchBooking } from './seed-loads.js';

const IDLE_STEPS = 5;
const WAITING = Number(process.env.BENCH_WAITING_RUNS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/**
 * After the waiting runs are written or deleted, before a round: the writes' aftermath (a
 * checkpoint, PostgreSQL's autovacuum and its statistics) is not theirs. Waiting runs wait for
 * days: the rounds measure that steady state, the tables' statistics current.
 */
const SETTLE_MS = 5000;
async function settle(db: Db, dialect: 'sqlite' | 'postgres') {
  if (dialect === 'postgres') await sql`vacuum (analyze) jobs, automation_runs`.execute(db);
  await sleep(SETTLE_MS);
}
const PACE = { connections: 4, rate: 50 } as const;
const WEEK = 7 * 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

/** A venue's reminder: one step adding a note to its booking. */
async function reminder(db: Db, venue: WorkspaceVenue) {
  return write({ db, clock: systemClock }, venue.actor, createAutomation, {
    name: 'Reminder note',
    enabled: true,
    allowReenrollment: true,
    trigger: { type: 'booking.created', sources: ['api'] },
    steps: [{ type: 'add_note', body: 'Reminded the client.' }],
  });
}

/** `count` runs of `automationId` on the venue's booking, their first step due at `due(n)`. */
async function enrollRuns(
  db: Db,
  venue: WorkspaceVenue,
  automationId: string,
  count: number,
  due: (n: number) => number,
) {
  const now = Date.now();
  for (let from = 0; from < count; from += 5000) {
    await db.transaction().execute(async (trx) => {
      for (let n = from; n < Math.min(count, from + 5000); n++) {
        const facts = {
          organizationId: venue.orgId,
          automationId,
          bookingId: venue.bookingId,
          enrollment: `${automationId} ${venue.bookingId} waiting-${n}`,
        };
        await enroll(trx, facts, due(n), now);
      }
    });
  }
}

/** A row's line of docs/performance.md, and its missed goal if it missed one. */
export interface WaitingRow {
  line: string;
  failure?: string;
}

/** The idle row of one database. */
export async function measureIdleStart(dialect: 'sqlite' | 'postgres'): Promise<WaitingRow> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const scratch = await scratchDatabase(dialect, 'bench_idle');
  const db = scratch.handle.db;
  let runner: JobRunner | undefined;
  try {
    await migrateToLatest(scratch.handle);
    const venue = await makeWorkspaceVenue(db, 'Idle venue');
    const automation = await reminder(db, venue);
    // Queued before the runner starts: only its own clock and polling can find them due.
    const first = Date.now() + 3000;
    await enrollRuns(db, venue, automation.id, IDLE_STEPS, (n) => first + n * 2500);
    const rendering = { db, clock: systemClock } as unknown as RenderingContext;
    runner = new JobRunner({
      writer: { db, clock: systemClock },
      logger: pino({ level: 'silent' }),
      handlers: automationJobHandlers({ rendering, sending: false, baseUrl: 'http://127.0.0.1' }),
      retrySchedule: [5],
    });
    runner.start();
    const last = first + (IDLE_STEPS - 1) * 2500;
    const done = () =>
      db
        .selectFrom('jobs')
        .select(['due_at', 'finished_at'])
        .where('kind', '=', 'automation.step')
        .where('state', '=', 'done')
        .execute();
    while ((await done()).length < IDLE_STEPS && Date.now() < last + 60_000) await sleep(100);
    const lags = (await done())
      .map((job) => (Date.parse(job.finished_at!) - Date.parse(job.due_at)) / 1000)
      .sort((a, b) => a - b);
    const longest = lags[lags.length - 1] ?? Number.NaN;
    const line = `- A step falling due while the runner idles (${IDLE_STEPS} steps queued before it started, due 2.5 s apart; bench/automation-waiting.ts) — ${label}: ${lags.length} of ${IDLE_STEPS} done; lag from due time median ${median(lags).toFixed(2)} s, longest ${longest.toFixed(2)} s (goal: under 5 s).`;
    const missed = lags.length < IDLE_STEPS || !(longest < 5);
    return missed
      ? {
          line,
          failure: `A step falling due while the runner idles — ${label}: ${lags.length} of ${IDLE_STEPS} done, longest lag ${longest.toFixed(2)} s, goal under 5 s`,
        }
      : { line };
  } finally {
    await runner?.stop();
    await scratch.handle.close();
    await scratch.drop();
  }
}

/** Paced rounds of pages asked for once each (a new instant each request). */
async function rounds(url: string, token: string, organizationId: string, from: { instant: number }) {
  const options: autocannon.Options = {
    url: `${url}/v2/bookings`,
    headers: { authorization: `Bearer ${token}`, 'x-api-org': organizationId },
    requests: [
      {
        setupRequest: (request) => {
          from.instant -= 1;
          return { ...request, path: `/v2/bookings?filter[created_at][lt]=${isoTime(from.instant)}` };
        },
      },
    ],
  };
  await pacedLoad(options, PACE.rate, PACE.connections, WARMUP);
  const results: PacedResult[] = [];
  for (let n = 0; n < ROUNDS; n++)
    results.push(await pacedLoad(options, PACE.rate, PACE.connections, SECONDS));
  return results;
}

/** The waiting runs' row of one database: its line, and the missed goal if it missed it. */
export async function measureWaitingRuns(dialect: 'sqlite' | 'postgres'): Promise<WaitingRow> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const scratch = await scratchDatabase(dialect, 'bench_waiting');
  const db = scratch.handle.db;
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await migrateToLatest(scratch.handle);
    const venue = await makeWorkspaceVenue(db, 'Waiting venue');
    const automation = await reminder(db, venue);
    // A venue's bookings to page through: more than a page, written straight into the table.
    const start = Date.UTC(2024, 0, 1);
    const bookings = Array.from({ length: 1000 }, (_, n) =>
      benchBooking(venue.orgId, n, isoTime(start + n * 3_600_000)),
    );
    for (let n = 0; n < bookings.length; n += 250)
      await db
        .insertInto('bookings')
        .values(bookings.slice(n, n + 250))
        .execute();
    const { integration, clientSecret } = await createIntegration(db, {
      organizationId: venue.orgId,
      name: 'Bench',
      kind: 'private',
      ownerEmail: venue.admin.email,
    });
    server = spawn(
      process.execPath,
      [...marqueeNodeFlags(), path.resolve('dist/bench/contenders.js'), 'marquee-on'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, DATABASE_URL: '', ...scratch.env, BENCH_JOB_RUNNER: '1' },
      },
    );
    const url = (await readyInfo(server, 'marquee-on')).url!;
    const issued = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: integration.clientId,
        client_secret: clientSecret,
      }),
    });
    const token = ((await issued.json()) as { access_token: string }).access_token;
    const from = { instant: Date.parse('2030-01-01T00:00:00.000Z') };
    const before = await rounds(url, token, venue.orgId, from);
    const week = Date.now() + WEEK;
    await enrollRuns(db, venue, automation.id, WAITING, (n) => week + n * 1000);
    await settle(db, dialect);
    const waiting = await rounds(url, token, venue.orgId, from);
    await db.deleteFrom('jobs').where('kind', '=', 'automation.step').execute();
    await db.deleteFrom('automation_runs').where('automation_id', '=', automation.id).execute();
    await settle(db, dialect);
    const after = await rounds(url, token, venue.orgId, from);
    const errors = [...before, ...waiting, ...after].reduce((sum, r) => sum + r.non2xx, 0);
    const without = median([...before, ...after].map((r) => r.p50));
    const withRuns = median(waiting.map((r) => r.p50));
    const ratio = withRuns / without;
    const spread = (results: PacedResult[]) => results.map((r) => r.p50).join(', ');
    const line = `- GET /v2/bookings (25), a new query each request, ${PACE.connections} connections at ${PACE.rate}/s, the job runner beside the API as in \`serve\`, with ${WAITING.toLocaleString('en')} automation runs waiting on a step due in a week against none (bench/automation-waiting.ts) — ${label}: p50 ${withRuns} ms with them (rounds ${spread(waiting)}), ${without} ms without (rounds before ${spread(before)}, after ${spread(after)}): ${ratio.toFixed(2)}× (goal: under 1.1×); answers other than 2xx: ${errors}.`;
    const missed = errors > 0 || !(ratio < 1.1);
    const failure = `${WAITING.toLocaleString('en')} waiting automation runs against none, GET /v2/bookings — ${label}: ${ratio.toFixed(2)}×, goal under 1.1×; ${errors} answers other than 2xx`;
    return missed ? { line, failure } : { line };
  } finally {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
    await scratch.handle.close();
    await scratch.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite'];
  for (const dialect of dialects as Array<'sqlite' | 'postgres'>) {
    console.log((await measureIdleStart(dialect)).line);
    console.log((await measureWaitingRuns(dialect)).line);
  }
}
