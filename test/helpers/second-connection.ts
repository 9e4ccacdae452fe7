/**
 * A second connection to the suite's database, as another `serve` process or the CLI would
 * open it, and a way to wait until this process's change clock has seen what it committed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type DatabaseHandle, openDatabase } from '../../src/db/connect.js';
import type { ChangeClock } from '../../src/db/change-clock.js';
import type { Clock } from '../../src/clock.js';
import type { TestDatabase } from './databases.js';

export function openSecondConnection(database: TestDatabase, clock?: Clock): DatabaseHandle {
  const { MARQUEE_DATA_DIR, DATABASE_URL } = database.env;
  return openDatabase({
    databaseUrl: DATABASE_URL || undefined,
    dataDir: MARQUEE_DATA_DIR ?? '',
    poolSize: 2,
    ...(clock ? { clock } : {}),
  });
}

/** The clock's reading once it can be read (on PostgreSQL, once its connection listens). */
export async function readingOf(clock: ChangeClock, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reading = clock.read();
    if (reading !== undefined) return reading;
    if (Date.now() > deadline) throw new Error(`the change clock could not be read within ${timeoutMs} ms`);
    await sleep(10);
  }
}

/**
 * Waits until the clock reads past `reading`: at once on SQLite, on PostgreSQL when the
 * notification of the commit has arrived. Fails after `timeoutMs`.
 */
export async function clockPassed(clock: ChangeClock, reading: number, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = clock.read();
    if (now !== undefined && now > reading) return now;
    if (Date.now() > deadline) throw new Error(`the change clock stayed at ${reading} for ${timeoutMs} ms`);
    await sleep(5);
  }
}
