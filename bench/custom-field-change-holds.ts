/**
 * Where a change of a custom field's type holds the event loop (docs/decisions/0020): the venue of
 * the type change's bench row (bench/custom-field-loads.ts `seed`, BENCH_CUSTOM_FIELD_ROWS
 * bookings) in a scratch database, its number field `n0` made text in this process as the PATCH
 * makes it (one unit of work). Listed: each synchronous better-sqlite3 call of this thread that took
 * over 8 ms, with its SQL (the long writes' thread's own calls, src/db/sqlite-long-writes.ts, hold
 * no loop and are not seen); each garbage collection pause over 8 ms; each hold of the loop over
 * 20 ms, at its end, in ms from the change's start; and the loop's longest hold
 * (monitorEventLoopDelay). Which code a hold ran: the same run under `node --cpu-prof`, read by
 * bench/custom-field-profile-holds.ts.
 * `node dist/bench/custom-field-change-holds.js [sqlite|postgres] [cache_size]`: the database
 * (SQLite by default; PostgreSQL at BENCH_DATABASE_URL), and on SQLite the page cache of the
 * connection the change runs on, as `PRAGMA cache_size` takes it (default: its own,
 * src/db/sqlite-settings.ts).
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { systemClock } from '../src/clock.js';
import { updateCustomField } from '../src/crm/custom-field-definitions/custom-field.commands.js';
import { longWritesOf } from '../src/db/long-writes.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { staffActor } from '../src/policy/actor.js';
import { write } from '../src/writes/unit-of-work.js';
import { seed } from './custom-field-loads.js';
import { scratchDatabase } from './scratch-database.js';

type Call = (this: { source: string }, ...given: unknown[]) => unknown;

/** Every statement's and `exec`'s call over 8 ms while `timing.on`: [ms, SQL]. */
function timeStatements(timing: { on: boolean }, slow: Array<[number, string]>) {
  const probe = new SqliteDatabase(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, Call>;
  probe.close();
  const wrap = (
    target: Record<string, Call>,
    name: string,
    sqlOf: (self: { source: string }, given: unknown[]) => string,
  ) => {
    const call = target[name]!;
    target[name] = function (this: { source: string }, ...given: unknown[]) {
      const began = performance.now();
      try {
        return call.apply(this, given);
      } finally {
        const took = performance.now() - began;
        if (timing.on && took > 8)
          slow.push([Math.round(took * 10) / 10, sqlOf(this, given).replace(/\s+/g, ' ').slice(0, 100)]);
      }
    };
  };
  for (const name of ['run', 'all', 'get', 'iterate']) wrap(statement, name, (self) => self.source);
  wrap(SqliteDatabase.prototype as unknown as Record<string, Call>, 'exec', (_self, given) =>
    String(given[0]),
  );
}

/** Garbage collection pauses over 8 ms while `timing.on`: [ms, kind]. */
function timeCollections(timing: { on: boolean }, slow: Array<[number, string]>) {
  const kinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (timing.on && entry.duration > 8)
        slow.push([Math.round(entry.duration * 10) / 10, `garbage collection (${kinds[kind] ?? kind})`]);
    }
  }).observe({ entryTypes: ['gc'] });
}

/** Each hold of the loop over 20 ms while `timing.on`: [its end in ms since `since()`, its length]. */
function timeHolds(timing: { on: boolean }, since: () => number, holds: Array<[number, number]>) {
  let last = performance.now();
  const beat = () => {
    const now = performance.now();
    if (timing.on && now - last > 20)
      holds.push([Math.round(now - since()), Math.round((now - last) * 10) / 10]);
    last = now;
    timer = setTimeout(beat, 1);
  };
  let timer = setTimeout(beat, 1);
  return () => clearTimeout(timer);
}

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const cache = process.argv[dialect === process.argv[2] ? 3 : 2];
const timing = { on: false };
const slow: Array<[number, string]> = [];
const holds: Array<[number, number]> = [];
let began = 0;
timeStatements(timing, slow);
timeCollections(timing, slow);
const scratch = await scratchDatabase(dialect, 'bench_holds');
try {
  const db = scratch.handle.db;
  await migrateToLatest(scratch.handle);
  const venue = await seed(db, dialect);
  const admin = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', venue.fields)
    .executeTakeFirstOrThrow();
  const actor = staffActor({
    organizationId: venue.fields,
    userId: admin.user_id,
    role: 'admin',
    door: 'api',
  });
  // The connection the change runs on (on SQLite, the long writes' own: src/db/long-writes.ts).
  const changing = longWritesOf(db);
  if (cache && dialect === 'sqlite') await sql.raw(`pragma cache_size = ${Number(cache)}`).execute(changing);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  // The loop's timer must fire once more after a hold for it to be counted.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
  delay.enable();
  // Its timer must have fired once before the change for a hold at its start to be counted.
  await settled();
  const stopHolds = timeHolds(timing, () => began, holds);
  timing.on = true;
  began = performance.now();
  await write({ db, clock: systemClock }, actor, updateCustomField, {
    id: venue.ids.get('n0')!,
    ifMatch: undefined,
    input: { field_type: 'text' },
  });
  const took = performance.now() - began;
  await settled();
  timing.on = false;
  stopHolds();
  delay.disable();
  console.log(
    `${dialect}: n0 number → text over ${venue.numbered} values: ${(took / 1000).toFixed(1)} s, the loop held at most ${(delay.max / 1e6).toFixed(1)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms)`,
  );
  const longest = [...slow].sort((a, b) => b[0] - a[0]);
  const kinds = new Map<string, number>();
  for (const [ms, text] of longest) if (!kinds.has(text)) kinds.set(text, ms);
  for (const [text, ms] of kinds) console.log(`${String(ms).padStart(7)} ms  ${text}`);
  for (const [at, ms] of holds) console.log(`loop held ${ms} ms, until ${at} ms after the change began`);
} finally {
  await scratch.handle.close();
  await scratch.drop();
}
