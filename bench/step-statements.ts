/**
 * What bench/automation-steps.ts measures as time, counted instead: the round trips to
 * PostgreSQL per automation step done by the one job runner (each adds a note to its booking),
 * which does not depend on the machine. Every query a connection of the pool sends counts once
 * (a commit sent with the reading of its scopes is one). Run alone:
 * `node dist/bench/step-statements.js [steps]` (BENCH_DATABASE_URL, else the local `test`
 * database, in a schema of its own, dropped afterwards). `--each` lists the statements.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { systemClock } from '../src/clock.js';
import { automationJobHandlers, createAutomation } from '../src/crm/automations/index.js';
import { enroll } from '../src/crm/automations/automation-run-writes.js';
import type { RenderingContext } from '../src/crm/email-templates/index.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { JobRunner } from '../src/jobs/runner.js';
import { write } from '../src/writes/unit-of-work.js';
import { makeWorkspaceVenue } from '../test/helpers/workspace-data.js';

const SCHEMA = 'marquee_bench_statements';

/** Counts every query the pg clients of this process send while `counting` (LISTEN aside). */
function countQueries() {
  const seen = new Map<string, number>();
  const state = { counting: false, total: 0, seen };
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (state.counting && text !== undefined && !/^\s*listen\b/i.test(text)) {
      state.total += 1;
      const shape = text.replace(/\s+/g, ' ').slice(0, 90);
      seen.set(shape, (seen.get(shape) ?? 0) + 1);
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return state;
}

export async function countStepStatements(steps: number, each = false): Promise<string> {
  const counter = countQueries();
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${SCHEMA},public`);
  const handle = openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() });
  const db = handle.db;
  const writer = { db, clock: systemClock };
  try {
    await migrateToLatest(handle);
    const venue = await makeWorkspaceVenue(db, 'Counted venue');
    const automation = await write(writer, venue.actor, createAutomation, {
      name: 'Reminder note',
      enabled: true,
      allowReenrollment: true,
      trigger: { type: 'booking.created', sources: ['api'] },
      steps: [{ type: 'add_note', body: 'Reminded the client.' }],
    });
    const queued = Date.now();
    await db.transaction().execute(async (trx) => {
      for (let n = 0; n < steps; n++) {
        const facts = {
          organizationId: venue.orgId,
          automationId: automation.id,
          bookingId: venue.bookingId,
          enrollment: `${automation.id} ${venue.bookingId} counted-${n}`,
        };
        await enroll(trx, facts, queued, queued);
      }
    });
    const rendering = { db, clock: systemClock } as unknown as RenderingContext;
    const runner = new JobRunner({
      writer,
      logger: pino({ level: 'silent' }),
      handlers: automationJobHandlers({ rendering, sending: false, baseUrl: 'http://127.0.0.1' }),
      retrySchedule: [5],
      pollMs: 60_000,
    });
    counter.counting = true;
    await runner.drain();
    counter.counting = false;
    await runner.stop();
    const done = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'automation.step')
      .where('state', '=', 'done')
      .executeTakeFirstOrThrow();
    const doneSteps = Number(done.n);
    const lines = [
      `${doneSteps} of ${steps} steps done; ${counter.total} round trips to PostgreSQL, ${(counter.total / doneSteps).toFixed(2)} a step.`,
    ];
    if (each)
      for (const [shape, n] of [...counter.seen].sort((a, b) => b[1] - a[1]))
        lines.push(`${(n / doneSteps).toFixed(2).padStart(6)}  ${shape}`);
    return lines.join('\n');
  } finally {
    await handle.close();
    await admin.query(`drop schema if exists ${SCHEMA} cascade`);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const steps = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 320);
  console.log(await countStepStatements(steps, process.argv.includes('--each')));
}
