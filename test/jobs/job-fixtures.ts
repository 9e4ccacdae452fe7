/**
 * What the job tests share: a runner on a test database with a moved clock and a silent logger,
 * a second connection to the same database (another process's pool), and the `mark` effect — a
 * row written by a job's handler, counted per job to see that each effect exists once.
 */
import os from 'node:os';
import pg from 'pg';
import pino from 'pino';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import type { Db, Trx } from '../../src/db/database.js';
import type { JobHandler } from '../../src/jobs/job-handler.js';
import { enqueueJob } from '../../src/jobs/job.repository.js';
import { JobRunner, type JobRunnerOptions } from '../../src/jobs/runner.js';
import type { TestDatabase } from '../helpers/databases.js';
import { TestClock } from '../helpers/test-clock.js';

export const silent = pino({ level: 'silent' });

/** A fixed instant on the hour, so slots and retries are the same on every run. */
export const START = Date.parse('2031-06-02T09:00:00.000Z');

export function testClock(): TestClock {
  const clock = new TestClock();
  clock.stopAt(START);
  return clock;
}

/** Another pool on the test database, as another `serve` process has. */
export function secondConnection(database: TestDatabase): DatabaseHandle {
  return database.dialect === 'sqlite'
    ? openDatabase({ dataDir: database.env.MARQUEE_DATA_DIR! })
    : openDatabase({ databaseUrl: database.env.DATABASE_URL!, dataDir: os.tmpdir(), poolSize: 3 });
}

export function runner(
  db: Db,
  clock: TestClock,
  handlers: JobHandler[],
  more: Partial<JobRunnerOptions> = {},
): JobRunner {
  return new JobRunner({
    writer: { db, clock },
    logger: silent,
    handlers,
    retrySchedule: [5, 60],
    pollMs: 60_000,
    ...more,
  });
}

/** The effect of a test job: one row naming the job (a job kind nobody runs). */
export async function mark(trx: Trx, jobId: string, now: number): Promise<void> {
  await enqueueJob(trx, { kind: 'test.mark', payload: { of: jobId }, dueAt: now, now });
}

/** How many marks each job left. */
export async function marks(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('jobs').select('payload').where('kind', '=', 'test.mark').execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const of = (JSON.parse(row.payload) as { of: string }).of;
    counts.set(of, (counts.get(of) ?? 0) + 1);
  }
  return counts;
}

export async function jobsOf(db: Db, kind: string) {
  return db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
}

/**
 * Counts what this process's PostgreSQL connections send (every query is one round trip; a
 * commit sent with the reading of its scopes is one), between `start` and `stop`. Counts only,
 * never durations. LISTEN and the change clock's own look are left out.
 */
export function statementCounter() {
  const state = { counting: false, total: 0, commits: 0, shapes: new Map<string, number>() };
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (state.counting && text !== undefined && !/^\s*(listen|select 1\b)/i.test(text)) {
      state.total += 1;
      if (/(^|;)\s*commit\s*;?\s*$/i.test(text)) state.commits += 1;
      const shape = text.replace(/\s+/g, ' ').trim().slice(0, 400);
      state.shapes.set(shape, (state.shapes.get(shape) ?? 0) + 1);
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    start() {
      Object.assign(state, { counting: true, total: 0, commits: 0, shapes: new Map() });
    },
    stop() {
      state.counting = false;
      return { total: state.total, commits: state.commits, shapes: state.shapes };
    },
    restore() {
      pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
    },
  };
}
