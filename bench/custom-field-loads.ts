/**
 * SPEC §19's goals for custom fields, through the API of a Marquee server of their own (a child
 * process, bench/contenders.ts `marquee-on`), in the load generator's process once the measured
 * rounds are over (as the mailbox rows). A venue of BENCH_CUSTOM_FIELD_ROWS (100,000) bookings
 * with 20 custom fields each, valued as bench/custom-fields.ts values them (bench/custom-field-values.ts),
 * another venue's tenth as many, and a twin of the first venue with the same bookings and no
 * fields, written straight into the tables. Measured:
 * - a select field's filter and a number field's sort, a page of 25 each: p99 under 100 ms;
 * - the page of 25 with the fields against the twin's without them: under 10% more (p50s);
 * - a number field's change to text over its values (PATCH /v2/custom_fields/{id}): how long, and
 *   the longest the server's event loop was held meanwhile (goal: never over 50 ms).
 * The latency rows are paced (bench/paced.ts) on a few connections, each request a page not asked
 * before (the questions' pages in turn, by their cursors), so p99 is one page's time, not a queue
 * or the page cache.
 * With BENCH_ONLY, the latency rows run when it matches 'custom field filter, sort and page', the
 * type change's row when it matches 'custom field change' (bench/run.ts).
 * Run alone: `node dist/bench/custom-field-loads.js [sqlite|postgres]` (BENCH_SERVER_FLAGS: the
 * server's node flags besides `npm start`'s, e.g. `--cpu-prof`).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { isoTime, systemClock } from '../src/clock.js';
import { createCustomField } from '../src/crm/custom-field-definitions/custom-field.commands.js';
import { isSqlite } from '../src/db/column-types.js';
import type { Db } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { staffActor } from '../src/policy/actor.js';
import { createIntegration } from '../src/integrations/integration.service.js';
import { write } from '../src/writes/unit-of-work.js';
import { makeOrganization, makeUser } from '../test/helpers/factories.js';
import { readyInfo } from './child-ready.js';
import { fieldInputs, NUMBERS, OPTIONS, SELECTS, storedValues, valuesOf } from './custom-field-values.js';
import { withLoopDelay } from './loop-probe.js';
import { marqueeNodeFlags } from './node-flags.js';
import { pacedLoad, type PacedResult } from './paced.js';
import { failureWords, type Goal, judgeRow, missedGoals } from './row-verdict.js';
import { scratchDatabase } from './scratch-database.js';
import { random } from './seed-events.js';
import { benchBooking } from './seed-loads.js';

const BOOKINGS = Number(process.env.BENCH_CUSTOM_FIELD_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** A venue's staff filtering and sorting: a few connections, a steady pace far above a venue's. */
const PACE = { connections: 4, rate: 20 } as const;
const START = Date.UTC(2020, 0, 1);
/** The most the type change row waits for the conversion to commit. */
const CHANGE_LIMIT_MS = Number(process.env.BENCH_CUSTOM_FIELD_CHANGE_MINUTES ?? 10) * 60_000;
/** Node flags for the server besides `npm start`'s, to profile it: `--cpu-prof --cpu-prof-dir=…`. */
const PROFILE = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);

/** `count` bookings of the organization, a minute apart, in large batches; `custom` values each. */
async function insertBookings(db: Db, organizationId: string, count: number, custom?: () => string) {
  for (let i = 0; i < count; i += 5000) {
    await db.transaction().execute(async (trx) => {
      for (let k = i; k < Math.min(count, i + 5000); k += 250) {
        const rows = Array.from({ length: Math.min(250, count - k) }, (_, j) => ({
          ...benchBooking(organizationId, k + j, isoTime(START + (k + j) * 60_000)),
          ...(custom ? { custom_fields: custom() } : {}),
        }));
        await trx.insertInto('bookings').values(rows).execute();
      }
    });
  }
}

/** The three venues, the 20 definitions, and an integration to ask with. */
export async function seed(db: Db, dialect: 'sqlite' | 'postgres') {
  const fields = await makeOrganization(db, 'Custom fields venue');
  const bare = await makeOrganization(db, 'Custom fields venue without them');
  const other = await makeOrganization(db, 'Custom fields, another venue');
  const admin = await makeUser(db, fields.id, { role: 'admin' });
  await db
    .insertInto('memberships')
    .values({ organization_id: bare.id, user_id: admin.id, role: 'admin', created_at: isoTime(Date.now()) })
    .execute();
  // One generator, the venue's values first and then the other's, as bench/custom-fields.ts.
  const next = random(19);
  let numbered = 0;
  await insertBookings(db, fields.id, BOOKINGS, () => {
    const values = valuesOf(next);
    if (values.some((v) => v.key === NUMBERS[0])) numbered += 1;
    return storedValues(values);
  });
  await insertBookings(db, other.id, Math.round(BOOKINGS / 10), () => storedValues(valuesOf(next)));
  await insertBookings(db, bare.id, BOOKINGS);
  const actor = staffActor({ organizationId: fields.id, userId: admin.id, role: 'admin', door: 'api' });
  const ids = new Map<string, string>();
  for (const input of fieldInputs()) {
    const field = await write({ db, clock: systemClock }, actor, createCustomField, input);
    ids.set(input.key, field.id);
  }
  const { integration, clientSecret } = await createIntegration(db, {
    organizationId: fields.id,
    name: 'Bench',
    kind: 'private',
    ownerEmail: admin.email,
  });
  if (dialect === 'postgres') await sql`vacuum (analyze)`.execute(db);
  return { fields: fields.id, bare: bare.id, ids, numbered, clientId: integration.clientId, clientSecret };
}

/**
 * Paths of pages no request of the load asks twice, so none comes from the page cache (which
 * keeps a page on its second miss): each question's pages in turn, `pages` deep, found by
 * following `links.next` from its first page. A later page is one keyset query as the first.
 */
async function distinctPages(url: string, headers: Record<string, string>, firsts: string[], pages: number) {
  const found: string[][] = [];
  for (const first of firsts) {
    const walk = [first];
    while (walk.length < pages) {
      const page = await send(`${url}${walk[walk.length - 1]}`, 'GET', headers);
      const body = JSON.parse(page.body) as { data: unknown[]; links?: { next?: string | null } };
      if (page.status !== 200 || body.data.length !== 25) {
        throw new Error(`${walk[walk.length - 1]} answered ${page.status} with ${body.data?.length} rows.`);
      }
      if (!body.links?.next) break;
      const next = new URL(body.links.next);
      walk.push(`${next.pathname}${next.search}`);
    }
    found.push(walk);
  }
  // Interleaved: the first page of each question, then the second of each, …
  const paths = Array.from({ length: pages }, (_, i) => found.flatMap((walk) => walk[i] ?? [])).flat();
  let n = 0;
  const options: autocannon.Options = {
    url: `${url}/v2/bookings`,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length]! }) }],
  };
  return { options, distinct: paths.length };
}

/** A request and its answer's status and body, however long it takes (fetch gives up at 300 s). */
function send(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
const thousands = (n: number) => n.toLocaleString('en');

/** The custom fields' rows of one database: lines of docs/performance.md, and the failed ones. */
export async function measureCustomFields(
  dialect: 'sqlite' | 'postgres',
  rows: { latency: boolean } = { latency: true },
): Promise<{ lines: string[]; failures: string[] }> {
  const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const scratch = await scratchDatabase(dialect, 'bench_fields');
  const db = scratch.handle.db;
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await migrateToLatest(scratch.handle);
    const seeding = performance.now();
    const venue = await seed(db, dialect);
    const seeded = (performance.now() - seeding) / 1000;
    server = spawn(
      process.execPath,
      [...marqueeNodeFlags(), ...PROFILE, path.resolve('dist/bench/contenders.js'), 'marquee-on'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, DATABASE_URL: '', ...scratch.env },
      },
    );
    const info = await readyInfo(server, 'marquee-on');
    const url = info.url!;
    const issued = await send(
      `${url}/oauth/token`,
      'POST',
      { 'content-type': 'application/json' },
      JSON.stringify({
        grant_type: 'client_credentials',
        client_id: venue.clientId,
        client_secret: venue.clientSecret,
      }),
    );
    const token = (JSON.parse(issued.body) as { access_token: string }).access_token;
    await db
      .updateTable('oauth_grants')
      .set({ organization_ids: JSON.stringify([venue.fields, venue.bare]) })
      .execute();

    const failures: string[] = [];
    const goals: Goal[] = [];
    const lines: string[] = [];
    // The filter's, the sort's and the page's rows (BENCH_ONLY 'custom field filter, sort and page').
    if (rows.latency) {
      const headers = (org: string) => ({ authorization: `Bearer ${token}`, 'x-api-org': org });
      // Enough distinct pages for every request of the warm-up and the rounds.
      const asked = Math.ceil(PACE.rate * (WARMUP + ROUNDS * DURATION));
      const walk = (org: string, firsts: string[]) =>
        distinctPages(url, headers(org), firsts, Math.ceil(asked / firsts.length));
      const selects = SELECTS.flatMap((s) =>
        OPTIONS.map((o) => `/v2/bookings?filter[custom_fields.${s}][eq]=${o}`),
      );
      const sorts = NUMBERS.flatMap((n) => [
        `/v2/bookings?sort=custom_fields.${n}`,
        `/v2/bookings?sort=-custom_fields.${n}`,
      ]);
      const loads = [
        {
          name: `GET /v2/bookings?filter[custom_fields.<select>][eq]=<option> (25)`,
          ...(await walk(venue.fields, selects)),
        },
        { name: `GET /v2/bookings?sort=±custom_fields.<number> (25)`, ...(await walk(venue.fields, sorts)) },
        { name: 'with', ...(await walk(venue.fields, ['/v2/bookings'])) },
        { name: 'without', ...(await walk(venue.bare, ['/v2/bookings'])) },
      ];
      for (const load of loads) {
        if (load.distinct < asked)
          throw new Error(`${load.name} — ${label}: ${load.distinct} distinct pages, not ${asked}.`);
      }
      const rounds = new Map<string, PacedResult[]>(loads.map((l) => [l.name, []]));
      for (const load of loads)
        if (WARMUP > 0) await pacedLoad(load.options, PACE.rate, PACE.connections, WARMUP);
      for (let round = 0; round < ROUNDS; round++) {
        for (const load of loads) {
          const result = await pacedLoad(load.options, PACE.rate, PACE.connections, DURATION);
          rounds.get(load.name)!.push(result);
          console.log(
            `round ${round + 1}: custom fields ${load.name} — ${label}: p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
          );
        }
      }

      const pace = `${PACE.connections} connections at ${PACE.rate}/s`;
      const venueWords = `${thousands(BOOKINGS)} bookings with 20 custom fields (and another venue's ${thousands(Math.round(BOOKINGS / 10))}), each request a page not asked before (its cursor), ${pace}`;
      const figure = (name: string, pick: (r: PacedResult) => number) => {
        const results = rounds.get(name)!;
        const verdict = judgeRow(results.map((r) => ({ answers: r.answers, statuses: r.statuses })));
        if (verdict.failed) {
          failures.push(`custom fields ${name} — ${label}: ${failureWords(verdict)}`);
          return Number.NaN;
        }
        return median(results.map(pick));
      };
      for (const load of loads.slice(0, 2)) {
        const row = `${load.name}, ${venueWords} (bench/custom-field-loads.ts) — ${label}`;
        const p99 = figure(load.name, (r) => r.p99);
        const p50 = figure(load.name, (r) => r.p50);
        goals.push({ row, measured: p99, under: 100, unit: 'ms' });
        lines.push(
          `- ${row}: p50 ${p50} ms, p99 ${p99} ms, median of ${ROUNDS} rounds (goal: p99 under 100 ms).`,
        );
      }
      const [withP50, withP99, withoutP50, withoutP99] = [
        figure('with', (r) => r.p50),
        figure('with', (r) => r.p99),
        figure('without', (r) => r.p50),
        figure('without', (r) => r.p99),
      ];
      const ratio = Math.round((withP50 / withoutP50) * 100) / 100;
      const pageRow = `GET /v2/bookings (25) on that venue with its 20 custom fields against a twin with the same bookings and none, each request a page not asked before (its cursor), ${pace} — ${label}`;
      goals.push({ row: pageRow, measured: ratio, under: 1.1, unit: '×' });
      lines.push(
        `- ${pageRow}: with the fields p50 ${withP50} ms (p99 ${withP99} ms), without p50 ${withoutP50} ms (p99 ${withoutP99} ms): ${ratio}× (goal: under 1.1×).`,
      );
    }

    // A number field becomes text over every value it holds: one PATCH, one unit of work. The
    // server closes a socket silent for 60 s (src/http/server-limits.ts) while the unit of work
    // goes on: the row waits until every value is kept as text (committed), or CHANGE_LIMIT_MS.
    // A number shown as its decimal string is the same text: no record's API value changes and
    // none is told; what the unit of work did is in the rows.
    const kept = isSqlite(db)
      ? sql<boolean>`json_type("custom_fields", '$.n0') = 'text'`
      : sql<boolean>`jsonb_typeof("custom_fields"::jsonb -> 'n0') = 'string'`;
    const keptAsText = async () =>
      Number(
        (
          await db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('organization_id', '=', venue.fields)
            .where(kept)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const fieldId = venue.ids.get(NUMBERS[0]!)!;
    const started = performance.now();
    let answeredAfter = 0;
    let converted = 0;
    const { result: changed, delay } = await withLoopDelay(info.loopProbe!, async () => {
      const answer = await send(
        `${url}/v2/custom_fields/${fieldId}`,
        'PATCH',
        {
          authorization: `Bearer ${token}`,
          'x-api-org': venue.fields,
          'content-type': 'application/vnd.api+json',
        },
        JSON.stringify({ data: { type: 'custom_fields', id: fieldId, attributes: { field_type: 'text' } } }),
      ).catch((error: Error) => ({ status: 0, body: error.message }));
      answeredAfter = (performance.now() - started) / 1000;
      for (;;) {
        converted = await keptAsText();
        if (converted >= venue.numbered || performance.now() - started > CHANGE_LIMIT_MS) return answer;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const changeRow = `A custom field's type changed, number → text, over its ${thousands(venue.numbered)} values (PATCH /v2/custom_fields/{id}) on that venue — ${label}`;
    const answered =
      changed.status === 200
        ? `200 in ${answeredAfter.toFixed(1)} s`
        : `no answer (${changed.status || changed.body} after ${answeredAfter.toFixed(1)} s)`;
    const committed =
      converted === venue.numbered
        ? `every value kept as text after ${seconds.toFixed(1)} s, one unit of work`
        : `${thousands(converted)} values kept as text after ${seconds.toFixed(1)} s (not committed; the row waits ${CHANGE_LIMIT_MS / 60_000} min at most)`;
    if (changed.status !== 200 || converted !== venue.numbered) {
      failures.push(`${changeRow}: ${answered}; ${committed}`);
    }
    goals.push({ row: `${changeRow}, the event loop`, measured: delay.max, under: 50, unit: 'ms' });
    lines.push(
      `- ${changeRow}: ${answered}; ${committed}; the server's event loop held at most ${delay.max} ms (p99 ${delay.p99} ms) meanwhile (goal: never over 50 ms). Seeded in ${seeded.toFixed(0)} s.`,
    );
    return { lines, failures: [...failures, ...missedGoals(goals)] };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await scratch.handle.close();
    await scratch.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite'];
  for (const dialect of dialects) {
    const { lines, failures } = await measureCustomFields(dialect as 'sqlite' | 'postgres');
    console.log([...lines, ...failures.map((f) => `failed: ${f}`)].join('\n'));
  }
}
