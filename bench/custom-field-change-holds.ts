/**
 * Where a change of a custom field's type holds SQLite's event loop (docs/decisions/0020): the
 * venue of the type change's bench row (bench/custom-field-loads.ts `seed`, BENCH_CUSTOM_FIELD_ROWS
 * bookings) in a scratch SQLite file, its number field `n0` made text in this process as the PATCH
 * makes it (one unit of work), each synchronous better-sqlite3 call of it that took over 8 ms listed
 * with its SQL, and the loop's longest hold (monitorEventLoopDelay) while it ran.
 * `node dist/bench/custom-field-change-holds.js [cache_size]`: the connection's page cache for the
 * change, as `PRAGMA cache_size` takes it (default: the connection's own, src/db/sqlite-settings.ts).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { systemClock } from '../src/clock.js';
import { updateCustomField } from '../src/crm/custom-fields/custom-field.commands.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { staffActor } from '../src/identity/actor.js';
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

const timing = { on: false };
const slow: Array<[number, string]> = [];
timeStatements(timing, slow);
const scratch = await scratchDatabase('sqlite', 'bench_holds');
try {
  const db = scratch.handle.db;
  await migrateToLatest(scratch.handle);
  const venue = await seed(db, 'sqlite');
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
  const cache = process.argv[2];
  if (cache) await sql.raw(`pragma cache_size = ${Number(cache)}`).execute(db);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  // The loop's timer must fire once more after a hold for it to be counted.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
  delay.enable();
  // Its timer must have fired once before the change for a hold at its start to be counted.
  await settled();
  timing.on = true;
  const began = performance.now();
  await write({ db, clock: systemClock }, actor, updateCustomField, {
    id: venue.ids.get('n0')!,
    ifMatch: undefined,
    input: { field_type: 'text' },
  });
  const took = performance.now() - began;
  timing.on = false;
  await settled();
  delay.disable();
  console.log(
    `n0 number → text over ${venue.numbered} values: ${(took / 1000).toFixed(1)} s, the loop held at most ${(delay.max / 1e6).toFixed(1)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms)`,
  );
  const longest = [...slow].sort((a, b) => b[0] - a[0]);
  const kinds = new Map<string, number>();
  for (const [ms, text] of longest) if (!kinds.has(text)) kinds.set(text, ms);
  for (const [text, ms] of kinds) console.log(`${String(ms).padStart(7)} ms  ${text}`);
} finally {
  await scratch.handle.close();
  await scratch.drop();
}
