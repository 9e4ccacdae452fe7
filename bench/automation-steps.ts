/**
 * SPEC §18's runner under a burst: BENCH_AUTOMATION_STEPS (10,000) automation steps falling due at
 * the same instant, in this process once the measured rounds are over (as the mailbox rows). A
 * venue's automation adds a note to its booking; that many runs of it are started with their first
 * step due now, then one job runner, as a `serve` process runs it, takes them. Reported: each
 * step's lag (from its due time to its completion's commit; goal p99 under 60 s) and the longest
 * the event loop was held meanwhile (goal 50 ms). Run alone:
 * `node dist/bench/automation-steps.js [sqlite|postgres]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { isoTime, systemClock } from '../src/clock.js';
import { automationJobHandlers, createAutomation } from '../src/crm/automations/index.js';
import { enroll } from '../src/crm/automations/automation-run-writes.js';
import type { RenderingContext } from '../src/crm/email-templates/index.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { JobRunner } from '../src/jobs/runner.js';
import { write } from '../src/writes/unit-of-work.js';
import { makeWorkspaceVenue } from '../test/helpers/workspace-data.js';
import { missedGoals } from './row-verdict.js';

const STEPS = Number(process.env.BENCH_AUTOMATION_STEPS ?? 10_000);
const SCHEMA = 'marquee_bench_steps';
/** The most the row waits for the burst to be worked off. */
const LIMIT_MS = 15 * 60_000;

async function databaseFor(dialect: 'sqlite' | 'postgres') {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-steps-'));
    return { handle: openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true }) };
  }
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${SCHEMA},public`);
  const drop = async () => {
    const again = new pg.Client({ connectionString: base });
    await again.connect();
    await again.query(`drop schema if exists ${SCHEMA} cascade`);
    await again.end();
  };
  return { handle: openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() }), drop };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** The row of one database, as a line of docs/performance.md. */
export async function measureAutomationSteps(
  dialect: 'sqlite' | 'postgres',
): Promise<{ line: string; failures: string[] }> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const { handle, drop } = await databaseFor(dialect);
  const db = handle.db;
  const writer = { db, clock: systemClock };
  let runner: JobRunner | undefined;
  try {
    await migrateToLatest(handle);
    const venue = await makeWorkspaceVenue(db, 'Steps venue');
    const automation = await write(writer, venue.actor, createAutomation, {
      name: 'Reminder note',
      enabled: true,
      allowReenrollment: true,
      trigger: { type: 'booking.created', sources: ['api'] },
      steps: [{ type: 'add_note', body: 'Reminded the client.' }],
    });
    // Every step falls due at the same instant, a moment after the last is queued: queued for
    // tomorrow, then all made due now at once, so the time taken to queue them is nobody's lag.
    const queued = Date.now();
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < STEPS; n++) {
        const facts = {
          organizationId: venue.orgId,
          automationId: automation.id,
          bookingId: venue.bookingId,
          enrollment: `${automation.id} ${venue.bookingId} bench-${n}`,
        };
        await enroll(trx, facts, queued + 86_400_000, queued);
      }
    });
    const due = isoTime(Date.now());
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('jobs').set({ due_at: due }).where('kind', '=', 'automation.step').execute();
      await trx.updateTable('automation_runs').set({ next_at: due }).execute();
    });
    // An add_note step writes no template: the rendering threads are not needed.
    const rendering = { db, clock: systemClock } as unknown as RenderingContext;
    runner = new JobRunner({
      writer,
      logger: pino({ level: 'silent' }),
      handlers: automationJobHandlers({ rendering, sending: false, baseUrl: 'http://127.0.0.1' }),
      retrySchedule: [5],
    });
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    runner.start();
    const pending = async () =>
      Number(
        (
          await db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', 'automation.step')
            .where('state', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
    while ((await pending()) > 0 && performance.now() - started < LIMIT_MS) await sleep(250);
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    await runner.stop();
    runner = undefined;
    const done = await db
      .selectFrom('jobs')
      .select(['due_at', 'finished_at'])
      .where('kind', '=', 'automation.step')
      .where('state', '=', 'done')
      .execute();
    const lags = done
      .map((job) => (Date.parse(job.finished_at!) - Date.parse(job.due_at)) / 1000)
      .sort((a, b) => a - b);
    const held = Math.round(loop.max / 1e5) / 10;
    const p99 = done.length === STEPS ? percentile(lags, 99) : Number.NaN;
    const line = `- ${STEPS.toLocaleString('en')} automation steps falling due at once (each adds a note to its booking; one job runner, as in \`serve\`; bench/automation-steps.ts) — ${label}: ${done.length.toLocaleString('en')} done in ${seconds.toFixed(1)} s; lag from due time p50 ${percentile(lags, 50).toFixed(1)} s, p99 ${percentile(lags, 99).toFixed(1)} s (goal: under 60 s); the event loop held at most ${held} ms (goal: 50 ms).`;
    const row = `${STEPS.toLocaleString('en')} automation steps falling due at once — ${label}`;
    return {
      line,
      failures: missedGoals([
        { row: `${row}, lag p99`, measured: Math.round(p99 * 10) / 10, under: 60, unit: 's' },
        { row: `${row}, the event loop`, measured: held, under: 50, unit: 'ms' },
      ]),
    };
  } finally {
    await runner?.stop();
    await handle.close();
    await drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite'];
  for (const dialect of dialects)
    console.log((await measureAutomationSteps(dialect as 'sqlite' | 'postgres')).line);
}
